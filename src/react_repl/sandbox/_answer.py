"""What one action produced (an `Observation`), and what `stop(value)` hands back: the value
itself when it is JSON data or a well-known value type, else its repr.

Callers compare answers (a benchmark checks `42`, not `"42"`), so numbers, lists and dicts keep
their type, and so do dates, times, durations, decimals, fractions and sets of JSON data: they
cross the pipe tagged (`{TAG: "date", "value": "2026-11-27"}`) and the parent rebuilds them.
Anything else (a handle, an agent object) lives only in the worker and becomes its repr there;
the parent never sees an object it did not build itself.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

TAG = "__react_repl_answer__"
_TEXT_TYPES = (dt.date, dt.datetime, dt.time, dt.timedelta, Decimal, Fraction)

MAX_ANSWER = 1_000_000
"""Characters of an answer's text form; beyond that the text is cut and marked."""

_SCALARS = (bool, str, type(None))
_MAX_INT_BITS = 14_000
"""Beyond about 4,200 digits Python refuses to print an int (sys.get_int_max_str_digits)."""


class _NotPlain(Exception):
    """Raised inside the walk when something is not JSON data."""


def answer_value(value: Any) -> Any:
    """Worker side: the JSON-able form of `value` (a known value type tagged), or its repr
    (str), bounded to MAX_ANSWER characters."""
    try:
        plain = _plain(value, depth=0)
    except (_NotPlain, RecursionError):
        tagged = _tagged(value)
        if tagged is not None:
            return tagged
        try:  # a container with dates or sets inside: JSON with those written as text
            plain = _plain(value, depth=0, as_text=True)
        except (_NotPlain, RecursionError):
            return cap(_repr(value))
    if isinstance(plain, str):
        return cap(plain)
    if type(plain) is dict and TAG in plain:  # the agent's own dict that looks like a tag
        plain = {TAG: "dict", "value": plain}
    text = json.dumps(plain, ensure_ascii=False, separators=(",", ":"))
    return plain if len(text) <= MAX_ANSWER else cap(text)


def _tagged(value: Any) -> dict[str, Any] | None:
    """A well-known value type, exact classes only: a subclass may carry agent code."""
    kind = type(value)
    if kind in (dt.date, dt.datetime, dt.time):
        return {TAG: kind.__name__, "value": value.isoformat()}
    if kind is dt.timedelta:
        return {TAG: "timedelta", "value": [value.days, value.seconds, value.microseconds]}
    if kind in (Decimal, Fraction):
        return {TAG: kind.__name__.lower(), "value": str(value)}
    if kind in (set, frozenset):
        try:
            members = [_plain(item, depth=1) for item in value]
        except (_NotPlain, RecursionError):
            return None
        if all(type(item) in (str, int, float, bool, type(None)) for item in members):
            text = json.dumps(members, ensure_ascii=False)
            return {TAG: kind.__name__, "value": members} if len(text) <= MAX_ANSWER else None
    return None


_DECODERS: dict[str, Callable[[Any], Any]] = {
    "date": dt.date.fromisoformat,
    "datetime": dt.datetime.fromisoformat,
    "time": dt.time.fromisoformat,
    "timedelta": lambda parts: dt.timedelta(*parts),
    "decimal": Decimal,
    "fraction": Fraction,
    "set": set,
    "frozenset": frozenset,
    "dict": dict,
}


def typed_answer(wire: Any) -> Any:
    """Parent side: the value a tagged answer stands for; any other answer as it came."""
    if type(wire) is not dict or set(wire) != {TAG, "value"} or wire[TAG] not in _DECODERS:
        return wire
    try:
        return _DECODERS[wire[TAG]](wire["value"])
    except (TypeError, ValueError, ArithmeticError):  # a worker that lies: keep what it sent
        return wire


def answer_text(value: Any, separators: tuple[str, str] = (",", ":")) -> str:
    """A str answer as it is, a date, time or number as a person writes it (ISO 8601 dates,
    "1/3"), a set as a list, anything else as JSON (compact, unless `separators` say otherwise);
    dates and numbers inside containers are written the same way."""
    if isinstance(value, str):
        return value
    if isinstance(value, set | frozenset):
        value = _sorted(value)
    scalar = _scalar_text(value)
    if scalar is not None:
        return scalar
    return json.dumps(value, ensure_ascii=False, separators=separators, default=_json_default)


def answer_for_people(value: Any) -> str:
    """The `Answer:` line of the CLI: JSON with the spaces a person puts after , and :."""
    return answer_text(value, separators=(", ", ": "))


def _scalar_text(value: Any) -> str | None:
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, Decimal | Fraction | dt.timedelta):
        return str(value)
    return None


def _json_default(value: Any) -> Any:
    if isinstance(value, set | frozenset):
        return _sorted(value)
    scalar = _scalar_text(value)
    if scalar is None:
        raise TypeError(f"{type(value).__name__} is not JSON data")
    return scalar


def _sorted(members: Any) -> list[Any]:
    try:
        return sorted(members)
    except TypeError:  # mixed kinds: any order is as good
        return list(members)


def cap(text: str) -> str:
    """An answer must fit one protocol frame, even JSON-escaped; beyond that it is cut, marked."""
    if len(text) <= MAX_ANSWER:
        return text
    return text[:MAX_ANSWER] + f"[... {len(text) - MAX_ANSWER} characters truncated]"


_MAX_DEPTH = 100


def _plain(value: Any, depth: int, as_text: bool = False) -> Any:
    """Exact builtin types only: a subclass may carry behaviour (and state) JSON would drop.
    `as_text` also takes the well-known value types, as the text a person writes for them."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if as_text and kind in _TEXT_TYPES:
        return _scalar_text(value)
    if kind is int and value.bit_length() <= _MAX_INT_BITS:
        return value
    if kind is float and math.isfinite(value):  # NaN and infinity are not JSON
        return value
    if depth > _MAX_DEPTH:
        raise _NotPlain
    if kind is list or kind is tuple or (as_text and kind in (set, frozenset)):
        items = [_plain(item, depth + 1, as_text) for item in value]
        return _sorted(items) if kind in (set, frozenset) else items
    if kind is dict and all(type(key) is str for key in value):
        return {key: _plain(item, depth + 1, as_text) for key, item in value.items()}
    raise _NotPlain


def _repr(value: Any) -> str:
    if type(value) is int:  # too long to print: its size is what can be said
        return f"<int of about {int(value.bit_length() * math.log10(2)) + 1} digits>"
    try:
        return repr(value)
    except Exception:  # an agent class with a broken __repr__ still gets an answer
        return f"<{type(value).__name__} object>"


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
