"""APIs that fill what the agent passed, then start agent code: that code must not find the
rich object they put there (tests/sandbox/test_sandbox_crossing_hooks.py)."""

from __future__ import annotations

from collections.abc import Callable

from secret_api import Picture


def fill_then_call(holder: list, callback: Callable[[], object]) -> None:
    """Appends a rich object to `holder`, then calls `callback` with nothing."""
    holder.append(Picture(3))
    callback()


def fill_then_call_with(holder: dict, callback: Callable[[int], object]) -> None:
    """Puts a rich object into `holder`, then calls `callback` with a number."""
    holder["cover"] = Picture(3)
    callback(1)


def fill_then_make(holder: list, kind: type) -> object:
    """Appends a rich object to `holder`, then builds an instance of `kind`."""
    holder.append(Picture(3))
    return kind()


def fill_around_calls(rows: list, callback: Callable[[], object]) -> None:
    """Calls `callback` once per row, putting a rich object into that row first: only the
    first call finds everything new, the later ones what changed since the one before."""
    for number, row in enumerate(rows):
        row["cover"] = Picture(number)
        callback()
