"""Copies for an API that declared it never changes what it is given (`read_only_arguments`).

Agent code an API starts during a call (a key function, a predicate) can read, through a global,
anything the agent passed in, so before each such entry the sandbox must know what the API put
there since the last one. Comparing all of it at every entry made a key function over 10^3 rows
cost 0.9-2 s and 10^4 rows run into the action's time limit (rows × calls). An API that only
reads what it is given needs none of that if it never holds the agent's objects: it receives
deep copies of the plain data (containers and their containers), so nothing it does can reach
what agent code reads, and there is nothing to compare before an entry. Each copy stands for the
agent's value whenever it crosses back (a returned row, a row handed to the key function), so
the agent sees its own objects, as with any other API.

The declaration is verified, not trusted: safety never depends on it (the copies are the API's
alone), and once the call returns each copy is compared with what it stands for. An API that
changed one broke its declaration; the call fails with a `RuntimeError` saying so, since the
change it meant to make never reached the agent's data.

A call whose arguments reach anything else (an agent object, a bound `append`, an exception,
an iterator) is made the ordinary way: the API could reach the agent's containers through it.
"""

from __future__ import annotations

import operator
import types
from collections.abc import Callable, Mapping
from typing import Any

from ._handle import Handle
from ._kinds import is_agent_code, is_agent_generator
from ._plain import MAPPINGS, MUTABLE_CONTAINERS, container_kind, plain_base
from ._unwrap import Copies, unwrap


def copyable(given: Mapping[int, Any]) -> bool:
    """Everything the agent passed is plain data, a handle, code the agent wrote or a value of
    a subclass of a plain type (which crosses as an exact copy): nothing through which the API
    could reach an agent container it was not handed a copy of."""
    for item in given.values():
        kind = type(item)
        if container_kind(item) is not None or kind is Handle or is_agent_generator(item):
            continue
        if kind is types.FunctionType and is_agent_code(item):
            continue
        subclass = item if isinstance(item, type) else kind
        if plain_base(subclass) is not None:  # its attributes do not cross with its copy
            continue
        return False
    return True


class Shadow:
    """What one read-only call received, as copies, each recorded with the agent's value."""

    __slots__ = ("copies",)

    def __init__(self) -> None:
        self.copies: Copies = {}

    def copy_in(self, value: Any, convert: Callable[[Any], Any]) -> Any:
        return unwrap(value, {}, convert, self.copies)

    def changed(self) -> bool:
        """Whether the API changed a copy: each mutable one still holds, item for item, what
        stands for what its original holds."""
        stands_for = {key: original for key, (_, original) in self.copies.items()}
        for copy, original in self.copies.values():
            if type(copy) not in MUTABLE_CONTAINERS:
                continue
            if len(copy) != _length(original) or not _same_items(copy, original, stands_for):
                return True
        return False


def _length(original: Any) -> int:
    base = original_base(original)
    return int(base.__len__(original))


def original_base(original: Any) -> Any:
    kind = type(original)
    return kind if kind in MUTABLE_CONTAINERS else plain_base(kind)


def _same_items(copy: Any, original: Any, stands_for: dict[int, Any]) -> bool:
    base = original_base(original)

    def restored(items: Any) -> list[Any]:
        items = list(items)
        return list(map(stands_for.get, map(id, items), items))  # at C speed: rows are many

    if base in MAPPINGS:
        keys, values = list(base.keys(original)), list(base.values(original))
        held = restored(copy.keys()), restored(copy.values())
        return _identical(held[0], keys) and _identical(held[1], values)
    if base is set:
        members = {id(item) for item in set.__iter__(original)}
        return {id(item) for item in restored(copy)} == members
    return _identical(restored(copy), list(base.__iter__(original)))


def _identical(left: list[Any], right: list[Any]) -> bool:
    return len(left) == len(right) and all(map(operator.is_, left, right))
