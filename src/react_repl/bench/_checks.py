"""Every check of one attempt, in one place: answer, regex, state checks, collateral damage."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from datetime import date
from typing import Any

from react_repl.bench._answers import check_answer, check_regex
from react_repl.bench._placeholders import expand
from react_repl.bench._snapshot import forbidden_changes
from react_repl.bench._state import CheckWorld, load_checks, run_state_check
from react_repl.bench._suite import StateCheckRef, Suite, Task


@dataclass(frozen=True)
class CheckResult:
    kind: str  # "answer", "regex", "state" or "collateral"
    name: str
    passed: bool
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def expanded(task: Task, today: date) -> Task:
    """The task as this attempt sees it: placeholders filled in with the day it started."""
    return replace(
        task,
        task=expand(task.task, today),
        answer=expand(task.answer, today),
        answer_regex=expand(task.answer_regex, today, regex=True),
        state=tuple(StateCheckRef(r.name, expand(dict(r.arguments), today)) for r in task.state),
    )


def run_checks(suite: Suite, task: Task, world: CheckWorld) -> list[CheckResult]:
    """Results of every check the task declares, plus collateral damage, in a stable order."""
    results = []
    if task.has_answer:
        detail = check_answer(task, task.answer, world.answer)
        results.append(CheckResult("answer", "answer", not detail, detail))
    if task.answer_regex is not None:
        detail = check_regex(task.answer_regex, world.answer, task.case_sensitive)
        results.append(CheckResult("regex", "answer_regex", not detail, detail))
    if task.state:
        checks = load_checks(suite.checks_file) if suite.checks_file else {}
        for ref in task.state:
            passed, detail = run_state_check(checks[ref.name], world, ref.arguments)
            results.append(CheckResult("state", ref.label(), passed, detail))
    forbidden = forbidden_changes(world.changes, task.may_change)
    detail = f"changed without being asked: {', '.join(forbidden)}" if forbidden else ""
    results.append(CheckResult("collateral", "collateral", not forbidden, detail))
    return results
