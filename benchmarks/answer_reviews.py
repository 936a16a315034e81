"""What the answer checks did in a bench run, and what came of it: how many attempts had an
answer sent back for its form (`answer_form_check`) or for coming from no API call
(`grounded_answers`), how many answered at their very last step (what `step_budget_notes`
asks for), and how many of each passed (docs/ablation.md, round 10).

    python benchmarks/answer_reviews.py RESULTS [RESULTS ...] --suite benchmarks/suites/multistep

RESULTS is a results.jsonl file or the benchmark folder that holds it; each attempt's markdown
log (its `log_path`) is read. Rows are per folder, arm and distractor level; a cell reads
"attempts (passed)".
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from _run_logs import log_file

from react_repl.bench import load_suite

FORM_SENT_BACK = ("[The answer was not accepted: the task asks for", "[The answer was not "
                  "accepted: the answer says something was not found")  # fmt: skip
UNGROUNDED_SENT_BACK = "[The answer was not accepted: no API function has been called"
KINDS = ("attempts", "form sent back", "no-API answer sent back", "answered at the last step")


def kinds_of(record: dict, log: str, max_steps: int) -> list[str]:
    kinds = ["attempts"]
    if any(marker in log for marker in FORM_SENT_BACK):
        kinds.append("form sent back")
    if UNGROUNDED_SENT_BACK in log:
        kinds.append("no-API answer sent back")
    if record["status"] == "finished" and record["steps"] == max_steps:
        kinds.append("answered at the last step")
    return kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", nargs="+", type=Path)
    parser.add_argument("--suite", type=Path, default=Path("benchmarks/suites/multistep"))
    args = parser.parse_args()
    suite = load_suite(args.suite)
    budget = {task.id: task.max_steps or suite.max_steps or 20 for task in suite.tasks}
    print("| run | arm | distractors | " + " | ".join(KINDS) + " |")
    print("|---|---|---|" + "---|" * len(KINDS))
    for folder in args.results:
        file = folder / "results.jsonl" if folder.is_dir() else folder
        counts: Counter[tuple[str, int, str, bool]] = Counter()
        for line in file.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            log = log_file(record, file.parent)
            if record["task"] not in budget or log is None:
                continue
            text = log.read_text(encoding="utf-8")
            passed = record.get("outcome") == "pass"
            for kind in kinds_of(record, text, budget[record["task"]]):
                counts[(record["arm"], record["distractors"], kind, passed)] += 1
        name = folder.name if folder.is_dir() else folder.parent.name
        for arm, level in sorted({(arm, level) for arm, level, _, _ in counts}):
            cells = [
                f"{counts[(arm, level, k, True)] + counts[(arm, level, k, False)]} "
                f"({counts[(arm, level, k, True)]})"
                for k in KINDS
            ]
            print(f"| {name} | {arm} | {level} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
