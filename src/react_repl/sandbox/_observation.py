"""What one action produced, as the agent loop and the model see it."""

from __future__ import annotations

from dataclasses import dataclass


class SandboxError(Exception):
    """The sandbox cannot be set up as asked (an API that cannot be shipped, a bad option)."""


@dataclass(frozen=True)
class Observation:
    """The outcome of `Sandbox.run`.

    `text` is exactly what the model should read. The other fields let the agent loop react
    without parsing text: `ok` is False whenever an error was raised or a limit was hit.
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
    answer: str | None = None
