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
import operator
import threading
from collections import ChainMap, defaultdict, deque
from collections.abc import Collection, Iterator, MutableMapping
from typing import Any

from ._callbacks import AgentCallback, AgentGenerator
from ._handle import Handle, HandOverRefused
from ._kinds import (
    CALL_WRAPPERS,
    exception_fields,
    is_agent_code,
    is_agent_generator,
    is_bound_builtin,
)
from ._plain import (
    ATOMS,
    FROZEN,
    MAPPINGS,
    MOMENTS,
    MUTABLE_CONTAINERS,
    SEQUENCES,
    SETS,
    container_base,
    container_kind,
    is_plain_factory,
    is_plain_moment,
)
from ._reach import reach
from ._unwrap import unwrap
from ._watch import Watch

# the slot itself: an agent subclass cannot override it
_FACTORY: Any = defaultdict.default_factory  # type: ignore[misc]


class Boundary:
    """Converts arguments going into an API and results coming out of it."""

    def __init__(self, agent_classes: Collection[type]) -> None:
        self._agent_classes = agent_classes  # the live set: classes defined later count too
        self.calls_under_way = 0  # read by every agent function as it starts (`_entry.py`)
        self._idle = 0  # what calls_under_way is with no call under way (see `apis_loaded`)
        self._threads_before = 0
        self._given: list[dict[int, Any]] = []  # of each call under way, innermost last
        self._watches: list[Watch | None] = []  # of each call, once it has entered agent code
        self.handing_over = False  # while True, agent code is refused (see HandOverRefused)

    def apis_loaded(self) -> None:
        """A thread an API module started on import (an event bus's dispatcher) may enter agent
        code with no call under way: the entry check stays on, as after a call leaving one."""
        if threading.active_count() > 1:
            self._idle = self.calls_under_way = 1

    def begin_call(self, given: dict[int, Any]) -> None:
        if self.calls_under_way == self._idle:
            self._threads_before = threading.active_count()
        self.calls_under_way += 1
        self._given.append(given)
        self._watches.append(None)

    def end_call(self) -> bool:
        """A thread the API left running may start agent code at any time: then stay on.
        True if the call started agent code (for `settle`)."""
        self._given.pop()
        entered = self._watches.pop() is not None
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
        with self._handing_over():
            entered = any(watch is not None for watch in self._watches)
            crossing = _Crossing(self, self.given_under_way(), in_place=entered)
            self._settle_before_entry(crossing)
            for value in values:
                if self.agent_owned(value):
                    crossing.settle(value)
                    safe.append(value)
                else:
                    safe.append(crossing.wrap(value))
            crossing.finish()
            crossing.adopt_copies()
        return tuple(safe)

    def _settle_before_entry(self, crossing: _Crossing) -> None:
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
            crossing = _Crossing(self, given)
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
            crossing = _Crossing(self, given, in_place=entered)
            for item in list(given.values()):  # each once: `given` has no duplicates
                crossing.settle(item)
            crossing.finish()
            if self._given:  # agent code an outer call started resumes: as at an entry
                outer = _Crossing(self, self.given_under_way(), in_place=True)
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


class _Crossing:
    """One pass over what came out of an API: copies plain containers, wraps rich objects, and
    checks in place the agent-owned objects it meets (which may hold what the API put there)."""

    __slots__ = ("boundary", "done", "given", "in_place", "memo", "pending")

    def __init__(
        self, boundary: Boundary, given: MutableMapping[int, Any], in_place: bool = False
    ) -> None:
        """`in_place`: agent code ran during the call, so a list found in the agent's data may
        be one it made and holds elsewhere too (red-teaming found a property getter putting its
        list where the API filled it, kept in a global): such lists, dicts and sets become the
        agent's own and are made safe where they are, not copied."""
        self.boundary = boundary
        self.given = given
        self.in_place = in_place
        self.memo: dict[int, Any] = {}
        self.pending: list[Any] = []
        self.done: set[int] = set()

    def wrap(self, value: Any) -> Any:
        """Atoms are tested inline before recursing: a call per number or string would make a
        big query result cost several times what the API took to build it."""
        kind = type(value)
        if kind in ATOMS or id(value) in self.given:
            return value
        if id(value) in self.memo:
            copy: Any = self.memo[id(value)]
            return Handle(value) if copy is None else copy  # a cycle through a tuple
        if kind in MOMENTS:
            return value if is_plain_moment(value) else Handle(value)
        plain = container_kind(value)
        if plain is None:
            return self._foreign(value)
        try:
            return self._copy(value, kind, plain)
        except HandOverRefused:  # its keys or members hash with agent code
            self.memo[id(value)] = None
            return Handle(value)

    def _copy(self, value: Any, kind: Any, plain: type) -> Any:
        atoms, wrap = ATOMS, self.wrap
        if plain in MAPPINGS:
            factory = _FACTORY.__get__(value) if plain is defaultdict else None
            if not is_plain_factory(factory) and not self.boundary.agent_owned(factory):
                return Handle(value)
            mapping = self.memo[id(value)] = kind(factory) if plain is defaultdict else kind()
            for key, item in value.items():
                key = key if type(key) in atoms else wrap(key)
                mapping[key] = item if type(item) in atoms else wrap(item)
            return mapping
        if plain in SEQUENCES or plain in SETS:
            copy: Any = kind() if kind is not deque else deque(maxlen=value.maxlen)
            self.memo[id(value)] = copy
            add = copy.add if plain in SETS else copy.append
            for item in value:
                add(item if type(item) in atoms else wrap(item))
            return copy
        self.memo[id(value)] = None  # tuples and frozensets exist only once complete
        items = [item if type(item) in atoms else wrap(item) for item in value]
        del self.memo[id(value)]
        return kind(items) if kind is tuple or kind is frozenset else kind._make(items)

    def _foreign(self, value: Any) -> Any:
        if type(value) is AgentCallback or type(value) is AgentGenerator:
            return value.agent_value
        if self.boundary.agent_owned(value):
            self.pending.append(value)
            return value
        return Handle(value)

    def finish(self) -> None:
        while self.pending:
            item = self.pending.pop()
            if id(item) not in self.done:
                self.done.add(id(item))
                self.settle(item)

    def settle(self, item: Any) -> None:
        """Exact lists and dicts (most of what agents pass) are walked inline; the rest through
        the base type's own methods, which an agent subclass cannot override."""
        kind = type(item)
        if kind is list:
            atoms, given = ATOMS, self.given
            for index, value in enumerate(item):
                if type(value) not in atoms and id(value) not in given:
                    safe = self._safe(value)
                    if safe is not value:
                        item[index] = safe
            return
        if kind is dict:
            self._settle_mapping(item, dict)
            return
        if kind in ATOMS or kind is Handle or kind in FROZEN:
            return
        base = kind if kind in MUTABLE_CONTAINERS else container_base(kind)
        if base in SEQUENCES:
            self._settle_sequence(item, base)
        elif base in MAPPINGS:
            self._settle_mapping(item, base)
        elif base in SETS:
            self._settle_set(item)
        if isinstance(item, BaseException):
            self._settle_fields(item)
        if kind in self.boundary._agent_classes or (
            isinstance(item, type) and item in self.boundary._agent_classes
        ):
            self._settle_attributes(item)

    def _safe(self, item: Any) -> Any:
        if type(item) in ATOMS or id(item) in self.given:
            return item
        if self.in_place and type(item) in MUTABLE_CONTAINERS:
            self.given[id(item)] = item
            self.pending.append(item)
            return item
        return self.wrap(item)

    def adopt_copies(self) -> None:
        """The lists, dicts and sets copied here now belong to agent code, which is about to
        run: watched from now on like what the agent passed in."""
        for copy in self.memo.values():
            if type(copy) in MUTABLE_CONTAINERS:
                self.given[id(copy)] = copy

    def _settle_sequence(self, sequence: Any, base: Any) -> None:
        getitem, setitem = base.__getitem__, base.__setitem__
        for index in range(base.__len__(sequence)):
            item = getitem(sequence, index)
            if type(item) not in ATOMS and (safe := self._safe(item)) is not item:
                setitem(sequence, index, safe)

    def _settle_mapping(self, mapping: Any, base: Any) -> None:
        if base is defaultdict:
            factory = _FACTORY.__get__(mapping)
            if not is_plain_factory(factory) and not self.boundary.agent_owned(factory):
                _FACTORY.__set__(mapping, None)
        setitem, delitem = base.__setitem__, base.__delitem__
        atoms, given = ATOMS, self.given
        try:
            for key, item in list(base.items(mapping)):
                if (type(key) in atoms or id(key) in given) and (
                    type(item) in atoms or id(item) in given
                ):
                    continue
                new_key, new_item = self._safe(key), self._safe(item)
                if new_key is not key:
                    delitem(mapping, key)
                if new_key is not key or new_item is not item:
                    setitem(mapping, new_key, new_item)
        except HandOverRefused:  # an agent key's hash: what the API put here cannot stay
            base.clear(mapping)

    def _settle_set(self, items: Any) -> None:
        """Only the changed members move, so agent members are not hashed again (their hashes
        are kept in the set); an agent `__eq__` runs only on a hash collision, and is refused."""
        changed = [(m, new) for m in set.__iter__(items) if (new := self._safe(m)) is not m]
        if not changed:
            return
        try:  # a tuple the API made hashes the agent objects it holds
            set.difference_update(items, {raw for raw, _ in changed})
        except HandOverRefused:
            set.clear(items)
        for _, new in changed:
            with contextlib.suppress(HandOverRefused):
                set.add(items, new)

    def _settle_fields(self, error: BaseException) -> None:
        """An exception the agent passed: an API may have set its `args` or fields."""
        for slot, value in exception_fields(error):
            if type(value) is tuple:  # `args`: a tuple the API may have replaced
                safe: Any = tuple(self._safe(part) for part in value)
                changed = any(map(operator.is_not, safe, value))
            else:
                safe = self._safe(value)
                changed = safe is not value
            if changed:
                slot.__set__(error, safe)

    def _settle_attributes(self, owner: Any) -> None:
        """Instances and classes the agent defined: `vars()` is their only storage (the compiler
        refuses `__slots__`), and only public names are reachable from agent code."""
        for name, item in list(vars(owner).items()):
            if name.startswith("_") or type(item) in ATOMS:
                continue
            safe = self._safe(item)
            if safe is not item:
                if isinstance(owner, type):
                    type.__setattr__(owner, name, safe)
                else:
                    owner.__dict__[name] = safe
