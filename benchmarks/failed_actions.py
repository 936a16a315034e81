"""What a failed action led to, per benchmark folder: the same code sent again, or a next action
that ran without error. It measures what `reflect_on_errors` is for (docs/ablation.md, round 7).
It also counts actions that repeat an earlier action that had run clean, and how many of those
were sent once more right after: what `reflect_on_repeats` is for (round 8).

    python benchmarks/failed_actions.py RESULTS [RESULTS ...]

RESULTS is a results.jsonl file or the benchmark folder that holds it; each attempt's markdown
log (its `log_path`) is read. A step counts as failed when its observation holds a traceback;
an action the reviewer sent back unrun is not counted as a next action that ran.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
from dataclasses import dataclass
from pathlib import Path

from _run_logs import ACTION

_STEP = re.compile(r"\n## Step \d+(?!: malformed)[^\n]*")
_OBSERVATION = re.compile(r"### Observation \d+\s+```\n(.*?)\n```", re.DOTALL)
_NOT_RUN = "[The action was not run"


@dataclass
class Tally:
    runs: int = 0
    failed: int = 0
    repeated: int = 0
    ran_clean: int = 0
    clean_repeats: int = 0
    clean_repeats_again: int = 0


def steps(log: str) -> list[tuple[str | None, str]]:
    """(action, observation) per step, in order; a step without a run action has None."""
    found = []
    for body in _STEP.split(log)[1:]:
        action, observation = ACTION.search(body), _OBSERVATION.search(body)
        found.append(
            (action.group(1) if action else None, observation.group(1) if observation else "")
        )
    return found


def tally(results: Path) -> Tally:
    file = results / "results.jsonl" if results.is_dir() else results
    counts = Tally()
    for line in file.read_text().splitlines():
        log = Path(json.loads(line).get("log_path") or "")
        if not log.is_file():
            continue
        counts.runs += 1
        taken = steps(log.read_text(encoding="utf-8"))
        count_clean_repeats(taken, counts)
        for (action, observation), (after, seen) in itertools.pairwise(taken):
            if action is None or "Traceback" not in observation:
                continue
            counts.failed += 1
            counts.repeated += after is not None and after.strip() == action.strip()
            counts.ran_clean += (
                after is not None and "Traceback" not in seen and not seen.startswith(_NOT_RUN)
            )
    return counts


def count_clean_repeats(taken: list[tuple[str | None, str]], counts: Tally) -> None:
    worked: set[str] = set()
    for position, (action, observation) in enumerate(taken):
        if action is None:
            continue
        code = action.strip()
        if code in worked:
            counts.clean_repeats += 1
            after = taken[position + 1][0] if position + 1 < len(taken) else None
            counts.clean_repeats_again += after is not None and after.strip() == code
        elif "Traceback" not in observation and not observation.startswith(_NOT_RUN):
            worked.add(code)


def share(part: int, whole: int) -> str:
    return f"{part} ({part / whole:.0%})" if whole else "0"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", nargs="+", type=Path)
    folders = parser.parse_args().results
    print(
        "| run | attempts | failed actions | next action the same code | next action ran clean "
        "| repeats of an action that worked | ... sent once more right after |"
    )
    print("|---|---|---|---|---|---|---|")
    for folder in folders:
        t = tally(folder)
        name = folder.name if folder.is_dir() else folder.parent.name
        repeated, clean = share(t.repeated, t.failed), share(t.ran_clean, t.failed)
        again = share(t.clean_repeats_again, t.clean_repeats)
        cells = [name, t.runs, t.failed, repeated, clean, t.clean_repeats, again]
        print("| " + " | ".join(str(cell) for cell in cells) + " |")


if __name__ == "__main__":
    main()
