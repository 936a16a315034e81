"""Agent values on their way into an API: handles and agent code inside them are converted.

Containers pass as they are unless something in them changes, since APIs may mutate what they
are given; a container that holds a converted item is rebuilt with its own type.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

from ._plain import ATOMS, container_kind


def unwrap(value: Any, active: set[int], convert: Callable[[Any], Any]) -> Any:
    """Agent containers pass as they are unless something in them is converted (handles,
    callbacks): APIs may mutate what they are given."""
    if type(value) in ATOMS or id(value) in active:
        return value
    plain = container_kind(value)
    if plain is None:
        return convert(value)
    active.add(id(value))
    if isinstance(value, dict):
        old: list[Any] = list(value.items())
        new: list[Any] = [(unwrap(k, active, convert), unwrap(v, active, convert)) for k, v in old]
        changed = any(a is not k or b is not v for (a, b), (k, v) in zip(new, old, strict=True))
        result = _rebuild_mapping(value, new) if changed else value
    else:
        old = list(value)
        new = [unwrap(item, active, convert) for item in old]
        changed = any(a is not b for a, b in zip(new, old, strict=True))
        result = _rebuild(value, new) if changed else value
    active.discard(id(value))
    return result


def _rebuild_mapping(value: Any, items: list[tuple[Any, Any]]) -> Any:
    if type(value) is defaultdict:
        return defaultdict(value.default_factory, items)
    return type(value)(items)


def _rebuild(value: Any, items: list[Any]) -> Any:
    kind = type(value)
    return kind(items) if container_kind(value) is kind else kind._make(items)
