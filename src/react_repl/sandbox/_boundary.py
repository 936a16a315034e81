"""The boundary between API functions and agent code: plain data crosses, rich objects do not.

A rich object's public methods are as dangerous as its internals: a Pillow image has
`save(path)`, which writes anywhere the worker may. So only plain data (`_plain.py`) comes back
as itself; any other object becomes a `Handle` the agent can print, compare and pass back to
API functions. The agent's own objects come back unchanged, but what an API put *inside* them
is checked in place, read through the base type's own methods so an override cannot hide it.
"""

from __future__ import annotations

import contextlib
import threading
import types
from collections import ChainMap
from collections.abc import Collection, Iterator, MutableMapping
from typing import Any

from ._callbacks import AgentCallback, AgentGenerator
from ._crossing import Crossing
from ._kinds import (
    BOUND_BUILTINS,
    CALL_WRAPPERS,
    CODE_TYPES,
    Handle,
    agent_contents,
    exception_fields,
    is_agent_code,
    is_agent_generator,
    is_bound_builtin,
    wrapped_callables,
)
from ._plain import ATOMS, CONTAINERS, MAPPINGS, container_kind, plain_base
from ._unwrap import Shadow, copyable, unwrap
from ._watch import Watch


class Boundary:
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
        converted like an argument, and checked with what the call was given once it returns. Only
        ever called on the agent's own value, once (`_enter_.leaving`): what it records in `given`
        passes back untouched, so an API's object must never be recorded there."""
        if self._given:
            reach(value, self._given[-1], self._agent_classes)
        return unwrap(value, {}, self._for_api)

    def inbound_copies(
        self, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> tuple[tuple[Any, ...], dict[str, Any], Shadow] | None:
        """For an API declared `read_only_arguments`: copies of what the agent passed (see
        `_unwrap.py`); None when the arguments reach what cannot be copied, an agent object
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
        """Unwraps handles; also returns every object the agent passed in, by id. `given` keeps
        those objects alive until the call returns, so no id in it can be reused."""
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
        `entered`: the call started agent code, which may hold what it put there itself. A call made
        while another is under way (by a callback) returns into agent code the outer call started,
        which can read what the outer call was given: red-teaming found the inner API filling it
        (through an object of the outer API's, or a container the outer one kept), and the callback
        reading the raw object once the inner call returned. So what changed there is made safe too,
        as before an entry."""
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


def reach(value: Any, given: dict[int, Any], agent_classes: Collection[type]) -> bool:
    """Records every object (but atoms) agent code passes into an API call, found before the
    call; True if a handle, a function or a generator of the agent's, or an instance of a
    subclass of a plain type, is among them (each is converted on its way in, see `_unwrap.py`).
    Iterative and allocation-light: agents pass big lists to APIs. An iterator or a dict view
    over the agent's lists hands the API those lists as it iterates, so what they reach is found
    too (red-teaming found `stash_inside(iter(rows))` filling the agent's lists unchecked)."""
    atoms, mappings, containers = ATOMS, MAPPINGS, CONTAINERS
    found, pending = False, [value]
    while pending:
        item = pending.pop()
        kind = type(item)
        if kind in atoms or id(item) in given:
            continue
        given[id(item)] = item
        if kind in mappings:
            pending.extend(item.keys())
            pending.extend(item.values())
        elif kind in containers or container_kind(item) is not None:
            pending.extend(item)
        elif kind is Handle or is_agent_generator(item):
            found = True
        elif kind in CODE_TYPES:
            if is_agent_code(item):
                found = True
                if kind is types.MethodType:  # its object is the agent's, passed along
                    pending.append(item.__self__)
        elif kind in BOUND_BUILTINS:
            if is_bound_builtin(item):
                found = True
                pending.append(item.__self__)  # what it fills is checked after the call
        elif kind in CALL_WRAPPERS:
            found = True
            pending.extend(wrapped_callables(item))
        elif kind in agent_classes or plain_base(kind) is not None:
            found = found or plain_base(kind) is not None  # it crosses as an exact copy
            pending.extend(agent_contents(item))
            pending.append(kind)  # what its class holds is reachable through it
        elif isinstance(item, type) and item in agent_classes:
            pending.extend(agent_contents(item))
        elif isinstance(item, BaseException):
            pending.extend(value for _, value in exception_fields(item))
        elif kind is slice:  # what it holds is passed on as it is
            pending.extend((item.start, item.stop, item.step))
        elif isinstance(item, VIEWS):
            view: Any = item
            mapping = view.mapping  # read-only: what the dict holds, not the dict
            pending.extend(mapping.keys())
            pending.extend(mapping.values())
        elif hasattr(kind, "__next__") and not isinstance(item, type):
            pending.extend(iterator_contents(item))
    return found


VIEWS: tuple[type, ...] = (
    type({}.keys()),
    type({}.values()),
    type({}.items()),
)  # OrderedDict's subclass them


def iterator_contents(iterator: Any) -> tuple[Any, ...]:
    """What a builtin iterator (`iter(rows)`, `reversed`, `filter`, `itertools.chain`, a set's
    or a dict's iterator) will hand out, read from its `__reduce__` (the source it iterates,
    or a list of what is left): it cannot be iterated without being used up. An iterator that
    cannot say is refused rather than passed unchecked."""
    try:
        kind: Any = type(iterator)
        parts = kind.__reduce__(iterator)
    except Exception:
        parts = None
    if not isinstance(parts, tuple):
        raise TypeError(
            f"a {type(iterator).__name__} cannot be passed to an API: pass a list instead"
        )
    return parts[1:]  # parts[0] only rebuilds it: iter, reversed, the iterator's own type
