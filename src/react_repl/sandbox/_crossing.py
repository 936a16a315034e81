"""One pass over what came out of an API: plain containers copied, rich objects wrapped, and
the agent's own objects it meets checked in place (`Boundary` in `_boundary.py` runs them)."""

from __future__ import annotations

import contextlib
import operator
from collections import defaultdict, deque
from collections.abc import MutableMapping
from typing import TYPE_CHECKING, Any

from ._callbacks import AgentCallback, AgentGenerator
from ._kinds import Handle, HandOverRefused, exception_fields
from ._plain import (
    ATOMS,
    FACTORY,
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

if TYPE_CHECKING:
    from ._boundary import Boundary


class Crossing:
    __slots__ = ("boundary", "done", "given", "in_place", "memo", "pending", "stands_for")

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
        self.stands_for = boundary._stands_for

    def wrap(self, value: Any) -> Any:
        """Atoms are tested inline before recursing: a call per number or string would make a
        big query result cost several times what the API took to build it."""
        kind = type(value)
        if kind in ATOMS or id(value) in self.given:
            return value
        if id(value) in self.stands_for:  # a read-only API's copy, or the agent's value itself
            return self.stands_for[id(value)]
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
            factory = FACTORY.__get__(value) if plain is defaultdict else None
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
            factory = FACTORY.__get__(mapping)
            if not is_plain_factory(factory) and not self.boundary.agent_owned(factory):
                FACTORY.__set__(mapping, None)
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
