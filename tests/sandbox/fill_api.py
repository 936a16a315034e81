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


class Agreeable(Picture):
    """A rich object that says it equals anything, as a NumPy array of one True does."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = Picture.__hash__


def replace_around_calls(rows: list, callback: Callable[[], object]) -> None:
    """Like fill_around_calls, with an object equal to anything: a row that already had a
    "cover" looks unchanged to `==`."""
    for number, row in enumerate(rows):
        row["cover"] = Agreeable(number)
        callback()


def fill_what_it_added(holder: list, callback: Callable[[], object]) -> None:
    """Appends a list of its own, calls `callback`, then fills that list (read back from
    `holder`, where the sandbox has put its safe copy) and calls `callback` again."""
    holder.append([])
    callback()
    holder[-1].append(Picture(4))
    callback()
