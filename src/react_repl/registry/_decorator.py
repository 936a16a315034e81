"""`@api`: explicit registration with metadata, and the declarations the sandbox enforces.

Misuse never raises at import time, because an exception there would take every other function of
the module down with it; the mark records what went wrong and the collector reports it with the
function's file and line.

Declarations say what a call does beyond returning a value, so the sandbox (call budgets, the OS
layer's network rule) and the approval and MCP layers can treat it accordingly:

* `side_effects=True`: the call sends, writes or deletes something outside the worker;
* `network=True`: the call needs the network;
* `max_calls_per_action=N`, `max_calls_per_run=N`: call budgets replacing the sandbox defaults;
* `read_only_arguments=True`: the call never changes what it is given (it only reads it), so
  the sandbox hands it copies and an agent callback it calls costs no comparison (see
  react_repl/sandbox/_unwrap.py); a call that changes them anyway fails, the change dropped.

They can be given to the decorator, or without it in a module-level dict, which keeps a module
free of any import from react_repl::

    __react_repl__ = {"send_x": {"side_effects": True, "max_calls_per_run": 20}}

Where both name the same key, the module-level dict wins.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypedDict, TypeVar, Unpack, overload

F = TypeVar("F", bound=Callable[..., Any])

MARK_ATTRIBUTE = "__react_repl_api__"
MODULE_DECLARATIONS = "__react_repl__"
_FLAGS = ("side_effects", "network", "read_only_arguments")
_BUDGETS = ("max_calls_per_action", "max_calls_per_run")
DECLARATION_KEYS = (*_FLAGS, *_BUDGETS)


@dataclass(frozen=True)
class Declaration:
    """What an API declares about itself; budgets None mean "the sandbox's default"."""

    side_effects: bool = False
    network: bool = False
    max_calls_per_action: int | None = None
    max_calls_per_run: int | None = None
    read_only_arguments: bool = False


class _Declared(TypedDict, total=False):
    """`Declaration`'s fields as `@api` keywords, so that type checkers check them too."""

    side_effects: bool
    network: bool
    max_calls_per_action: int | None
    max_calls_per_run: int | None
    read_only_arguments: bool


@dataclass(frozen=True)
class ApiMark:
    name: str | None
    tags: tuple[str, ...]
    misuse: str | None = None
    declared: tuple[tuple[str, Any], ...] = ()


@overload
def api(func: F, /) -> F: ...
@overload
def api(
    *, name: str | None = None, tags: Iterable[str] = (), **declared: Unpack[_Declared]
) -> Callable[[F], F]: ...
def api(
    func: Any = None, /, *, name: str | None = None, tags: Iterable[str] = (), **declared: Any
) -> Any:
    """Register a function as an API, optionally under another `name` and with search `tags`,
    and declare what it does (the keywords of `Declaration`, see the module docstring).

    Works bare (`@api`) and called (`@api(name="forecast", tags=["weather"], network=True)`).
    A decorated function counts as an API even when the module's `__all__` leaves it out.
    An unknown keyword is misuse like any other: reported, never raised at import time.
    """
    if isinstance(func, str):
        positional = f"@api({func!r}) passes the name positionally; write @api(name={func!r})"
        return _marker(ApiMark(None, (), positional))
    kept = tuple((key, value) for key, value in declared.items() if value is not None)
    marker = _marker(_build_mark(name, tags, kept))
    return marker if func is None else marker(func)


def _build_mark(name: Any, tags: Any, declared: tuple[tuple[str, Any], ...]) -> ApiMark:
    problem = _declaration_problem(dict(declared), "@api")
    if problem:
        return ApiMark(None, (), problem)
    if name is not None and not isinstance(name, str):
        return ApiMark(None, (), f"@api(name=...) needs a string, got {type(name).__name__}")
    if isinstance(tags, str):
        return ApiMark(name, (), f"@api(tags={tags!r}) needs a list of strings, not one string")
    try:
        tag_list = tuple(tags)
    except TypeError:
        return ApiMark(name, (), f"@api(tags=...) needs a list of strings, got {tags!r}")
    if not all(isinstance(tag, str) for tag in tag_list):
        return ApiMark(name, (), f"@api(tags=...) needs a list of strings, got {tag_list!r}")
    return ApiMark(name, tag_list, declared=declared)


def declaration_of(function: Callable[..., Any]) -> Declaration:
    """The decorator's declarations merged with the module-level `__react_repl__` entry.

    Raises ValueError with a message naming the function when either is malformed.
    """
    mark = getattr(function, MARK_ATTRIBUTE, None)
    values: dict[str, Any] = dict(mark.declared) if isinstance(mark, ApiMark) else {}
    if isinstance(mark, ApiMark) and mark.misuse:
        raise ValueError(mark.misuse)
    table = getattr(function, "__globals__", {}).get(MODULE_DECLARATIONS)
    name = getattr(function, "__name__", "?")
    if table is not None:
        if not isinstance(table, dict):
            raise ValueError(f"{MODULE_DECLARATIONS} must be a dict of function name -> dict")
        entry = table.get(name, {})
        if not isinstance(entry, dict):
            raise ValueError(f"{MODULE_DECLARATIONS}[{name!r}] must be a dict")
        problem = _declaration_problem(entry, f"{MODULE_DECLARATIONS}[{name!r}]")
        if problem:
            raise ValueError(problem)
        values.update(entry)
    return Declaration(**values)


def _declaration_problem(values: dict[str, Any], where: str) -> str | None:
    for key, value in values.items():
        if key not in DECLARATION_KEYS:
            return f"{where}: unknown declaration {key!r} (known: {', '.join(DECLARATION_KEYS)})"
        if key in _FLAGS and not isinstance(value, bool):
            return f"{where}: {key} must be True or False, got {value!r}"
        if key in _BUDGETS and (type(value) is not int or value < 1):
            return f"{where}: {key} must be a positive int, got {value!r}"
    return None


def _marker(mark: ApiMark) -> Callable[[F], F]:
    def mark_function(func: F) -> F:
        # Objects that take no attributes (builtins) are not defined in an API module anyway.
        with contextlib.suppress(AttributeError, TypeError):
            setattr(func, MARK_ATTRIBUTE, mark)
        return func

    return mark_function
