"""Turning what the worker reported into the Observation the model reads.

The worker is treated as untrusted here too: every field of its `done` message is checked for
type before use, so a compromised worker can at worst produce a wrong observation.
"""

from __future__ import annotations

from typing import Any

from react_repl._unicode import valid_unicode

from ._answer import Observation, typed_answer
from ._process import RunOutcome
from ._silence import MAX_QUIET, NO_OUTPUT

_LOST_NAMES_SHOWN = 30
_NAME_CHARS = 80


def finished(
    outcome: RunOutcome, max_output: int, duration: float
) -> tuple[Observation, tuple[str, ...]]:
    """The worker completed the action (with or without an exception): the observation, and
    the names the agent has defined."""
    done: dict[str, Any] = outcome.done or {}
    quiet = done.get("quiet")
    quiet_text = quiet[:MAX_QUIET] if isinstance(quiet, str) and quiet else NO_OUTPUT
    variables = done.get("variables")
    names = tuple(str(n) for n in variables) if isinstance(variables, list) else ()
    total = done.get("total")
    observation = _observation(
        outcome, max_output, duration, error=_text_or_none(done.get("error")),
        error_text=_text_or_none(done.get("error_text")),
        total=total if isinstance(total, int) else 0,
        stopped=outcome.stopped or done.get("stopped") is True, quiet=quiet_text,
    )  # fmt: skip
    return observation, names


def interrupted(
    outcome: RunOutcome, max_output: int, duration: float, timeout: float, lost: tuple[str, ...]
) -> Observation:
    """The worker was killed (timeout) or died; the namespace is gone."""
    if outcome.timed_out:
        error = "TimeoutError"
        message = f"TimeoutError: the action ran longer than {timeout:g} s and was stopped."
    else:
        error = "WorkerCrashed"
        message = f"WorkerCrashed: {outcome.failure}."
    if lost:
        message += f" The namespace was reset; these variables were lost: {_names(lost)}."
    else:
        message += " The namespace was reset (no variables were lost)."
    return _observation(
        outcome, max_output, duration, error=error, error_text=message, total=None,
        stopped=outcome.stopped, reset=True, lost=lost,
    )  # fmt: skip


def _names(lost: tuple[str, ...]) -> str:
    """Long-running agents define hundreds of names; the observation lists the first few, each
    cut to `_NAME_CHARS` (a name can be as long as the action that bound it)."""
    shown = ", ".join(_cut(name) for name in lost[:_LOST_NAMES_SHOWN])
    hidden = len(lost) - _LOST_NAMES_SHOWN
    return shown + (f" and {hidden} more" if hidden > 0 else "")


def _cut(name: str) -> str:
    return name if len(name) <= _NAME_CHARS else name[: _NAME_CHARS - 1] + "…"


def _text_or_none(value: Any) -> str | None:
    return None if value is None else str(value)


def _observation(
    outcome: RunOutcome, max_output: int, duration: float, *, error: str | None,
    error_text: str | None, total: int | None, stopped: bool, reset: bool = False,
    lost: tuple[str, ...] = (), quiet: str = NO_OUTPUT,
) -> Observation:  # fmt: skip
    """`total` is the worker's count of characters written; None when it never reported one.
    `quiet` is the text of an empty observation, as the worker wrote it (_silence.py)."""
    output = "".join(outcome.output)
    dropped = 0 if total is None else max(total - len(output), 0)
    truncated = dropped > 0 or (total is None and outcome.kept >= max_output)
    parts = [output.rstrip("\n")] if output else []
    if truncated:
        count = f"{dropped} characters" if dropped else "further output"
        parts.append(f"[... {count} truncated]")
    if error_text:
        error_text, error_cut = _within(error_text, max_output)
        truncated = truncated or error_cut
        parts.append(error_text)
    if not parts:
        parts.append("(stopped)" if stopped else quiet[:max_output])
    return Observation(
        text=valid_unicode("\n".join(parts)),
        ok=error is None and not truncated and not reset,
        error=error,
        timed_out=outcome.timed_out,
        reset=reset,
        lost_variables=lost,
        truncated=truncated,
        duration=duration,
        stopped=stopped,
        answer=typed_answer(_clean_answer(outcome.answer)) if stopped else None,
        api_calls=dict(outcome.calls),
    )


def _within(text: str, limit: int) -> tuple[str, bool]:
    """An error's text kept to the output budget, its start and its end (where the exception
    and the hint are): an API's message or a hint may quote whatever the action passed in."""
    if len(text) <= limit:
        return text, False
    head = max(limit // 2, 1)
    tail = max(limit - head, 1)
    cut = len(text) - head - tail
    return f"{text[:head]}\n[... {cut} characters of the error truncated]\n{text[-tail:]}", True


def _clean_answer(value: Any) -> Any:
    """The worker is untrusted: keep JSON data only, with every string safe to encode."""
    if isinstance(value, str):
        return valid_unicode(value)
    if isinstance(value, list):
        return [_clean_answer(item) for item in value]
    if isinstance(value, dict):
        return {valid_unicode(str(key)): _clean_answer(item) for key, item in value.items()}
    return value if isinstance(value, bool | int | float) else None
