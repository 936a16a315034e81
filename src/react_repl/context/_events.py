"""What a run reports while it happens, in order, for any front end (terminal, notebook, web page),
and what it returns in the end (`RunResult`, also carried by the last event).

The CLI renders nothing the events do not carry, so another front end can show the same run
without reading logs or patching the loop. Events are plain frozen dataclasses: cheap to create,
safe to hand to another thread, easy to turn into JSON.
"""

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


@dataclass(frozen=True)
class RunStarted:
    task: str
    model: str
    log_path: Path | None


@dataclass(frozen=True)
class StepStarted:
    step: int
    kind: str  # "step", "plan", "wrap_up", ...


@dataclass(frozen=True)
class TextDelta:
    """A piece of the model's reply as it is generated (already cut at stop sequences)."""

    step: int
    text: str


@dataclass(frozen=True)
class ModelRetried:
    """A model call failed and is being retried; `cause` says why, `delay` how long we wait."""

    step: int
    attempt: int
    cause: str
    delay: float


@dataclass(frozen=True)
class ActionProposed:
    """The model's THOUGHT and ACTION, parsed, before anything runs (approval happens here)."""

    step: int
    thought: str
    action: str


@dataclass(frozen=True)
class ActionReviewed:
    """What a reviewer (a person, a policy) decided about the proposed action."""

    step: int
    decision: str  # "run", "edit", "reject", "stop"
    action: str  # the code that runs (edited or not); empty when nothing runs
    reason: str = ""


@dataclass(frozen=True)
class Observed:
    """What the step's action printed, with the hints the agent added, as the model will read it."""

    step: int
    observation: str
    ok: bool
    error: str | None = None


@dataclass(frozen=True)
class StepEnded:
    step: int
    record: StepRecord


@dataclass(frozen=True)
class RunEnded:
    result: RunResult


Event = (RunStarted | StepStarted | TextDelta | ModelRetried | ActionProposed | ActionReviewed
         | Observed | StepEnded | RunEnded)  # fmt: skip


def event_name(event: Any) -> str:
    """`run_started`, `text_delta`, … — stable names for JSON streams and filters."""
    name = type(event).__name__
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")
