"""What `stop(value)` hands back: the value itself when it is JSON data, else its repr.

Callers compare answers (a benchmark checks `42`, not `"42"`), so numbers, lists and dicts keep
their type. Anything else (a handle, an agent object, a set) lives only in the worker and
becomes its repr there; the parent never sees an object, only JSON.
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_ANSWER = 1_000_000
"""Characters of an answer's text form; beyond that the text is cut and marked."""

_SCALARS = (bool, str, type(None))
_MAX_INT_BITS = 14_000
"""Beyond about 4,200 digits Python refuses to print an int (sys.get_int_max_str_digits)."""


class _NotPlain(Exception):
    """Raised inside the walk when something is not JSON data."""


def answer_value(value: Any) -> Any:
    """The JSON-able form of `value`, or its repr (str), bounded to MAX_ANSWER characters."""
    try:
        plain = _plain(value, depth=0)
    except (_NotPlain, RecursionError):
        return cap(_repr(value))
    if isinstance(plain, str):
        return cap(plain)
    text = answer_text(plain)
    return plain if len(text) <= MAX_ANSWER else cap(text)


def is_plain_data(value: Any) -> bool:
    """JSON data of exact builtin types, so that its repr runs no code an agent defined."""
    try:
        _plain(value, depth=0)
    except (_NotPlain, RecursionError):
        return False
    return True


def answer_text(value: Any) -> str:
    """A str answer as it is; any other JSON value as compact JSON."""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def cap(text: str) -> str:
    """An answer must fit one protocol frame, even JSON-escaped; beyond that it is cut, marked."""
    if len(text) <= MAX_ANSWER:
        return text
    return text[:MAX_ANSWER] + f"[... {len(text) - MAX_ANSWER} characters truncated]"


_MAX_DEPTH = 100


def _plain(value: Any, depth: int) -> Any:
    """Exact builtin types only: a subclass may carry behaviour (and state) JSON would drop."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is int and value.bit_length() <= _MAX_INT_BITS:
        return value
    if kind is float and math.isfinite(value):  # NaN and infinity are not JSON
        return value
    if depth > _MAX_DEPTH:
        raise _NotPlain
    if kind is list or kind is tuple:
        return [_plain(item, depth + 1) for item in value]
    if kind is dict and all(type(key) is str for key in value):
        return {key: _plain(item, depth + 1) for key, item in value.items()}
    raise _NotPlain


def _repr(value: Any) -> str:
    if type(value) is int:  # too long to print: its size is what can be said
        return f"<int of about {int(value.bit_length() * math.log10(2)) + 1} digits>"
    try:
        return repr(value)
    except Exception:  # an agent class with a broken __repr__ still gets an answer
        return f"<{type(value).__name__} object>"
