"""Running a task suite against one or more models and scoring each run by its checks."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from statistics import median

from react_repl.agent import Agent, RunResult
from react_repl.bench._suite import BenchTask, Evidence

WORKSPACE_ENV = "REACT_REPL_WORKSPACE"


@dataclass(frozen=True)
class TaskOutcome:
    model: str
    task_id: str
    status: str
    passed: bool
    steps: int
    tokens: int
    seconds: float
    failures: tuple[str, ...]
    log_path: str | None


def run_suite(
    tasks: Iterable[BenchTask],
    make_agent: Callable[[dict[str, str], int | None], Agent],
    read_outbox: Callable[[Path], tuple[str, ...]],
    *,
    on_outcome: Callable[[TaskOutcome], None] | None = None,
) -> list[TaskOutcome]:
    """Each task gets a fresh, empty workspace so no task can pass on another's leftovers.

    `make_agent(env, max_steps)` builds the agent whose sandbox sees `env`.
    """
    outcomes = []
    for task in tasks:
        with tempfile.TemporaryDirectory(prefix=f"bench-{task.id}-") as folder:
            workspace = Path(folder)
            agent = make_agent({WORKSPACE_ENV: str(workspace)}, task.max_steps)
            try:
                result = agent.run(task.task)
                evidence = Evidence(_output(result), workspace, read_outbox(workspace))
                outcome = _outcome(agent.model.name, task, result, evidence)
            except Exception as error:  # one broken task must not lose the suite's results
                outcome = _crashed(agent.model.name, task, error)
        outcomes.append(outcome)
        if on_outcome:
            on_outcome(outcome)
    return outcomes


def outbox_reader(
    list_outbox_messages: Callable[..., list[dict]],
) -> Callable[[Path], tuple[str, ...]]:
    """Read the outbox through the messages API itself, pointed at the task's workspace."""

    def read(workspace: Path) -> tuple[str, ...]:
        previous = os.environ.get(WORKSPACE_ENV)
        os.environ[WORKSPACE_ENV] = str(workspace)
        try:
            return tuple(
                str(message.get("text", "")) for message in list_outbox_messages(limit=100)
            )
        finally:
            if previous is None:
                os.environ.pop(WORKSPACE_ENV, None)
            else:
                os.environ[WORKSPACE_ENV] = previous

    return read


def summary_rows(outcomes: list[TaskOutcome]) -> list[dict[str, object]]:
    """Per model: tasks passed, and the median steps and seconds of the passing runs."""
    rows = []
    for model in dict.fromkeys(outcome.model for outcome in outcomes):
        mine = [outcome for outcome in outcomes if outcome.model == model]
        passed = [outcome for outcome in mine if outcome.passed]
        rows.append(
            {
                "model": model,
                "passed": f"{len(passed)}/{len(mine)}",
                "median_steps_passed": median(o.steps for o in passed) if passed else None,
                "median_seconds": round(median(o.seconds for o in mine), 1),
                "tokens": sum(o.tokens for o in mine),
            }
        )
    return rows


def _crashed(model: str, task: BenchTask, error: Exception) -> TaskOutcome:
    return TaskOutcome(
        model=model, task_id=task.id, status="crashed", passed=False, steps=0, tokens=0,
        seconds=0.0, failures=(f"{type(error).__name__}: {error}",), log_path=None,
    )  # fmt: skip


def _output(result: RunResult) -> str:
    parts = [step.observation for step in result.steps]
    if result.answer:
        parts.append(result.answer)
    return "\n".join(parts)


def _outcome(model: str, task: BenchTask, result: RunResult, evidence: Evidence) -> TaskOutcome:
    failures = tuple(task.failed_checks(evidence))
    seconds = sum(step.duration for step in result.steps)
    return TaskOutcome(
        model=model,
        task_id=task.id,
        status=result.status.value,
        passed=result.finished and not failures,
        steps=len([s for s in result.steps if s.kind in {"step", "decompose"}]),
        tokens=result.usage.total_tokens,
        seconds=round(seconds, 1),
        failures=failures if result.finished else (f"status {result.status.value}", *failures),
        log_path=str(result.log_path) if result.log_path else None,
    )
