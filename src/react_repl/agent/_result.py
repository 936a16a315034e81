"""What a run returns to its caller."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from react_repl.logs import StepRecord


class Status(StrEnum):
    FINISHED = "finished"
    MAX_STEPS = "max_steps"
    ERROR = "error"
    INTERRUPTED = "interrupted"


@dataclass(frozen=True)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.prompt_tokens + other.prompt_tokens,
            self.completion_tokens + other.completion_tokens,
        )

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


@dataclass(frozen=True)
class RunResult:
    task: str
    status: Status
    answer: str | None
    steps: tuple[StepRecord, ...]
    usage: Usage
    log_path: Path | None
    error: str | None = None

    @property
    def finished(self) -> bool:
        return self.status is Status.FINISHED
