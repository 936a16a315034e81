"""What the agent holds in place of an API's rich object, and the error handing it over raises."""

from __future__ import annotations

from typing import Any

_REPR_LIMIT = 200


class HandOverRefused(RuntimeError):
    """Agent code entered while the sandbox hands an API call's results over.

    Making results safe hashes and compares what it moves, and a set or a dict runs an agent
    class's `__hash__`/`__eq__` for that. Such code could read a container not yet made safe
    (through a global) and keep the raw object in it, so it is refused instead of run.
    """

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
