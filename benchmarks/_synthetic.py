"""Synthetic but realistic API specs for the index benchmark: unique names, short docstrings."""

from __future__ import annotations

import hashlib
import itertools
from pathlib import Path

from react_repl.registry import ApiSpec, ParamDoc

_VERBS_TEXT = (
    "get list create update delete find count export import archive restore validate merge "
    "split sort filter rename copy move share lock unlock schedule cancel approve reject sync "
    "download upload convert summarize translate tag untag publish preview compare estimate "
    "forecast"
)
VERBS = _VERBS_TEXT.split()
_NOUNS_TEXT = (
    "invoice order customer ticket file folder image report contact meeting event task "
    "project user group message email note comment review payment refund shipment product "
    "price stock account budget expense receipt booking flight hotel car route playlist song "
    "video photo album document spreadsheet chart backup log alert device sensor reading "
    "recipe workout dataset model job queue"
)
NOUNS = _NOUNS_TEXT.split()
_DOMAINS_TEXT = (
    "sales support finance hr travel music media health fitness iot cloud crm erp legal "
    "retail warehouse school library garden kitchen weather energy bank insurance logistics "
    "marketing security network games news social calendar maps photos tasks notes chat mail "
    "docs drive forms sheets slides video voice home car pet kids office lab"
)
DOMAINS = _DOMAINS_TEXT.split()
MODULE_SIZE = 20


def synthetic_specs(count: int, offset: int = 0) -> list[ApiSpec]:
    """`count` specs in modules of MODULE_SIZE; names never repeat across calls with offsets."""
    combos = itertools.islice(itertools.product(DOMAINS, NOUNS, VERBS), offset, offset + count)
    specs = []
    for number, (domain, noun, verb) in enumerate(combos, start=offset):
        module = f"synthetic_{domain}_{number // MODULE_SIZE:05d}"
        name = f"{domain}_{verb}_{noun}"
        specs.append(
            ApiSpec(
                name=name,
                qualname=name,
                module=module,
                source_file=f"{module}.py",
                line=1 + number % MODULE_SIZE,
                signature=f"{name}({noun}_id: str, limit: int = 10) -> dict",
                summary=f"{verb.capitalize()} the {noun} records of the {domain} service.",
                description="",
                params=(
                    ParamDoc(f"{noun}_id", "str", None, f"Identifier of the {noun}."),
                    ParamDoc("limit", "int", "10", "Largest number of results to return."),
                ),
                returns="dict",
                raises=(),
                tags=(),
                module_hash=hashlib.sha256(module.encode()).hexdigest(),
            )
        )
    return specs


def write_synthetic_modules(specs: list[ApiSpec], folder: Path) -> None:
    """The specs as real documented functions, one file per module, for the CLI build path."""
    folder.mkdir(parents=True, exist_ok=True)
    modules: dict[str, list[str]] = {}
    for spec in specs:
        param = spec.params[0]
        modules.setdefault(spec.module, []).append(
            f"def {spec.signature}:\n"
            f'    """{spec.summary}\n\n'
            f"    Args:\n"
            f"        {param.name}: {param.description}\n"
            f"        limit: {spec.params[1].description}\n"
            f'    """\n'
        )
    for module, functions in modules.items():
        (folder / f"{module}.py").write_text("\n\n".join(functions))
