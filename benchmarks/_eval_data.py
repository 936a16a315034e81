"""The retrieval dev sets as real API modules, so the benchmark measures the real code path.

Each API record becomes a documented Python function (its signature, a Google-style docstring) in
a generated module, one module per BFCL class and one for API-Bank, which the registry then
discovers like any user module.
"""

from __future__ import annotations

import json
import math
import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

DATA_DIR = Path("/work/shared/eval/retrieval")
SETS = ("bfcl_multiturn", "apibank")
_HEADER = (
    "from __future__ import annotations\n\n"
    "from typing import Any, Dict, List, Optional, Tuple, Union  # noqa: F401\n\n\n"
)


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


def _docstring(api: dict) -> str:
    if "docstring" in api:
        summary, _, sections = api["docstring"].partition("\n\n")
        blurb = api["description"].split(" Tool description:")[0]
        return f"{summary}\n\n{blurb}\n\n{sections}".strip()
    args = [f"    {n}: {p['description']}" for n, p in api["input_parameters"].items()]
    outputs = "; ".join(f"{n}: {p['description']}" for n, p in api["output_parameters"].items())
    parts = [api["description"]]
    if args:
        parts.append("Args:\n" + "\n".join(args))
    if outputs:
        parts.append(f"Returns:\n    {outputs}")
    return "\n\n".join(parts)


def _function_source(api: dict) -> str:
    signature = api["signature"] if "->" in api["signature"] else api["signature"] + " -> dict"
    doc = textwrap.indent(_docstring(api).replace("\\", "\\\\").replace('"""', "'''"), "    ")
    return f'def {signature}:\n    """\n{doc}\n    """\n    raise NotImplementedError\n'


def _module_name(api: dict, set_name: str) -> str:
    owner = api.get("class") or set_name
    return re.sub(r"(?<!^)(?=[A-Z])", "_", owner).lower().replace("__", "_")


def write_modules(dev_set: DevSet, folder: Path) -> dict[str, str]:
    """Write one module per API group into `folder`; returns function name -> api_id."""
    folder.mkdir(parents=True, exist_ok=True)
    groups: dict[str, list[dict]] = {}
    for api in dev_set.apis:
        groups.setdefault(_module_name(api, dev_set.name), []).append(api)
    for module, apis in groups.items():
        body = "\n\n".join(_function_source(api) for api in apis)
        (folder / f"{module}.py").write_text(_HEADER + body)
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
