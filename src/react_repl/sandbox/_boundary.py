"""The boundary between API functions and agent code: plain data crosses, rich objects do not.

A rich object's public methods are as dangerous as its internals: the Pillow image an image API
returns has `save(path)`, which writes anywhere the worker's user may, whatever folder the API
itself was confined to. So only plain data (`_plain.py` defines it) comes back as itself; any
other object becomes a `Handle` the agent can print, compare and pass back to API functions,
which receive the original. Objects the agent passed in or built itself come back unchanged,
since the agent already holds them, but what an API put *inside* them is checked in place:
containers (subclasses included, read through the base type's own methods so an agent override
cannot hide an item), `defaultdict` factories, and the attributes of agent objects and classes.
"""

from __future__ import annotations

import contextlib
import threading
from collections import ChainMap
from collections.abc import Collection, Iterator, MutableMapping
from typing import Any

from ._callbacks import AgentCallback, AgentGenerator
from ._crossing import Crossing
from ._handle import Handle
from ._kinds import (
    CALL_WRAPPERS,
    is_agent_code,
    is_agent_generator,
    is_bound_builtin,
)
from ._reach import reach
from ._shadow import Shadow, copyable
from ._unwrap import unwrap
from ._watch import Watch


class Boundary:
    """Converts arguments going into an API and results coming out of it."""

    def __init__(self, agent_classes: Collection[type]) -> None:
        self._agent_classes = agent_classes  # the live set: classes defined later count too
        self.calls_under_way = 0  # read by every agent function as it starts (`_entry.py`)
        self._idle = 0  # what calls_under_way is with no call under way (see `apis_loaded`)
        self._threads_before = 0
        self._given: list[dict[int, Any]] = []  # of each call under way, innermost last
        self._watches: list[Watch | None] = []  # of each call, once it has entered agent code
        self._shadows: list[Shadow | None] = []  # of each call: its copies, if read-only
        # of the read-only calls under way: id(a copy, or the agent's value) -> the agent's value
        self._stands_for: dict[int, Any] = {}
        self.handing_over = False  # while True, agent code is refused (see HandOverRefused)

    def apis_loaded(self) -> None:
        """A thread an API module started on import (an event bus's dispatcher) may enter agent
        code with no call under way: the entry check stays on, as after a call leaving one."""
        if threading.active_count() > 1:
            self._idle = self.calls_under_way = 1

    def begin_call(self, given: dict[int, Any], shadow: Shadow | None = None) -> None:
        """`shadow`: the copies a read-only API received (`inbound_copies`); its `given` starts
        empty, since it holds none of the agent's objects. What a call made during it is given
        (by a callback) may be kept where the outer API finds it: it is watched there too."""
        if self.calls_under_way == self._idle:
            self._threads_before = threading.active_count()
        self.calls_under_way += 1
        for level, outer in enumerate(self._shadows):
            if outer is not None:
                self._given[level].update(given)
        self._given.append(given)
        self._watches.append(None)
        self._shadows.append(shadow)
        if shadow is not None:
            for key, (_, original) in shadow.copies.items():
                self._stands_for[key] = self._stands_for[id(original)] = original

    def end_call(self) -> bool:
        """A thread the API left running may start agent code at any time: then stay on.
        True if the call started agent code (for `settle`)."""
        self._given.pop()
        entered = self._watches.pop() is not None
        shadow = self._shadows.pop()
        if shadow is not None:
            for key, (_, original) in shadow.copies.items():
                self._stands_for.pop(key, None)
                self._stands_for.pop(id(original), None)
        if threading.active_count() <= self._threads_before:
            self.calls_under_way -= 1
        return entered

    def given_under_way(self) -> MutableMapping[int, Any]:
        """Everything the agent passed into the API calls under way, by id."""
        return ChainMap(*reversed(self._given)) if self._given else {}

    def enter(self, values: tuple[Any, ...]) -> tuple[Any, ...]:
        """Values an API hands to agent code (a callback's arguments, a method's `self`), made
        safe as its results are. What the agent passed into the calls under way stays itself,
        and so does everything it held then (a method's compiled pattern); the agent's own
        objects are checked in place, since the API may have just put its objects into them. So
        is everything the agent passed into those calls, before its code runs: that code can
        read any of it through a global, and red-teaming found a callback taking the raw object
        out of a list the API had just filled. Copies made here become the agent's own: the API
        may fill one where it finds it before it enters agent code again."""
        safe = []
        was = self.handing_over  # as `_handing_over()` does, without its cost at every entry
        self.handing_over, self.calls_under_way = True, self.calls_under_way + 1
        try:
            entered = self._watches.count(None) < len(self._watches)
            crossing = Crossing(self, self.given_under_way(), in_place=entered)
            self._settle_before_entry(crossing)
            for value in values:
                if self.agent_owned(value):
                    crossing.settle(value)
                    safe.append(value)
                else:
                    safe.append(crossing.wrap(value))
            crossing.finish()
            crossing.adopt_copies()
        finally:
            self.handing_over, self.calls_under_way = was, self.calls_under_way - 1
        return tuple(safe)

    def _settle_before_entry(self, crossing: Crossing) -> None:
        """Everything the calls under way were given, made safe before agent code they start
        runs: all of it the first time, then what changed since (see `_watch.py`)."""
        for level, given in enumerate(self._given):
            watch = self._watches[level]
            if watch is None:
                for item in list(given.values()):
                    crossing.settle(item)
                self._watches[level] = Watch(given, self._agent_classes)
            else:
                watch.settle_changes(given, crossing.settle)

    def handed_back(self, value: Any) -> Any:
        """What agent code gives an API during a call (a callback's result, a value yielded):
        converted like an argument, and checked with what the call was given once it returns.

        Only ever called on the agent's own value, once (`_enter_.leaving`): what it records
        in `given` passes back untouched, so an API's object must never be recorded there."""
        if self._given:
            reach(value, self._given[-1], self._agent_classes)
        return unwrap(value, {}, self._for_api)

    def inbound_copies(
        self, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> tuple[tuple[Any, ...], dict[str, Any], Shadow] | None:
        """For an API declared `read_only_arguments`: copies of what the agent passed (see
        `_shadow.py`); None when the arguments reach what cannot be copied, an agent object
        for one: then the call goes through `inbound`."""
        reached: dict[int, Any] = {}
        reach((args, kwargs), reached, self._agent_classes)
        if not copyable(reached):
            return None
        shadow = Shadow()
        copied_args = tuple(shadow.copy_in(value, self._for_api) for value in args)
        copied_kwargs = {key: shadow.copy_in(value, self._for_api) for key, value in kwargs.items()}
        return copied_args, copied_kwargs, shadow

    def inbound(
        self, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> tuple[tuple[Any, ...], dict[str, Any], dict[int, Any]]:
        """Unwraps handles; also returns every object the agent passed in, by id.

        `given` keeps those objects alive until the call returns, so no id in it can be reused.
        """
        given: dict[int, Any] = {}
        if not reach((args, kwargs), given, self._agent_classes):
            return args, kwargs, given
        plain_args = tuple(unwrap(value, {}, self._for_api) for value in args)
        plain_kwargs = {key: unwrap(value, {}, self._for_api) for key, value in kwargs.items()}
        return plain_args, plain_kwargs, given

    def _for_api(self, value: Any) -> Any:
        if type(value) is Handle:
            return value._value
        if is_agent_generator(value):
            return AgentGenerator(value, self)
        if is_agent_code(value) or is_bound_builtin(value) or type(value) in CALL_WRAPPERS:
            return AgentCallback(value, self)
        return value

    def outbound(self, result: Any, given: dict[int, Any]) -> Any:
        with self._handing_over():
            crossing = Crossing(self, given)
            safe = crossing.wrap(result)
            crossing.finish()
        return safe

    def settle(self, given: dict[int, Any], entered: bool = False) -> None:
        """An API may have put rich objects into what the agent passed in: wrap them there.
        `entered`: the call started agent code, which may hold what it put there itself.

        A call made while another is under way (by a callback) returns into agent code the
        outer call started, which can read what the outer call was given: red-teaming found
        the inner API filling it (through an object of the outer API's, or a container the
        outer one kept), and the callback reading the raw object once the inner call returned.
        So what changed there is made safe too, as before an entry."""
        with self._handing_over():
            crossing = Crossing(self, given, in_place=entered)
            for item in list(given.values()):  # each once: `given` has no duplicates
                crossing.settle(item)
            crossing.finish()
            if self._given:  # agent code an outer call started resumes: as at an entry
                outer = Crossing(self, self.given_under_way(), in_place=True)
                self._settle_before_entry(outer)
                outer.finish()

    @contextlib.contextmanager
    def _handing_over(self) -> Iterator[None]:
        """Compiled code checks `calls_under_way` inline before it asks `_enter_`, which then
        refuses: a raised count makes every agent function ask while results are handed over."""
        was = self.handing_over
        self.handing_over, self.calls_under_way = True, self.calls_under_way + 1
        try:
            yield
        finally:
            self.handing_over, self.calls_under_way = was, self.calls_under_way - 1

    def agent_owned(self, value: Any) -> bool:
        kind = type(value)
        if kind is Handle or kind in self._agent_classes:
            return True
        if isinstance(value, type):
            return value in self._agent_classes
        return is_agent_code(value)
