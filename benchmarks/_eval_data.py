"""The retrieval dev sets as API modules written the way users write them.

Each record becomes a documented Python function or static method in a generated module, which the
CLI then indexes like any user module (`react-repl index build --apis DIR`):
- BFCL: one module per class; the class's description is the module docstring and each API is a
  static method of the class, with the record's own (Google-style) docstring.
- API-Bank: one module per API file, as in the source repository; each function's docstring is
  written in Google, NumPy or reST style (chosen by a stable hash of the name), so all three
  docstring parsers are on the measured path.
"""

from __future__ import annotations

import json
import math
import re
import textwrap
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

DATA_DIR = Path("/work/shared/eval/retrieval")
SETS = ("bfcl_multiturn", "apibank")
_IMPORTS = (
    "from __future__ import annotations\n\n"
    "from typing import Any, Dict, List, Optional, Tuple, Union\n"
)
DOCSTRING_STYLES = ("google", "numpy", "rest")


@dataclass(frozen=True)
class Query:
    text: str
    relevant: frozenset[str]


@dataclass(frozen=True)
class DevSet:
    name: str
    apis: list[dict]
    queries: list[Query]


def load_set(name: str, data_dir: Path = DATA_DIR) -> DevSet:
    def lines(prefix: str) -> list[dict]:
        path = data_dir / f"{prefix}_{name}.jsonl"
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]

    queries = [Query(q["query"], frozenset(q["relevant_api_ids"])) for q in lines("retrieval")]
    return DevSet(name, lines("apis"), queries)


def _quoted(text: str, indent: str) -> str:
    body = text.strip().replace("\\", "\\\\").replace('"""', "'''")
    return f'{indent}"""\n{textwrap.indent(body, indent)}\n{indent}"""\n'


def _docstring(api: dict, style: str) -> str:
    params = [
        (n, p.get("type", "Any"), p["description"]) for n, p in api["input_parameters"].items()
    ]
    outputs = "; ".join(f"{n}: {p['description']}" for n, p in api["output_parameters"].items())
    parts = [api["description"]]
    if style == "google":
        if params:
            parts.append("Args:\n" + "\n".join(f"    {n} ({t}): {d}" for n, t, d in params))
        if outputs:
            parts.append(f"Returns:\n    dict: {outputs}")
    elif style == "numpy":
        if params:
            entries = "\n".join(f"{n} : {t}\n    {d}" for n, t, d in params)
            parts.append(f"Parameters\n----------\n{entries}")
        if outputs:
            parts.append(f"Returns\n-------\ndict\n    {outputs}")
    else:
        fields = [f":param {n}: {d}\n:type {n}: {t}" for n, t, d in params]
        fields += [f":returns: {outputs}"] if outputs else []
        if fields:
            parts.append("\n".join(fields))
    return "\n\n".join(parts)


def docstring_style(name: str) -> str:
    return DOCSTRING_STYLES[zlib.crc32(name.encode()) % len(DOCSTRING_STYLES)]


def _signature(api: dict) -> str:
    return api["signature"] if "->" in api["signature"] else api["signature"] + " -> dict"


def _function(api: dict) -> str:
    doc = _docstring(api, docstring_style(api["name"]))
    return f"def {_signature(api)}:\n{_quoted(doc, '    ')}    raise NotImplementedError\n"


def _static_method(api: dict) -> str:
    return (
        f"    @staticmethod\n    def {_signature(api)}:\n{_quoted(api['docstring'], ' ' * 8)}"
        "        raise NotImplementedError\n"
    )


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def _class_module(owner: str, apis: list[dict]) -> str:
    description = apis[0]["description"].split(" Tool description:")[0]
    methods = "\n".join(_static_method(api) for api in apis)
    first_sentence = description.split(". ")[0].rstrip(".") + "."
    return (
        f"{_quoted(description, '')}\n{_IMPORTS}\n\nclass {owner}:\n"
        f"{_quoted(first_sentence, '    ')}\n{methods}"
    )


def write_modules(dev_set: DevSet, folder: Path) -> dict[str, str]:
    """Write the set as API modules into `folder`; returns API name -> api_id."""
    folder.mkdir(parents=True, exist_ok=True)
    classes: dict[str, list[dict]] = {}
    for api in dev_set.apis:
        if "class" in api:
            classes.setdefault(api["class"], []).append(api)
        else:
            module = Path(api.get("source_file") or _snake(api["name"])).stem
            (folder / f"{module}.py").write_text(f"{_IMPORTS}\n\n{_function(api)}")
    for owner, apis in classes.items():
        (folder / f"{_snake(owner)}.py").write_text(_class_module(owner, apis))
    return {api["name"]: api["api_id"] for api in dev_set.apis}


@dataclass(frozen=True)
class Scores:
    r1: float
    r5: float
    r10: float
    ndcg10: float
    comp5: float


def score(rankings: Sequence[Sequence[str]], queries: Sequence[Query]) -> Scores:
    """Percent. R@k is the fraction of a query's relevant APIs in the top k (the README's
    definition: it reproduces the reference rows), COMP@k whether all of them are."""
    totals = [0.0] * 5
    for ranked, query in zip(rankings, queries, strict=True):
        found = [api in query.relevant for api in ranked]
        recall = [sum(found[:k]) / len(query.relevant) for k in (1, 5, 10)]
        dcg = sum(1 / math.log2(i + 2) for i, hit in enumerate(found[:10]) if hit)
        ideal = sum(1 / math.log2(i + 2) for i in range(min(10, len(query.relevant))))
        complete = float(sum(found[:5]) == len(query.relevant))
        for i, value in enumerate([*recall, dcg / ideal, complete]):
            totals[i] += value
    return Scores(*(100 * total / len(queries) for total in totals))
