"""What a value is, as far as the API boundary cares: agent code, a callable that runs
something else, an agent object and what it holds, and the handle the agent holds in place of
an API's rich object."""

from __future__ import annotations

import contextlib
import types
from collections.abc import Iterator
from typing import Any

from ._formatter import GuardedFormat
from ._plain import MAPPINGS, container_base

AGENT_FILES = "<action "  # the file name of every action's code, and of nothing else
CODE_TYPES = (types.FunctionType, types.MethodType)
BOUND_BUILTINS = (types.BuiltinMethodType, types.MethodWrapperType)
# callables that run something else (a bound `str.format` runs the guarded formatter)
CALL_WRAPPERS = (staticmethod, classmethod, property, GuardedFormat)


def agent_contents(owner: Any) -> Iterator[Any]:
    """What an agent object or class holds that an API could reach and fill."""
    base: Any = container_base(type(owner)) if not isinstance(owner, type) else None
    if base in MAPPINGS:
        for key, item in base.items(owner):
            yield key
            yield item
    elif base is not None:
        yield from base.__iter__(owner)
    elif isinstance(owner, tuple | frozenset):  # a subclass of either holds items too
        kind: Any = tuple if isinstance(owner, tuple) else frozenset
        yield from kind.__iter__(owner)
    if isinstance(owner, BaseException):
        yield from (value for _, value in exception_fields(owner))
    for name, item in vars(owner).items():
        if not name.startswith("_"):
            yield item


_SLOTS = (types.MemberDescriptorType, types.GetSetDescriptorType)


def exception_fields(error: BaseException) -> list[tuple[Any, Any]]:
    """What an exception holds in its builtin type's own fields (`args`, an OSError's
    `filename`, an ImportError's `name`, ...), each with the descriptor that reads and sets it:
    read through the builtin types, so no agent property runs. An exception the agent passes to
    an API holds its lists there (red-teaming found `ValueError(rows)` filled unchecked)."""
    fields = []
    for base in type(error).__mro__:
        if base.__module__ != "builtins":
            continue
        for name, slot in vars(base).items():
            if name.startswith("_") or not isinstance(slot, _SLOTS):
                continue
            # a field never set (BlockingIOError.characters_written) raises AttributeError
            with contextlib.suppress(AttributeError):
                fields.append((slot, slot.__get__(error)))
    return fields


def wrapped_callables(wrapper: Any) -> list[Any]:
    """What a staticmethod, classmethod or property calls, or a bound `str.format`'s nothing."""
    if isinstance(wrapper, property):
        return [part for part in (wrapper.fget, wrapper.fset, wrapper.fdel) if part is not None]
    return [wrapper.__func__] if isinstance(wrapper, staticmethod | classmethod) else []


def is_agent_code(value: Any) -> bool:
    """Functions compiled from actions, and methods bound to them; APIs never compile those."""
    function = value.__func__ if isinstance(value, types.MethodType) else value
    if not isinstance(function, types.FunctionType):
        return False
    return function.__code__.co_filename.startswith(AGENT_FILES)


def is_bound_builtin(value: Any) -> bool:
    """`album.append` and the like: called by an API, the object goes straight into the agent's
    container, with no agent code to wrap it on the way; module functions (`math.sqrt`) hold
    nothing of the agent's."""
    if type(value) not in BOUND_BUILTINS:
        return False
    return value.__self__ is not None and not isinstance(value.__self__, types.ModuleType)


def is_agent_generator(value: Any) -> bool:
    return type(value) is types.GeneratorType and value.gi_code.co_filename.startswith(AGENT_FILES)


_REPR_LIMIT = 200


class HandOverRefused(RuntimeError):
    """Agent code entered while the sandbox hands an API call's results over. Making results safe
    hashes and compares what it moves, and a set or a dict runs an agent class's `__hash__`/`__eq__`
    for that. Such code could read a container not yet made safe (through a global) and keep the raw
    object in it, so it is refused instead of run."""

    def __init__(self) -> None:
        super().__init__(
            "your code cannot run while an API call's results are handed over (a __hash__ or "
            "__eq__ of your class, called on a set or dict an API filled)"
        )


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

    def __dir__(self) -> list[str]:
        return []

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
