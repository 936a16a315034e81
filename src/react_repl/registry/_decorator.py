"""`@api`: explicit registration with metadata.

Misuse never raises at import time, because an exception there would take every other function of
the module down with it; the mark records what went wrong and the collector reports it with the
function's file and line.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar, overload

F = TypeVar("F", bound=Callable[..., Any])

MARK_ATTRIBUTE = "__react_repl_api__"


@dataclass(frozen=True)
class ApiMark:
    name: str | None
    tags: tuple[str, ...]
    misuse: str | None = None


@overload
def api(func: F, /) -> F: ...
@overload
def api(
    func: None = None, /, *, name: str | None = None, tags: Iterable[str] = ()
) -> Callable[[F], F]: ...
def api(func: Any = None, /, *, name: str | None = None, tags: Iterable[str] = ()) -> Any:
    """Register a function as an API, optionally under another `name` and with search `tags`.

    Works bare (`@api`) and called (`@api(name="forecast", tags=["weather"])`). A decorated
    function counts as an API even when the module's `__all__` leaves it out.
    """
    if isinstance(func, str):
        positional = f"@api({func!r}) passes the name positionally; write @api(name={func!r})"
        return _marker(ApiMark(None, (), positional))
    mark = _build_mark(name, tags)
    if func is None:
        return _marker(mark)
    return _marker(mark)(func)


def _build_mark(name: Any, tags: Any) -> ApiMark:
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
    return ApiMark(name, tag_list)


def _marker(mark: ApiMark) -> Callable[[F], F]:
    def mark_function(func: F) -> F:
        # Objects that take no attributes (builtins) are not defined in an API module anyway.
        with contextlib.suppress(AttributeError, TypeError):
            setattr(func, MARK_ATTRIBUTE, mark)
        return func

    return mark_function
