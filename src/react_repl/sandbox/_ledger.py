"""Writes already made in this run, so that running a program again does not make them twice.

A model that writes its whole solution as one program runs it again after a later line fails:
the refund or booking near the top would happen a second time. A write API (declared with
`side_effects`) called again with the same arguments returns its first result, and the
observation says so. The ledger lives in the worker: a worker restarted after a timeout starts
with an empty one.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable, Iterable
from typing import Any

from ._answer import is_plain_data

_NOTE = (
    "[{call} already ran with these arguments earlier in this run: its result is used again, "
    "the change was not made twice.]\n"
)
_MAX_CALL_TEXT = 160
MISSING = object()


class WriteLedger:
    def __init__(self, write_apis: Iterable[str], note: Callable[[str], Any]) -> None:
        self.write_apis = frozenset(write_apis)
        self._note = note
        self._done: dict[str, Any] = {}

    def earlier_result(self, key: str | None, call: Callable[[], str]) -> Any:
        """The first result of this very call, or `MISSING`; says so in the observation.

        `call` renders the call for the note; it runs only for a keyed (plain-data) call."""
        if key is None or key not in self._done:
            return MISSING
        self._note(_NOTE.format(call=call()[:_MAX_CALL_TEXT]))
        return copy.deepcopy(self._done[key])

    def record(self, key: str | None, result: Any) -> None:
        if key is None:
            return
        try:
            self._done[key] = copy.deepcopy(result)
        except Exception:  # a result that cannot be copied cannot be handed out again
            return


def call_key(
    name: str, signature: inspect.Signature | None, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> str | None:
    """The call with its arguments bound by name (defaults applied), or None when they do not
    bind or are not plain data: such a call is simply run. Only plain data is keyed, so making
    the key never runs code the agent defined (an object's own __repr__)."""
    if not is_plain_data([*args, *kwargs.values()]):
        return None
    try:
        if signature is None:
            return f"{name}{args!r}{sorted(kwargs.items())!r}"
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return f"{name}{sorted(bound.arguments.items())!r}"
    except Exception:
        return None


def is_missing(value: Any) -> bool:
    return value is MISSING
