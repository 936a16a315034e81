"""Retrieval quality of `method_search`, measured exactly the way a user runs it.

    python benchmarks/retrieval.py [--data DIR]

Each dev set is written as API modules (see `_eval_data.py`), indexed with
`react-repl index build --apis DIR` and queried with `react-repl search - --json --k 10`, both real
subprocesses with a fresh index folder. As a user runs it, the built-in APIs are indexed too and
compete with the set's (a hit on a built-in counts as a miss, except where a built-in has the
very name of a relevant API: the registry keeps the built-in, and the agent calls that name).
The same is measured with the set alone (a project without built-in APIs). Prints R@1, R@5, R@10,
NDCG@10 and COMP@5 (percent) next to the dev sets' reference BM25 and MiniLM rows (computed on the
sets alone), and whether the default search is ahead of both on R@5 and NDCG@10 (a tie at 100
counts as not behind).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import click
from _eval_data import DATA_DIR, SETS, Scores, load_set, score, write_modules

REFERENCE = {
    ("bfcl_multiturn", "reference BM25"): Scores(45.9, 74.5, 84.3, 69.2, 64.8),
    ("bfcl_multiturn", "reference MiniLM"): Scores(53.8, 81.9, 90.0, 77.3, 71.8),
    ("apibank", "reference BM25"): Scores(38.0, 54.0, 76.0, 53.8, 54.0),
    ("apibank", "reference MiniLM"): Scores(74.0, 100.0, 100.0, 88.3, 100.0),
}
REACT_REPL = str(Path(sys.executable).with_name("react-repl"))


def _environment(home: Path | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REACT_REPL_")}
    alone = {"REACT_REPL_HOME": str(home), "REACT_REPL_BUILTIN_APIS": ""} if home else {}
    return env | {"HF_HUB_OFFLINE": "1"} | alone


def measure(set_name: str, data_dir: Path, work: Path, builtins: bool) -> tuple[Scores, float]:
    """The CLI's scores on one set, and the seconds `react-repl index build` took."""
    dev_set = load_set(set_name, data_dir)
    api_ids = write_modules(dev_set, work / "apis")
    (work / "home").mkdir()
    env = _environment(None if builtins else work / "home")
    index = ["--index", str(work / "index")]
    started = time.perf_counter()
    build = subprocess.run(
        [REACT_REPL, "index", "build", "--apis", str(work / "apis"), *index],
        capture_output=True,
        text=True,
        env=env,
    )
    seconds = time.perf_counter() - started
    if build.returncode != 0 or (not builtins and build.stderr.strip()):
        sys.exit(f"index build failed or skipped APIs:\n{build.stderr}")
    queries = "".join(" ".join(query.text.split()) + "\n" for query in dev_set.queries)
    search = subprocess.run(
        [REACT_REPL, "search", "-", "--json", "--k", "10", *index],
        input=queries,
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    rankings = [
        [api_ids.get(hit["name"], "built-in") for hit in json.loads(line)]
        for line in search.stdout.splitlines()
    ]
    return score(rankings, dev_set.queries), seconds


def _ahead(ours: Scores, set_name: str) -> bool:
    references = [s for (name, _), s in REFERENCE.items() if name == set_name]
    return all(
        (ours.r5 > ref.r5 or ours.r5 == ref.r5 == 100.0) and ours.ndcg10 > ref.ndcg10
        for ref in references
    )


@click.command()
@click.option("--data", "data_dir", type=click.Path(path_type=Path), default=DATA_DIR)
def main(data_dir: Path) -> None:
    started = time.perf_counter()
    print("| set | method | R@1 | R@5 | R@10 | NDCG@10 | COMP@5 |")
    print("|---|---|---|---|---|---|---|")
    verdicts = []
    for set_name in SETS:
        rows = {label: s for (name, label), s in REFERENCE.items() if name == set_name}
        for builtins, label in ((True, "with the built-in APIs"), (False, "the set alone")):
            with tempfile.TemporaryDirectory() as work:
                ours, seconds = measure(set_name, data_dir, Path(work), builtins)
            rows[f"react-repl search, {label}"] = ours
            verdicts.append(
                f"{set_name}, {label}: ahead of both references on R@5 and NDCG@10: "
                f"{'yes' if _ahead(ours, set_name) else 'NO'} (index build {seconds:.1f} s)"
            )
        for label, s in rows.items():
            cells = " | ".join(f"{v:.1f}" for v in (s.r1, s.r5, s.r10, s.ndcg10, s.comp5))
            print(f"| {set_name} | {label} | {cells} |")
    print("", *verdicts, f"({time.perf_counter() - started:.0f} s)", sep="\n")


if __name__ == "__main__":
    main()
