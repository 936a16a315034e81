"""Agent values on their way into an API: handles and agent code inside them are converted,
subclasses of plain types arrive as exact copies, and a read-only API gets copies.

Containers pass as they are unless something in them changes, since APIs may mutate what they
are given; a container that holds a converted item is rebuilt with its own type. An instance
of an agent subclass of `str`, `dict`, `datetime`, ... reaches an API as an exact value of the
plain type it extends, read through the plain type's own methods: red-teaming planted a `str`
subclass whose `__eq__` and `__hash__` lied in an API's cache, answering every later call.

An API that declared it never changes what it is given (`read_only_arguments`) receives deep
copies of the plain data instead (a `Shadow`): agent code it starts during the call (a key
function) can read through a global whatever the agent passed in, so otherwise all of it must
be compared at every such entry, which made a key function over 10^4 rows run into the time
limit. Each copy stands for the agent's value whenever it crosses back. The declaration is
verified, not trusted: once the call returns each copy is compared with what it stands for,
and a changed one fails the call with a `RuntimeError`. A call whose arguments reach anything
else (an agent object, a bound `append`, an iterator) is made the ordinary way.
"""

from __future__ import annotations

import datetime
import operator
import types
from collections import Counter, OrderedDict, defaultdict, deque
from collections.abc import Callable, Mapping
from typing import Any

from ._kinds import Handle, is_agent_code, is_agent_generator
from ._plain import ATOMS, FACTORY, FROZEN, MAPPINGS, MUTABLE_CONTAINERS, container_kind, plain_base

_IN_PROGRESS = object()  # an immutable copy not yet built: a cycle back to it cannot be kept
_SCALAR_COPIES: dict[type, Callable[[Any], Any]] = {
    str: str.__str__,  # each returns an exact copy for a subclass, without calling its methods
    int: int.__int__,
    float: float.__float__,
    complex: complex.__complex__,
    bytes: bytes.__bytes__,
    bytearray: lambda value: bytearray(memoryview(value)),
}
_MOMENTS = (datetime.datetime, datetime.date, datetime.time, datetime.timedelta)
Copies = dict[int, tuple[Any, Any]]
"""id(what the API receives) -> (it, the agent's value it stands for); it keeps both alive."""


def unwrap(
    value: Any,
    active: dict[int, Any],
    convert: Callable[[Any], Any],
    copies: Copies | None = None,
) -> Any:
    """What the API receives for `value`. `active` maps what is being converted to what stands
    for it (a plain container passed on: itself). With `copies`, every mutable container is
    copied and every value that changed is recorded there."""
    if type(value) in ATOMS:
        return value
    if id(value) in active:
        return _cycle(active[id(value)])
    plain = container_kind(value)
    if plain is None:
        base = plain_base(type(value))
        if base is None:
            new = convert(value)
        else:
            new = _exact(value, base, base, _inner(active, convert, copies), active)
    elif copies is not None:
        new = _exact(value, type(value), plain, _inner(active, convert, copies), active)
    else:
        new = _passed_on(value, plain, _inner(active, convert, copies), active)
    if copies is not None and new is not value:
        copies[id(new)] = (new, value)
    return new


def _inner(
    active: dict[int, Any], convert: Callable[[Any], Any], copies: Copies | None
) -> Callable[[Any], Any]:
    return lambda item: unwrap(item, active, convert, copies)


def _cycle(copy: Any) -> Any:
    if copy is _IN_PROGRESS:
        raise TypeError("a value that contains itself through a tuple cannot be passed to an API")
    return copy


def _passed_on(value: Any, plain: type, inner: Callable[[Any], Any], active: dict[int, Any]) -> Any:
    """A plain container, itself unless something in it was converted."""
    active[id(value)] = value
    if isinstance(value, dict):
        old: list[Any] = list(value.items())
        new: list[Any] = [(inner(key), inner(item)) for key, item in old]
        changed = any(a is not k or b is not v for (a, b), (k, v) in zip(new, old, strict=True))
        result = _rebuild_mapping(value, new) if changed else value
    else:
        old = list(value)
        new = [inner(item) for item in old]
        changed = any(a is not b for a, b in zip(new, old, strict=True))
        result = _rebuild(value, new) if changed else value
    del active[id(value)]
    return result


def _exact(
    value: Any, kind: Any, base: Any, inner: Callable[[Any], Any], active: dict[int, Any]
) -> Any:
    """A fresh value of `kind` (a plain type, or a plain namedtuple class) holding what `value`
    holds, read through `base` (the plain type it is or extends), its items converted."""
    if base in _SCALAR_COPIES:
        return _SCALAR_COPIES[base](value)
    if base in _MOMENTS:
        arguments = base.__reduce__(value)[1]  # the state pickling uses, read by the base type
        return base(*arguments)
    if base in FROZEN:
        active[id(value)] = _IN_PROGRESS
        items = [inner(item) for item in base.__iter__(value)]
        del active[id(value)]
        return kind(items) if kind in FROZEN else kind._make(items)
    if kind is base and (base is list or base is dict) and _flat(value):
        return value.copy()  # nothing in it to convert: at C speed (a table's rows)
    copy = _empty(value, base, inner)
    active[id(value)] = copy
    if base in MAPPINGS:
        pairs = list(OrderedDict.items(value) if base is OrderedDict else dict.items(value))
        converted = [
            (
                key if type(key) in ATOMS else inner(key),
                item if type(item) in ATOMS else inner(item),
            )
            for key, item in pairs
        ]
        # Counter.update would count the pairs; the others are exact plain types
        (dict.update if base is Counter else type(copy).update)(copy, converted)
    else:
        items = [item if type(item) in ATOMS else inner(item) for item in base.__iter__(value)]
        (copy.update if base is set else copy.extend)(items)
    del active[id(value)]
    return copy


def _flat(value: list[Any] | dict[Any, Any]) -> bool:
    """Only atoms in it (keys too): checked at C speed."""
    atom = ATOMS.__contains__
    if type(value) is dict:
        return all(map(atom, map(type, value))) and all(map(atom, map(type, value.values())))
    return all(map(atom, map(type, value)))


def _empty(value: Any, base: type, inner: Callable[[Any], Any]) -> Any:
    if base is defaultdict:
        return defaultdict(inner(FACTORY.__get__(value)))
    if base is deque:
        return deque(maxlen=deque.maxlen.__get__(value))
    return Counter() if base is Counter else base()


def _rebuild_mapping(value: Any, items: list[tuple[Any, Any]]) -> Any:
    if type(value) is defaultdict:
        return defaultdict(value.default_factory, items)
    return type(value)(items)


def _rebuild(value: Any, items: list[Any]) -> Any:
    kind = type(value)
    return kind(items) if container_kind(value) is kind else kind._make(items)


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
            length = original_base(original).__len__(original)
            if len(copy) != length or not _same_items(copy, original, stands_for):
                return True
        return False


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
        return identical(held[0], keys) and identical(held[1], values)
    if base is set:
        members = {id(item) for item in set.__iter__(original)}
        return {id(item) for item in restored(copy)} == members
    return identical(restored(copy), list(base.__iter__(original)))


def identical(left: list[Any], right: list[Any]) -> bool:
    """Item for item the same objects: `==` can lie (an agent class's `__eq__`)."""
    return len(left) == len(right) and all(map(operator.is_, left, right))
