"""Host functions: parent-side functions an action may call (method_search, recall, MCP tools).

Most return a value the action keeps (`time = current_time("Europe/Paris")`); a few exist to show
text to the model, the way method_search lists signatures, and print their result instead. Such
a function says so with `prints_result`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
PRINTS_ATTRIBUTE = "__react_repl_prints__"


def prints_result(function: F) -> F:
    """Mark a host function whose result is text for the model to read: the action prints it
    (and gets None), as a bare `method_search("...")` line must show its hits."""
    setattr(function, PRINTS_ATTRIBUTE, True)
    return function


def prints(function: Callable[..., Any]) -> bool:
    return bool(getattr(function, PRINTS_ATTRIBUTE, False))
