"""APIs that reach agent code by less common routes: a second API call under way, a thread of
their own, a generator's `throw()`/`close()` (tests/sandbox/test_sandbox_crossing_routes.py)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from secret_api import Picture

_KEPT: list[Any] = []


class Filler:
    """A rich object bound to a container the agent passed: another API fills it later."""

    def __init__(self, holder: list[Any]) -> None:
        self.holder = holder

    def __repr__(self) -> str:
        return "<Filler>"


def call_with_filler(holder: list[Any], callback: Callable[[Any], object]) -> None:
    """Calls `callback` with a rich object that holds `holder`."""
    callback(Filler(holder))


def fill_through(filler: Filler) -> None:
    """Fills the container a `Filler` holds: not one this call was given."""
    filler.holder.append(Picture(21))


def keep_then_call(holder: list[Any], callback: Callable[[], object]) -> None:
    """Keeps `holder` where the next API call finds it, then calls `callback`."""
    _KEPT.append(holder)
    callback()


def fill_kept() -> None:
    """Fills the container `keep_then_call` kept (the call under way outside this one)."""
    _KEPT.pop().append(Picture(22))


def fill_from_thread(holder: list[Any], callback: Callable[[], object]) -> None:
    """A thread of the API's fills `holder` and calls `callback`, while the call waits."""

    def work() -> None:
        holder.append(Picture(23))
        callback()

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()


def throw_into(generator: Any, holder: list[Any]) -> object:
    """Starts a generator, fills `holder`, then throws an error carrying a rich object in."""
    next(generator)
    holder.append(Picture(24))
    try:
        return generator.throw(ValueError(Picture(25)))
    except StopIteration:
        return None


def close_after_fill(generator: Any, holder: list[Any]) -> None:
    """Starts a generator, fills `holder`, then closes it (its `finally` runs)."""
    next(generator)
    holder.append(Picture(26))
    generator.close()


def drop_after_fill(generator: Any, holder: list[Any]) -> None:
    """Starts a generator, fills `holder`, then drops it (collected, its `finally` runs)."""
    next(generator)
    holder.append(Picture(27))
    del generator


def throw_into_kept(owner: Any, holder: list[Any]) -> object:
    """Like throw_into, for a generator kept in an attribute of an agent object."""
    return throw_into(owner.feed, holder)


def close_kept(owner: Any, holder: list[Any]) -> None:
    """Like close_after_fill, for a generator kept in an attribute of an agent object."""
    close_after_fill(owner.feed, holder)


def drop_kept(owner: Any, holder: list[Any]) -> None:
    """Starts the generator kept in `owner.feed`, fills `holder`, then drops the last reference:
    collected, the generator's `finally` runs inside this call."""
    next(owner.feed)
    holder.append(Picture(33))
    owner.feed = None


def stash_in_parts(holder: list[Any]) -> None:
    """Fills the lists held by exceptions' `args` and slices' `start` the agent passed."""
    from secret_api import stash

    for item in holder:
        stash(item.args[0] if isinstance(item, BaseException) else item.start)


def replace_args(error: BaseException, callback: Callable[[], object]) -> None:
    """Calls `callback`, then gives the agent's exception a rich object as its `args`, and
    calls it again (the second entry must see what changed since the first)."""
    callback()
    error.args = (Picture(28),)
    callback()


def cover_then_fill(holder: list[Any], mapping: dict[Any, Any]) -> None:
    """Replaces every value of `mapping` with a rich object, and appends one to `holder`."""
    for key in list(mapping):
        mapping[key] = Picture(29)
    holder.append(Picture(30))


def pair_into(members: set[Any], holder: list[Any]) -> None:
    """Adds a tuple of each member and a rich object to `members`, and appends one to `holder`."""
    for member in list(members):
        members.add((member, Picture(31)))
    holder.append(Picture(32))
