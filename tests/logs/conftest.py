"""Runs written through the real writer, shared by the reader, render and CLI tests."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from react_repl.logs import UNRECORDED, RunLog, RunParameters, StepRecord

STARTED = datetime(2026, 11, 21, 14, 5, 9, tzinfo=UTC)


def _step(
    index: int, *, kind: str = "step", action: str = "print(1)", observation: str = ""
) -> StepRecord:
    return StepRecord(
        index=index,
        kind=kind,
        thought=f"Thought number {index}.",
        action=action,
        observation=observation or f"output {index}",
        prompt_tokens=100 * index,
        completion_tokens=10 * index,
        duration=1.0,
    )


def _die(log: RunLog) -> None:
    """What the kernel does to a run log when its process is killed: close the files (which
    drops the writer's lock) without an end record."""
    log._markdown.close()
    log._jsonl.close()


@pytest.fixture
def die() -> Callable[[RunLog], None]:
    return _die


@pytest.fixture
def started() -> datetime:
    return STARTED


@pytest.fixture
def make_step() -> Callable[..., StepRecord]:
    """A small step numbered `index`; its tokens grow with the index so totals are checkable."""
    return _step


@pytest.fixture
def write_run(tmp_path: Path) -> Callable[..., RunLog]:
    """Write a run of `steps` steps into tmp_path/logs, finished with `status`.

    With `status=None` the run ends as if its process died (killed, "incomplete"), unless
    `alive`: then its writer stays open and the run is "running".
    """

    def write(
        task: str = "Print the date",
        *,
        model: str = "gpt-4",
        started: datetime = STARTED,
        steps: int = 2,
        status: str | None = "finished",
        answer: str | None = "2026-11-21",
        action: str = "print(1)",
        observation: str = "",
        error: str | None = None,
        settings: Mapping[str, Any] | None = None,
        parameters: RunParameters = UNRECORDED,
        bench_run: str | None = None,
        alive: bool = False,
    ) -> RunLog:
        log = RunLog.create(
            tmp_path / "logs",
            task=task,
            model=model,
            settings=settings or {},
            parameters=parameters,
            bench_run=bench_run,
            started=started,
        )
        for index in range(1, steps + 1):
            log.write_step(_step(index, action=action, observation=observation))
        if status is not None:
            log.finish(
                status=status, answer=answer, prompt_tokens=7, completion_tokens=3, error=error
            )
        elif not alive:
            _die(log)
        return log

    return write
