"""The boundary between API functions and agent code: plain data crosses, rich objects do not.

A rich object's public methods are as dangerous as its internals: the Pillow image an image API
returns has `save(path)`, which writes anywhere the worker's user may, whatever folder the API
itself was confined to. So only plain data (numbers, strings, dates, and lists, tuples, dicts and
sets of them) comes back as itself; any other object becomes a `Handle` the agent can print,
compare and pass back to API functions, which receive the original. Objects the agent passed in
or built itself come back unchanged, since the agent already holds them.
"""

from __future__ import annotations

import datetime
import decimal
import fractions
import types
from collections import Counter, OrderedDict, deque
from collections.abc import Callable, Collection
from typing import Any

_ATOMS = frozenset(
    {
        type(None), bool, int, float, complex, str, bytes, bytearray, range,
        datetime.date, datetime.datetime, datetime.time, datetime.timedelta, datetime.timezone,
        decimal.Decimal, fractions.Fraction,
    }
)  # fmt: skip
_CONTAINERS = frozenset({list, tuple, set, frozenset, dict, OrderedDict, Counter, deque})
_REPR_LIMIT = 200
_CODE_TYPES = (types.FunctionType, types.MethodType)


class Handle:
    """An API result the agent may hold and hand back, but not look into."""

    __slots__ = ("_value",)

    def __init__(self, value: Any) -> None:
        self._value = value

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(
            f"'{name}' is not available: this {type(self._value).__name__} came from an API "
            "and is an opaque handle; pass it to the API functions that accept it"
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Handle) and other._value is self._value

    def __hash__(self) -> int:
        return id(self._value)

    def __repr__(self) -> str:
        try:
            text = repr(self._value)
        except Exception:  # a broken repr must not hide the handle
            text = type(self._value).__name__
        if len(text) > _REPR_LIMIT:
            text = text[:_REPR_LIMIT] + "…"
        return f"<handle: {text}>"


class Boundary:
    """Converts arguments going into an API and results coming out of it."""

    def __init__(self, agent_classes: Collection[type]) -> None:
        self._agent_classes = agent_classes  # the live set: classes defined later count too

    def inbound(
        self, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> tuple[tuple[Any, ...], dict[str, Any], dict[int, Any]]:
        """Unwraps handles; also returns every object the agent passed in, by id.

        `given` keeps those objects alive until the call returns, so no id in it can be reused.
        """
        given: dict[int, Any] = {}
        if not _collect((args, kwargs), given):
            return args, kwargs, given
        plain_args = tuple(_unwrap(value, set(), self._for_api) for value in args)
        plain_kwargs = {key: _unwrap(value, set(), self._for_api) for key, value in kwargs.items()}
        return plain_args, plain_kwargs, given

    def _for_api(self, value: Any) -> Any:
        if type(value) is Handle:
            return value._value
        return _Callback(value, self) if _is_agent_code(value) else value

    def outbound(self, result: Any, given: dict[int, Any]) -> Any:
        return _wrap(result, self._wrap_foreign, given, {})

    def settle(self, given: dict[int, Any]) -> None:
        """An API may have put rich objects into containers the agent passed in: wrap them there.

        `known` is tested inline: a call per item would make this cost more than the API call.
        """
        atoms = _ATOMS
        memo: dict[int, Any] = {}

        def safe(item: Any) -> Any:
            known = type(item) in atoms or id(item) in given
            return item if known else _wrap(item, self._wrap_foreign, given, memo)

        for container in list(given.values()):
            kind = type(container)
            if kind in (list, deque):
                for index, item in enumerate(container):
                    if type(item) not in atoms and (wrapped := safe(item)) is not item:
                        container[index] = wrapped
            elif kind in (dict, OrderedDict, Counter):
                for key, item in list(container.items()):
                    if type(key) in atoms and type(item) in atoms:
                        continue
                    new_key, new_item = safe(key), safe(item)
                    if new_key is not key:
                        del container[key]
                    if new_key is not key or new_item is not item:
                        container[new_key] = new_item
            elif kind is set and any(safe(item) is not item for item in container):
                items = [safe(item) for item in container]
                container.clear()
                container.update(items)

    def _wrap_foreign(self, value: Any) -> Any:
        if type(value) is _Callback:
            return value._function
        return value if self._agent_owned(value) else Handle(value)

    def _agent_owned(self, value: Any) -> bool:
        kind = type(value)
        if kind is Handle or kind in self._agent_classes:
            return True
        if isinstance(value, type):
            return value in self._agent_classes
        return _is_agent_code(value)


class _Callback:
    """An agent function handed to an API: what the API passes it crosses like a result, so a
    callback cannot receive a raw rich object; what it returns crosses like an argument."""

    __slots__ = ("_boundary", "_function")

    def __init__(self, function: Callable[..., Any], boundary: Boundary) -> None:
        self._function = function
        self._boundary = boundary

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        safe = self._boundary._wrap_foreign
        memo: dict[int, Any] = {}
        safe_args = [_wrap(value, safe, {}, memo) for value in args]
        safe_kwargs = {key: _wrap(value, safe, {}, memo) for key, value in kwargs.items()}
        result = self._function(*safe_args, **safe_kwargs)
        return _unwrap(result, set(), self._boundary._for_api)


def _is_agent_code(value: Any) -> bool:
    """Functions compiled from actions, and methods bound to them; APIs never compile those."""
    function = value.__func__ if isinstance(value, types.MethodType) else value
    if not isinstance(function, types.FunctionType):
        return False
    return function.__code__.co_filename.startswith("<action ")


def _is_container(value: Any) -> bool:
    return type(value) in _CONTAINERS or (
        isinstance(value, tuple) and hasattr(type(value), "_make")  # a namedtuple
    )


def _collect(value: Any, given: dict[int, Any]) -> bool:
    """Records every object (but atoms) reachable through plain containers; True if a handle
    is among them. Iterative and allocation-light: agents pass big lists to APIs."""
    atoms, found, pending = _ATOMS, False, [value]
    while pending:
        item = pending.pop()
        if type(item) in atoms or id(item) in given:
            continue
        given[id(item)] = item
        if type(item) is Handle or (type(item) in _CODE_TYPES and _is_agent_code(item)):
            found = True
        elif isinstance(item, dict) and type(item) in _CONTAINERS:
            pending.extend(item.keys())
            pending.extend(item.values())
        elif _is_container(item):
            pending.extend(item)
    return found


def _unwrap(value: Any, active: set[int], convert: Callable[[Any], Any]) -> Any:
    """Agent containers pass as they are unless something in them is converted (handles,
    callbacks): APIs may mutate what they are given."""
    if type(value) in _ATOMS or id(value) in active:
        return value
    if not _is_container(value):
        return convert(value)
    active.add(id(value))
    old = _items(value)
    if isinstance(value, dict):
        new = [(_unwrap(k, active, convert), _unwrap(v, active, convert)) for k, v in old]
        changed = any(a is not k or b is not v for (a, b), (k, v) in zip(new, old, strict=True))
        result = type(value)(dict(new)) if changed else value
    else:
        new = [_unwrap(item, active, convert) for item in old]
        changed = any(a is not b for a, b in zip(new, old, strict=True))
        result = _rebuild(value, new) if changed else value
    active.discard(id(value))
    return result


def _wrap(
    value: Any, wrap: Callable[[Any], Any], given: dict[int, Any], memo: dict[int, Any]
) -> Any:
    """Copies containers around wrapped items; a cycle through a tuple is cut by a handle.

    Atoms are tested inline before recursing: a call per number or string would make a big
    query result cost several times what the API took to build it.
    """
    if type(value) in _ATOMS or id(value) in given:
        return value
    if id(value) in memo:
        copy = memo[id(value)]
        return Handle(value) if copy is None else copy
    if not _is_container(value):
        return wrap(value)
    atoms = _ATOMS
    if isinstance(value, dict):
        mapping = memo[id(value)] = type(value)()
        for key, item in value.items():
            if type(key) not in atoms:
                key = _wrap(key, wrap, given, memo)
            mapping[key] = item if type(item) in atoms else _wrap(item, wrap, given, memo)
        return mapping
    if type(value) in (list, set, deque):
        copy = memo[id(value)] = type(value)()
        add = copy.add if isinstance(copy, set) else copy.append
        for item in value:
            add(item if type(item) in atoms else _wrap(item, wrap, given, memo))
        return copy
    memo[id(value)] = None  # tuples and frozensets exist only once complete
    items = [item if type(item) in atoms else _wrap(item, wrap, given, memo) for item in value]
    del memo[id(value)]
    return _rebuild(value, items)


def _items(container: Any) -> list[Any]:
    """Dict entries as (key, value) tuples, so both sides are walked and `update` takes them."""
    return list(container.items()) if isinstance(container, dict) else list(container)


def _rebuild(value: Any, items: list[Any]) -> Any:
    kind = type(value)
    return kind(items) if kind in _CONTAINERS else kind._make(items)
