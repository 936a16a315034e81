"""What a run returns to its caller."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

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
    """How a run ended.

    `answer` is the value given to `stop()` as a value (a number stays a number, a list a list;
    anything that is not plain data arrives as its repr) and `answer_text` its text for people.
    `summary` is the model's closing summary when the run hit max steps: the partial answer a
    caller may still want. `cost` is in USD, None when the model's price is not known.
    """

    task: str
    status: Status
    answer: Any
    steps: tuple[StepRecord, ...]
    usage: Usage
    log_path: Path | None
    error: str | None = None
    answer_text: str | None = None
    summary: str | None = None
    cost: float | None = None

    @property
    def finished(self) -> bool:
        return self.status is Status.FINISHED
