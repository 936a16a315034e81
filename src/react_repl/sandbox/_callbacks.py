"""Agent code handed to an API: a function it calls back, a generator it drives. What the API
passes in crosses like a result (`Boundary.enter`), so agent code cannot receive a raw rich
object; what agent code gives back crosses like an argument."""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ._host import rebuilt
from ._unwrap import unwrap

if TYPE_CHECKING:
    from ._boundary import Boundary


class AgentCallback:
    __slots__ = ("_boundary", "agent_value")

    def __init__(self, function: Callable[..., Any], boundary: Boundary) -> None:
        self.agent_value = function
        self._boundary = boundary

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # the keyword values cross, not the dict: agent code never sees it, and a copy of it
        # made its own would be watched until the call ends (one more per callback call)
        *safe_args, safe_values = self._boundary.enter((*args, tuple(kwargs.values())))
        safe_kwargs = dict(zip(kwargs, safe_values, strict=True))
        # agent code hands back through `_enter_.leaving` itself; handing a value back twice
        # would record the API's raw object, unwrapped the first time, as the agent's own
        result = self.agent_value(*safe_args, **safe_kwargs)
        return unwrap(result, {}, self._boundary._for_api)


class AgentGenerator:
    """An agent generator handed to an API: `send()` is a way into agent code, like a callback, so
    what the API sends crosses like a result and what the generator yields like an argument. Before
    it runs, what the API put into what the agent passed is made safe, as for a callback."""

    __slots__ = ("_boundary", "agent_value")

    def __init__(self, generator: types.GeneratorType[Any, Any, Any], boundary: Boundary) -> None:
        self.agent_value = generator
        self._boundary = boundary

    def __iter__(self) -> AgentGenerator:
        return self

    def __next__(self) -> Any:
        return self.send(None)

    def send(self, value: Any) -> Any:
        (safe,) = self._boundary.enter((value,))
        return unwrap(self.agent_value.send(safe), {}, self._boundary._for_api)

    def throw(self, *args: Any) -> Any:
        """Resumes agent code at its `yield` with an error (its `except` and `finally` run):
        an entry like `send()`, and the error crosses as an API's errors do, rebuilt from type
        name and message (red-teaming found a thrown `ValueError(picture)` read through
        `args`, and the handler reading what the API had filled just before)."""
        self._boundary.enter(())
        error = thrown_in(args)
        return unwrap(self.agent_value.throw(error), {}, self._boundary._for_api)

    def close(self) -> None:
        """Runs the generator's `finally`: an entry too."""
        self._boundary.enter(())
        self.agent_value.close()


def thrown_in(args: tuple[Any, ...]) -> Any:
    """`throw(error)` or the older `throw(type, value)`, as a fresh exception with plain
    arguments only; anything else is passed on for the generator to refuse."""
    first = args[0] if args else None
    if isinstance(first, type) and issubclass(first, BaseException):
        first = first(*args[1:2]) if len(args) > 1 and args[1] is not None else first()
    if not isinstance(first, BaseException):
        return first
    return rebuilt(first)
