"""The values a run log is made of, shared by the writer, the reader and the agent."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

STEP_KINDS = ("step", "decompose", "reminder", "wrap_up", "plan", "critic", "validation")
TURN_KINDS = frozenset({"step", "decompose", "reminder"})
"""The kinds of record that are the agent's numbered steps, the ones max_steps counts; a plan,
a critic's or a progress check and the wrap-up at max steps are model calls around them."""
END_STATUSES = ("finished", "max_steps", "error", "interrupted")
INCOMPLETE = "incomplete"
"""Status of a run whose log has no end record: the process was killed before `finish()`."""
RUNNING = "running"
"""Status shown for a run without an end record whose writer is still alive."""


def steps_taken(records: Iterable[tuple[str, object]]) -> int:
    """How many steps the (kind, index) records cover: a step's reminders share its number and
    the extra calls count for none, so a run stopped at --max-steps 1 took 1 step, not 2."""
    return len({index for kind, index in records if kind in TURN_KINDS})


@dataclass(frozen=True)
class StepRecord:
    """One model turn and what the sandbox made of it.

    `kind` tells a reader why the turn happened: "decompose" is the planning first step,
    "reminder" a malformed reply answered with a reminder (the reminder is the observation),
    "wrap_up" the last turn forced at max steps, "plan" a planning call, "critic" a critic's
    check and "validation" a progress check, which ran no action.
    `raw_reply` is kept in the JSONL twin only, for debugging parsers, because the markdown
    already shows what was parsed out of it. `proposed_action` is the model's code when a
    reviewer edited it (`action` is what ran); `review` says what a reviewer decided;
    `retries` holds the cause of each failed model call this step survived.
    """

    index: int
    kind: str
    thought: str
    action: str
    observation: str
    prompt_tokens: int
    completion_tokens: int
    duration: float
    model_seconds: float = 0.0
    sandbox_seconds: float = 0.0
    raw_reply: str = ""
    proposed_action: str = ""
    review: str = ""
    retries: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in STEP_KINDS:
            raise ValueError(f"unknown step kind {self.kind!r}; expected one of {STEP_KINDS}")


@dataclass(frozen=True)
class RunSummary:
    """What `react-repl logs list` shows about a run, as the index holds it.

    `short_id` is the shortest prefix of the run's hash that no other run in its logs folder
    shares (7 characters or more); `show` and `export` accept it as well as the full id.
    """

    id: str
    path: Path
    task: str
    model: str
    status: str
    started: datetime
    steps: int
    answer: str | None
    prompt_tokens: int
    completion_tokens: int
    bench_run: str | None
    short_id: str
    cost: float | None = None  # USD; None when the run recorded no price for its model


@dataclass(frozen=True)
class RunDetail:
    """A whole run as its JSONL twin holds it, for `logs show --json` and scripts."""

    summary: RunSummary
    header: dict[str, Any]
    steps: list[dict[str, Any]]
    end: dict[str, Any] | None
