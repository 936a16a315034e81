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


class McpError(Exception):
    """Base of every MCP failure raised by react-repl.

    The MCP errors live here, not in react_repl.mcp, because an action must catch them by name:
    an error crossing from the parent is rebuilt in the worker only when the worker knows its
    class (see `HOST_ERRORS`), and the worker never imports the MCP side."""


class McpServerError(McpError, ConnectionError):
    """The server could not be started or reached, broke the protocol, or stopped."""


class McpToolError(McpError):
    """The tool ran and reported a failure (the result's `isError`)."""


class McpTimeoutError(McpError, TimeoutError):
    """A server did not start, or a tool did not answer, within its time limit."""


HOST_ERRORS: dict[str, type[Exception]] = {
    kind.__name__: kind for kind in (McpError, McpServerError, McpToolError, McpTimeoutError)
}
"""Exceptions of host functions that cross into actions as themselves, like builtin ones."""
