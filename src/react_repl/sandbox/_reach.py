"""Everything agent code passes into an API call, found before the call.

An iterator or a dict view over the agent's lists hands the API those lists as it iterates, so
what they reach is found too: a view through its `mapping`, a builtin iterator through what its
`__reduce__` says it holds (red-teaming found `stash_inside(iter(rows))` filling the agent's
lists unchecked, through every kind of iterator and view).
"""

from __future__ import annotations

import types
from collections.abc import Collection
from typing import Any

from ._handle import Handle
from ._kinds import (
    BOUND_BUILTINS,
    CALL_WRAPPERS,
    CODE_TYPES,
    agent_contents,
    exception_fields,
    is_agent_code,
    is_agent_generator,
    is_bound_builtin,
    wrapped_callables,
)
from ._plain import ATOMS, CONTAINERS, MAPPINGS, container_kind, plain_base


def reach(value: Any, given: dict[int, Any], agent_classes: Collection[type]) -> bool:
    """Records every object (but atoms) reachable through containers and agent objects;
    True if a handle, a function or a generator of the agent's, or an instance of a subclass of
    a plain type, is among them (each is converted on its way in, see `_unwrap.py`).
    Iterative and allocation-light: agents pass big lists to APIs."""
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
