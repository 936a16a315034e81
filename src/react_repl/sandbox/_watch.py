"""What an API changed, during its call, in what the agent passed into it.

Agent code an API starts (a callback, a `__hash__`, a class it builds) can read anything the
agent passed in, through a global, so what the API put there must be made safe before that code
runs. Walking all of it at every such entry made an API that calls a key function over 1,000
rows take 12 s instead of 0.04 s. Comparing what each container holds, by identity, with what
it held at the previous entry runs at C speed instead, and only what changed is walked.
"""

from __future__ import annotations

import itertools
import operator
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

from ._kinds import exception_fields
from ._plain import FACTORY, MAPPINGS, MUTABLE_CONTAINERS, container_base
from ._unwrap import identical


class Watch:
    """What each mutable thing one API call was given held at the last look, in three groups so
    that exact lists and exact dicts (nearly everything agents pass) are compared at C speed."""

    __slots__ = ("_agent_classes", "_groups", "_seen")

    def __init__(self, given: Mapping[int, Any], agent_classes: Collection[type]) -> None:
        self._agent_classes = agent_classes
        self._groups = (
            _Group(list.copy, parts=iter),
            _Group(_dict_flat, parts=_dict_parts),
            _Group(_image),
        )
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
        return (
            kind in self._agent_classes
            or container_base(kind) in MUTABLE_CONTAINERS
            or isinstance(item, BaseException)  # its `args` can be set
        )


class _Group:
    """Things imaged alike, each as the flat list of the objects it holds, compared by
    identity: `==` can lie (red-teaming found an agent class whose `__eq__` is the builtin
    `bool`, which runs no agent code to refuse, and an API object equal to anything, hiding a
    replaced value). A group is checked at once: the sizes, then everything held, chained, by
    `is not`. With `parts` (exact lists and dicts) that runs at C speed: `parts` lays out what
    the items hold now as their images do, without a Python call per item."""

    __slots__ = ("_flat", "_images", "_items", "_parts", "_sizes")

    def __init__(
        self,
        flat: Callable[[Any], list[Any]],
        parts: Callable[[list[Any]], Iterable[Iterable[Any]]] | None = None,
    ) -> None:
        self._flat, self._parts = flat, parts
        self._items: list[Any] = []
        self._images: list[list[Any]] = []
        self._sizes: list[int] = []  # len(item) with `parts`, else len(image)

    def add(self, item: Any) -> None:
        image = self._flat(item)
        self._items.append(item)
        self._images.append(image)
        self._sizes.append(len(item) if self._parts is not None else len(image))

    def settle_changes(self, settle: Callable[[Any], None]) -> None:
        if not self._items:  # most calls give no agent object: nothing to image at all
            return
        for index in self._changed():
            item = self._items[index]
            settle(item)
            image = self._images[index] = self._flat(item)
            self._sizes[index] = len(item) if self._parts is not None else len(image)

    def _changed(self) -> list[int]:
        now: list[list[Any]] | None = None
        if self._parts is None:
            now = images_now = list(map(self._flat, self._items))
            sizes = list(map(len, images_now))
            held = itertools.chain.from_iterable(images_now)
        else:
            sizes = list(map(len, self._items))  # exact lists and dicts: exact ints
            held = itertools.chain.from_iterable(self._parts(self._items))
        images = itertools.chain.from_iterable(self._images)
        if sizes == self._sizes and not any(map(operator.is_not, held, images)):
            return []
        return [
            n
            for n, image in enumerate(self._images)
            if not identical(now[n] if now is not None else self._flat(self._items[n]), image)
        ]


def _dict_parts(dicts: list[dict[Any, Any]]) -> Iterable[Iterable[Any]]:
    """Each dict's keys, then its values, as `_dict_flat` lays them out."""
    return itertools.chain.from_iterable(
        zip(map(dict.keys, dicts), map(dict.values, dicts), strict=True)
    )


def _dict_flat(item: dict[Any, Any]) -> list[Any]:
    return [*item, *item.values()]


_APART = object()  # between what a thing holds and its attributes in its flat image


def _image(item: Any) -> list[Any]:
    """What an agent object, an agent class or a container subclass holds, read through the
    base type's own methods (an agent override cannot hide an item)."""
    if isinstance(item, type):
        return list(itertools.chain.from_iterable(vars(item).items()))
    base: Any = container_base(type(item))
    if base in MAPPINGS:
        contents: list[Any] = list(itertools.chain.from_iterable(base.items(item)))
    else:
        contents = list(base.__iter__(item)) if base is not None else []
    if base is defaultdict:
        contents.append(FACTORY.__get__(item))
    if isinstance(item, BaseException):
        contents.extend(value for _, value in exception_fields(item))
    attributes = getattr(item, "__dict__", None)
    if attributes is not None:
        contents.append(_APART)
        contents.extend(itertools.chain.from_iterable(attributes.items()))
    return contents
