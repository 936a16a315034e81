"""Retrieval quality of `MethodIndex` on the dev sets, through the real registry and index.

    python benchmarks/retrieval.py [--data DIR]

Prints R@1, R@5, R@10, NDCG@10 and COMP@5 (percent) for each set and each retriever, next to
the reference rows of the dev sets' README.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import click
from _eval_data import DATA_DIR, SETS, Scores, load_set, score, write_modules

from react_repl.index import MethodIndex
from react_repl.registry import ApiRegistry

REFERENCE = {
    ("bfcl_multiturn", "README bm25"): Scores(45.9, 74.5, 84.3, 69.2, 64.8),
    ("bfcl_multiturn", "README minilm"): Scores(53.8, 81.9, 90.0, 77.3, 71.8),
    ("apibank", "README bm25"): Scores(38.0, 54.0, 76.0, 53.8, 54.0),
    ("apibank", "README minilm"): Scores(74.0, 100.0, 100.0, 88.3, 100.0),
}
MODES = {"bm25": "lexical", "dense": "dense", "hybrid": "hybrid"}


def evaluate(set_name: str, data_dir: Path, work: Path) -> dict[str, Scores]:
    dev_set = load_set(set_name, data_dir)
    api_ids = write_modules(dev_set, work / "apis" / set_name)
    registry = ApiRegistry.discover([work / "apis" / set_name], builtin=False, entry_points=False)
    if registry.problems:
        sys.exit("\n".join(str(problem) for problem in registry.problems))
    index = MethodIndex.open(work / "index" / set_name)
    index.build(registry)
    results = {}
    for label, mode in MODES.items():
        rankings = [
            [api_ids[hit.name] for hit in index.search(query.text, k=10, mode=mode)]
            for query in dev_set.queries
        ]
        results[label] = score(rankings, dev_set.queries)
    return results


@click.command()
@click.option("--data", "data_dir", type=click.Path(path_type=Path), default=DATA_DIR)
def main(data_dir: Path) -> None:
    started = time.perf_counter()
    print("| set | method | R@1 | R@5 | R@10 | NDCG@10 | COMP@5 |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for set_name in SETS:
            rows = {**{k[1]: v for k, v in REFERENCE.items() if k[0] == set_name}}
            rows.update(evaluate(set_name, data_dir, Path(work)))
            for label, s in rows.items():
                cells = " | ".join(f"{v:.1f}" for v in (s.r1, s.r5, s.r10, s.ndcg10, s.comp5))
                print(f"| {set_name} | {label} | {cells} |")
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
