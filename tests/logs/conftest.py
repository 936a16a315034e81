"""Runs written through the real writer, shared by the reader, render and CLI tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from react_repl.logs import RunLog, StepRecord

STARTED = datetime(2026, 11, 21, 14, 5, 9, tzinfo=UTC)


def _step(index: int, *, kind: str = "step", action: str = "print(1)") -> StepRecord:
    return StepRecord(
        index=index,
        kind=kind,
        thought=f"Thought number {index}.",
        action=action,
        observation=f"output {index}",
        prompt_tokens=100 * index,
        completion_tokens=10 * index,
        duration=1.0,
    )


@pytest.fixture
def started() -> datetime:
    return STARTED


@pytest.fixture
def make_step() -> Callable[..., StepRecord]:
    """A small step numbered `index`; its tokens grow with the index so totals are checkable."""
    return _step


@pytest.fixture
def write_run(tmp_path: Path) -> Callable[..., RunLog]:
    """Write a run of `steps` steps into tmp_path/logs, finished with `status` unless it is None."""

    def write(
        task: str = "Print the date",
        *,
        model: str = "gpt-4",
        started: datetime = STARTED,
        steps: int = 2,
        status: str | None = "finished",
        answer: str | None = "2026-11-21",
        action: str = "print(1)",
    ) -> RunLog:
        log = RunLog.create(
            tmp_path / "logs", task=task, model=model, settings={}, started=started, durable=False
        )
        for index in range(1, steps + 1):
            log.write_step(_step(index, action=action))
        if status is not None:
            log.finish(status=status, answer=answer, prompt_tokens=7, completion_tokens=3)
        return log

    return write
