"""What one action produced, as the agent loop and the model see it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ._answer import answer_text


class SandboxError(Exception):
    """The sandbox cannot be set up as asked (an API that cannot be shipped, a bad option)."""


@dataclass(frozen=True)
class Observation:
    """The outcome of `Sandbox.run`.

    `text` is exactly what the model should read. The other fields let the agent loop react
    without parsing text: `ok` is False whenever an error was raised or a limit was hit.

    `answer` is what `stop(value)` was given, as JSON data: None, bool, int, float, str, and
    lists and str-keyed dicts of them (tuples become lists); or a date, datetime, time,
    timedelta, Decimal, Fraction, set or frozenset (of JSON scalars), rebuilt here. Any other
    value arrives as its repr (a str), and an answer longer than 1,000,000 characters as its cut
    text form.
    """

    text: str
    ok: bool
    error: str | None = None
    timed_out: bool = False
    reset: bool = False
    lost_variables: tuple[str, ...] = ()
    truncated: bool = False
    duration: float = 0.0
    stopped: bool = False
    answer: Any = None
    api_calls: dict[str, int] = field(default_factory=dict)
    """Calls per API and host function in this action (what the call budgets counted)."""

    @property
    def answer_text(self) -> str | None:
        """The answer as text: a str as it is, a date or number as a person writes it, anything
        else as compact JSON; None if none."""
        return None if self.answer is None else answer_text(self.answer)
