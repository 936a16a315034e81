"""Host functions: parent-side functions an action may call (method_search, recall, MCP tools),
and how their errors and an API's cross into an action: rebuilt from type name, message and
plain arguments, so no traceback, frame, `__cause__` or request object (with its headers)
crosses with them.

Most return a value the action keeps (`time = current_time("Europe/Paris")`); a few exist to show
text to the model, the way method_search lists signatures, and print their result instead. Such
a function says so with `prints_result`.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Mapping, Sequence
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


_MAX_ARGUMENTS = 8
_MAX_ARGUMENT_CHARS = 10_000
_MAX_INT_BITS = 1024  # str() of a bigger int may exceed the interpreter's digit limit
# Plain text builtin exceptions take as keyword-only constructor arguments (not in `args`).
_KEYWORD_FIELDS: tuple[tuple[type[BaseException], tuple[str, ...]], ...] = (
    (ImportError, ("name", "path")),
    (NameError, ("name",)),
    (AttributeError, ("name",)),
)


def builtin_exception(name: str) -> type[BaseException] | None:
    """The builtin exception type, or host error type (see `HOST_ERRORS`), of that name."""
    candidate = HOST_ERRORS.get(name) or getattr(builtins, name, None)
    if isinstance(candidate, type) and issubclass(candidate, BaseException):
        return candidate
    return None


def rebuild_exception(
    name: str,
    message: str,
    arguments: Sequence[Any] | None = None,
    fields: Mapping[str, Any] | None = None,
) -> BaseException:
    """A fresh exception of the same builtin type, or RuntimeError naming a foreign type. Built from
    `arguments` (see `plain_arguments`) when there are some: rebuilt from its text, a KeyError's key
    became its repr, and `KeyError: 'x'` read `KeyError: "'x'"`. `fields` are its keyword fields
    (see `plain_fields`); only those its type has, and only exact strings."""
    kind = builtin_exception(name)
    if kind is not None:
        attempts = [(message,)] if arguments is None else [tuple(arguments), (message,)]
        keywords = _checked_fields(kind, fields or {})
        for given, named in [(given, keywords) for given in attempts] + [((message,), {})]:
            try:
                return kind(*given, **named)
            except Exception:  # some builtins (UnicodeDecodeError) need more arguments
                pass
    return RuntimeError(f"{name}: {message}" if message else name)


def plain_arguments(error: BaseException) -> tuple[Any, ...] | None:
    """What rebuilds a builtin exception as the API raised it, if it is plain data of bounded
    size: its args, or for an OSError its errno, strerror and file names (which open() does
    not put in args). None for anything else (an object, a str subclass with methods of its
    own, a huge value); that error crosses as its text only."""
    if isinstance(error, OSError) and error.errno is not None:
        arguments = _os_arguments(error)
    else:
        arguments = tuple(error.args)
    if len(arguments) > _MAX_ARGUMENTS or not all(map(_plain, arguments)):
        return None
    return arguments


def plain_fields(error: BaseException) -> dict[str, str]:
    """The keyword fields of a builtin exception that are plain text: `NameError.name`,
    `AttributeError.name` (never its `obj`), `ImportError.name` and `.path`. Their constructors take
    them as keywords, so they are not in `args` and were lost, while an OSError's errno and file
    name crossed. Exact, bounded `str` only: a str subclass could carry methods of the API's."""
    names = _fields_of(type(error))
    return _checked_fields(type(error), {name: getattr(error, name, None) for name in names})


def _fields_of(kind: type[BaseException]) -> tuple[str, ...]:
    for base, names in _KEYWORD_FIELDS:
        if issubclass(kind, base):
            return names
    return ()


def _checked_fields(kind: type[BaseException], fields: Mapping[str, Any]) -> dict[str, str]:
    """What `rebuild_exception` was given (from the pipe, for a host function), checked again."""
    return {
        field: value
        for field in _fields_of(kind)
        if type(value := fields.get(field)) is str and len(value) <= _MAX_ARGUMENT_CHARS
    }


def _os_arguments(error: OSError) -> tuple[Any, ...]:
    """OSError(errno, strerror, filename, winerror, filename2), as short as it can be."""
    if error.filename2 is not None:
        return (error.errno, error.strerror, error.filename, None, error.filename2)
    if error.filename is not None:
        return (error.errno, error.strerror, error.filename)
    return (error.errno, error.strerror)


def _plain(value: Any) -> bool:
    kind = type(value)
    if kind is str:
        return len(value) <= _MAX_ARGUMENT_CHARS
    if kind is int:
        return value.bit_length() <= _MAX_INT_BITS
    return kind in (float, bool, type(None))


def message_of(error: BaseException, fallback: str = "") -> str:
    """An error whose `__str__` raises is still worth reporting, and must not crash the report."""
    try:
        return str(error)
    except Exception:
        return fallback


def rebuilt(error: BaseException) -> BaseException:
    """A fresh exception of the builtin type of `error` (or a RuntimeError naming a foreign
    type) holding only its message and plain arguments."""
    kind, message = type(error), message_of(error)
    if builtin_exception(kind.__name__) is not kind:
        return RuntimeError(f"{kind.__name__}: {message}")
    return rebuild_exception(kind.__name__, message, plain_arguments(error), plain_fields(error))
