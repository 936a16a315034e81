"""APIs that keep state from one call to the next, or promise not to change what they are given
(tests/sandbox/test_sandbox_lasting_state.py, test_sandbox_read_only_arguments.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from secret_api import Picture

_FORECASTS: dict[Any, str] = {}


def cached_forecast(city: str) -> str:
    """Caches by city, as an API in front of a slow service would: a key that lies about its
    equality, kept here, would answer for every later city it claims to equal."""
    if city not in _FORECASTS:
        _FORECASTS[city] = f"forecast for {city}"
    return _FORECASTS[city]


def kinds_received(*values: Any, **named: Any) -> list[str]:
    """The name of the type of everything it was given, containers walked (keys too)."""
    seen: list[str] = []
    pending: list[Any] = [*values, *named.values()]
    while pending:
        value = pending.pop()
        seen.append(type(value).__name__)
        if isinstance(value, dict):
            pending.extend(value.keys())
            pending.extend(value.values())
        elif isinstance(value, list | tuple | set | frozenset) or type(value).__name__ == "deque":
            pending.extend(value)
    return sorted(set(seen))


def sort_by(rows: list[Any], key: Callable[[Any], Any]) -> list[Any]:
    """Sorts with an agent key function; declared never to change what it is given."""
    return sorted(rows, key=key)


def fill_then_sort(rows: list[Any], key: Callable[[Any], Any]) -> list[Any]:
    """Declared like `sort_by`, but puts a rich object into the first row before it sorts: a
    declaration that lies."""
    rows[0]["cover"] = Picture(31)
    return sorted(rows, key=key)


def pick_first(rows: list[Any], test: Callable[[Any], bool]) -> Any:
    """The first row `test` accepts, declared read-only: returns one of the rows it was given."""
    for row in rows:
        if test(row):
            return row
    return None


__react_repl__ = {
    "sort_by": {"read_only_arguments": True},
    "fill_then_sort": {"read_only_arguments": True},
    "pick_first": {"read_only_arguments": True},
}
