"""The ablation table of docs/ablation.md, from `react-repl bench` results files.

Each row is one column of a benchmark (model × arm × distractor level): success, mean steps,
tokens, malformed replies and time. Malformed replies are read from the attempt records, or, for
results written before records carried them, counted in each attempt's JSONL run log (a reply
without an action is logged as a step of kind "reminder").

    python benchmarks/ablation.py RESULTS [RESULTS ...]

RESULTS is a results.jsonl file or the benchmark folder that holds it.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

TURNS = {"step", "decompose", "reminder"}


def read_records(paths: Iterable[Path]) -> list[dict]:
    records = []
    for path in paths:
        file = path / "results.jsonl" if path.is_dir() else path
        records += [json.loads(line) for line in file.read_text().splitlines() if line.strip()]
    return records


def replies_of(record: dict) -> tuple[int, int]:
    """(replies, malformed) of one attempt, from its record or else its JSONL log."""
    if "replies" in record:
        return record["replies"], record["malformed_replies"]
    log = Path(record["log_path"] or "").with_suffix(".jsonl")
    if not log.is_file():
        return 0, 0
    kinds = [json.loads(line).get("kind") for line in log.read_text().splitlines() if line]
    return sum(kind in TURNS for kind in kinds), kinds.count("reminder")


def rows(records: list[dict]) -> list[list[str]]:
    columns: dict[tuple[str, str, int], list[dict]] = defaultdict(list)
    for record in records:
        columns[(record["model"], record["arm"], record["distractors"])].append(record)
    table = []
    for (model, arm, distractors), group in sorted(columns.items()):
        passed = sum(record["outcome"] == "pass" for record in group)
        replies = [replies_of(record) for record in group]
        total, malformed = sum(r for r, _ in replies), sum(m for _, m in replies)
        table.append(
            [
                model,
                arm,
                str(distractors),
                f"{passed}/{len(group)} ({passed / len(group):.0%})",
                f"{statistics.mean(record['steps'] for record in group):.1f}",
                f"{statistics.mean(record['prompt_tokens'] for record in group):,.0f}",
                f"{statistics.mean(record['completion_tokens'] for record in group):,.0f}",
                f"{malformed}/{total} ({malformed / total:.0%})" if total else "–",
                f"{sum(record['outcome'] == 'mistake' for record in group)}",
                f"{statistics.mean(record['wall_seconds'] for record in group):.0f} s",
            ]
        )
    return table


HEADER = [
    "model", "arm", "distractors", "success", "mean steps", "prompt tokens / attempt",
    "completion tokens / attempt", "malformed replies", "finished wrong", "mean time",
]  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+", type=Path)
    args = parser.parse_args()
    table = rows(read_records(args.results))
    print("| " + " | ".join(HEADER) + " |")
    print("|" + "---|" * len(HEADER))
    for row in table:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
