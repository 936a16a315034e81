"""How often a run called a function of a service its task has nothing to do with: another
of the suite's services (the energy meters in a shop task) or the distractor pack. It measures
what `search_focus` is for in the runs themselves (docs/ablation.md, round 9).

    python benchmarks/wrong_service.py RESULTS [RESULTS ...] --suite benchmarks/suites/multistep

RESULTS is a results.jsonl file or the benchmark folder that holds it; each attempt's markdown
log (its `log_path`) is read. A task's services are the modules of the functions its reference
solution (solutions/<task id>.py) calls. Rows are per folder, arm and distractor level.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

from _run_logs import ACTION, log_file, solution_calls

from react_repl.bench import DISTRACTOR_PACK, load_suite
from react_repl.bench._apiset import base_registry, pack_registry

_CALL = re.compile(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*\(")


def called(log: str) -> set[str]:
    """Every name called in the log's actions (as run, not as proposed)."""
    return {name for action in ACTION.findall(log) for name in _CALL.findall(action)}


def task_services(solution: Path, module_of: dict[str, str]) -> set[str]:
    return {module_of[name] for name in solution_calls(solution, set(module_of))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", nargs="+", type=Path)
    parser.add_argument("--suite", type=Path, default=Path("benchmarks/suites/multistep"))
    args = parser.parse_args()
    suite = load_suite(args.suite)
    base = base_registry(suite.apis_dir, suite.builtin_apis, suite.asks_user())
    module_of = {spec.name: spec.module for spec in base.specs}
    pack = {spec.name for spec in pack_registry(DISTRACTOR_PACK).specs} - set(module_of)
    services = {
        task.id: task_services(args.suite / "solutions" / f"{task.id}.py", module_of)
        for task in suite.tasks
    }
    print("| run | arm | distractors | attempts | called another service | ... a distractor "
          "| passed |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    for folder in args.results:
        file = folder / "results.jsonl" if folder.is_dir() else folder
        counts: Counter[tuple[str, int, str]] = Counter()
        for line in file.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            log = log_file(record, file.parent)
            if record["task"] not in services or log is None:
                continue
            names = called(log.read_text(encoding="utf-8"))
            elsewhere = {n for n in names if n in module_of} - {
                n for n in names if module_of.get(n) in services[record["task"]]
            }
            row = (record["arm"], record["distractors"])
            counts[(*row, "attempts")] += 1
            counts[(*row, "elsewhere")] += bool(elsewhere or names & pack)
            counts[(*row, "pack")] += bool(names & pack)
            counts[(*row, "passed")] += record.get("outcome") == "pass"
        name = folder.name if folder.is_dir() else folder.parent.name
        for arm, level in sorted({(arm, level) for arm, level, _ in counts}):
            cells = [
                counts[(arm, level, key)] for key in ("attempts", "elsewhere", "pack", "passed")
            ]
            print(f"| {name} | {arm} | {level} | " + " | ".join(map(str, cells)) + " |")


if __name__ == "__main__":
    main()
