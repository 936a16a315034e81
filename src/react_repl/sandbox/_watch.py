"""What an API changed, during its call, in what the agent passed into it.

Agent code an API starts (a callback, a `__hash__`, a class it builds) can read anything the
agent passed in, through a global, so what the API put there must be made safe before that code
runs. Walking all of it at every such entry made an API that calls a key function over 1,000
rows take 12 s instead of 0.04 s. Comparing each container with a shallow copy taken at the
previous entry runs at C speed instead (an item still in its place is the same object, and `==`
takes identity for equality without calling `__eq__`), and only what changed is walked.
"""

from __future__ import annotations

import itertools
import operator
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

from ._plain import MAPPINGS, MUTABLE_CONTAINERS, container_base

_FACTORY: Any = defaultdict.default_factory  # type: ignore[misc]


class Watch:
    """Shallow copies of the mutable things one API call was given, in three groups so that
    exact lists and exact dicts (nearly everything agents pass) are compared by one `map`."""

    __slots__ = ("_agent_classes", "_groups", "_seen")

    def __init__(self, given: Mapping[int, Any], agent_classes: Collection[type]) -> None:
        self._agent_classes = agent_classes
        self._groups = (_Group(list.copy), _Group(dict.copy), _Group(_image, fresh=True))
        self._seen = 0
        self._take(given.values())

    def settle_changes(self, given: Mapping[int, Any], settle: Callable[[Any], None]) -> None:
        """Hands `settle` each watched thing that changed since the last look, and what was
        added to `given` since (a value agent code handed back), then copies them again."""
        for group in self._groups:
            group.settle_changes(settle)
        if len(given) > self._seen:
            added = list(itertools.islice(given.values(), self._seen, None))
            for item in added:
                settle(item)
            self._take(added)

    def _take(self, items: Iterable[Any]) -> None:
        lists, dicts, others = self._groups
        for item in items:
            kind = type(item)
            if kind is list:
                lists.add(item)
            elif kind is dict:
                dicts.add(item)
            elif self._mutable(item):
                others.add(item)
            self._seen += 1

    def _mutable(self, item: Any) -> bool:
        if isinstance(item, type):
            return item in self._agent_classes
        kind = type(item)
        return kind in self._agent_classes or container_base(kind) in MUTABLE_CONTAINERS


class _Group:
    """Things copied alike. With `fresh`, what is compared is a new copy (an object's
    attributes and contents); without, the thing itself (a list equals its copy)."""

    __slots__ = ("_copy", "_fresh", "_images", "_items")

    def __init__(self, copy: Callable[[Any], Any], fresh: bool = False) -> None:
        self._copy, self._fresh = copy, fresh
        self._items: list[Any] = []
        self._images: list[Any] = []

    def add(self, item: Any) -> None:
        self._items.append(item)
        self._images.append(self._copy(item))

    def settle_changes(self, settle: Callable[[Any], None]) -> None:
        for index in self._changed():
            settle(self._items[index])
            self._images[index] = self._copy(self._items[index])

    def _changed(self) -> list[int]:
        now = list(map(self._copy, self._items)) if self._fresh else self._items
        try:
            differs = map(operator.ne, now, self._images)
            return list(itertools.compress(range(len(now)), differs))
        except Exception:  # an __eq__ (the agent's is refused now) decides only its own item
            return [n for n, image in enumerate(self._images) if _differs(now[n], image)]


def _differs(now: Any, image: Any) -> bool:
    try:
        return bool(now != image)
    except Exception:
        return True


def _image(item: Any) -> tuple[Any, ...]:
    """What an agent object, an agent class or a container subclass holds, read through the
    base type's own methods (an agent override cannot hide an item)."""
    if isinstance(item, type):
        return (dict(vars(item)),)
    base: Any = container_base(type(item))
    if base in MAPPINGS:
        contents: list[Any] = list(base.items(item))
    else:
        contents = list(base.__iter__(item)) if base is not None else []
    if base is defaultdict:
        contents.append(_FACTORY.__get__(item))
    attributes = getattr(item, "__dict__", None)
    return (contents, dict(attributes) if attributes is not None else None)
