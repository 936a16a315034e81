"""Runs written through the real log writer, and where `react-repl view` serves them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from react_repl.logs import RunLog, StepRecord


def step(index: int, thought: str, action: str, observation: str) -> StepRecord:
    return StepRecord(index, "step", thought, action, observation, 10, 5, 0.1)


def new_run(logs_dir: Path, task: str) -> RunLog:
    return RunLog.create(logs_dir, task=task, model="scripted", settings={})


@dataclass(frozen=True)
class Served:
    url: str
    logs_dir: Path
    bench_dir: Path
