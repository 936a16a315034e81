"""What the agent holds instead of a real API function.

A wrapper's only public surface is being callable. Whatever an API raises is rebuilt from its
type name and message (and its arguments, when they are plain data), so no traceback, frame,
`__cause__` or request object (with its headers) crosses back into the namespace; what it
returns crosses through `Boundary` (`_boundary.py`).
"""

from __future__ import annotations

import builtins
import copy
import functools
import inspect
import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from react_repl._secrets import shown_signature

from ._answer import is_plain_data
from ._boundary import Boundary
from ._budget import Meter
from ._capture import ActionScope
from ._host import HOST_ERRORS
from ._lookups import record_for_id
from ._references import readable_signature
from ._unwrap import Shadow

if TYPE_CHECKING:
    from ._namespace import StopState  # it imports this module

_INTERNALS = (types.ModuleType, types.FrameType, types.TracebackType, types.CodeType)
HINT_ATTRIBUTE = "__sandbox_hint__"
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
    """A fresh exception of the same builtin type, or RuntimeError naming a foreign type.

    Built from `arguments` (see `plain_arguments`) when there are some: rebuilt from its text,
    a KeyError's key became its repr, and `KeyError: 'x'` read `KeyError: "'x'"`. `fields` are
    its keyword fields (see `plain_fields`); only those its type has, and only exact strings."""
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
    `AttributeError.name` (never its `obj`), `ImportError.name` and `.path`. Their
    constructors take them as keywords, so they are not in `args` and were lost, while an
    OSError's errno and file name crossed. Exact, bounded `str` only: a str subclass could
    carry methods of the API's."""
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


class ApiFunction:
    """Calls a registered API and sanitises what comes back."""

    __slots__ = (
        "__signature__", "_boundary", "_doc", "_function", "_ledger", "_meter", "_name",
        "_read_only", "_scope", "_stop",
    )  # fmt: skip

    def __init__(
        self,
        name: str,
        function: Callable[..., Any],
        boundary: Boundary,
        meter: Meter,
        stop: StopState,
        scope: ActionScope,
        ledger: WriteLedger | None = None,
        read_only: bool = False,
    ) -> None:
        """`read_only`: the API declared `read_only_arguments` (see `Shadow`)."""
        self._name = name
        self._read_only = read_only
        self._scope = scope
        self._function = function
        self._boundary = boundary
        self._meter = meter
        self._stop = stop
        self._ledger = ledger if ledger is not None and name in ledger.write_apis else None
        self.__signature__: inspect.Signature | None = readable_signature(function)
        self._doc = inspect.getdoc(function)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """After `stop()` nothing more is done for the action, whatever caught the stop: not
        before the call, and not after an API that swallowed its callback's stop. Nor for an
        action that has ended, from a thread its API left running (see `ActionScope`)."""
        self._scope.check(self._name)
        self._stop.unwind()
        replayed = self._replayed(args, kwargs)
        if not is_missing(replayed):
            return replayed
        self._meter.charge(self._name)
        plain_args, plain_kwargs, given, shadow = self._inbound(args, kwargs)
        self._boundary.begin_call(given, shadow)
        clean: BaseException | None = None
        try:
            result = self._function(*plain_args, **plain_kwargs)
        except BaseException as error:  # everything is rebuilt, nothing is lost
            clean = self._sanitise(error, plain_args, plain_kwargs)
        else:
            self._stop.unwind()
            if isinstance(result, _INTERNALS):
                raise TypeError(f"{self._name}() returned an interpreter internal; not passed on")
            if self._ledger is not None:
                key = call_key(self._name, self.__signature__, plain_args, plain_kwargs)
                self._ledger.record(key, result)
            safe = self._boundary.outbound(result, given)
        finally:
            self._meter.done(self._name)
            self._boundary.settle(given, entered=self._boundary.end_call())
        if clean is None:
            if shadow is not None and shadow.changed():
                raise RuntimeError(
                    f"{self._name}() is declared never to change what it is given "
                    "(read_only_arguments), but it did; the change did not reach your values"
                )
            return safe
        self._stop.unwind()  # the stop itself, raised through the API, is not an error
        raise clean

    def _inbound(
        self, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> tuple[tuple[Any, ...], dict[str, Any], dict[int, Any], Shadow | None]:
        """What the API receives: copies, for a read-only API whose arguments allow them."""
        copied = self._boundary.inbound_copies(args, kwargs) if self._read_only else None
        if copied is not None:
            return copied[0], copied[1], {}, copied[2]
        return (*self._boundary.inbound(args, kwargs), None)

    def _replayed(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """A write's first result when it already ran with these arguments (see `WriteLedger`)."""
        if self._ledger is None:
            return MISSING
        plain_args, plain_kwargs, given = self._boundary.inbound(args, kwargs)
        try:
            key = call_key(self._name, self.__signature__, plain_args, plain_kwargs)
            call = functools.partial(self._call_text, plain_args, plain_kwargs)  # only on a replay
            earlier = self._ledger.earlier_result(key, call)
            return earlier if is_missing(earlier) else self._boundary.outbound(earlier, given)
        finally:
            self._boundary.settle(given)

    def _call_text(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
        shown = [repr(arg) for arg in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
        return f"{self._name}({', '.join(shown)})"

    def _sanitise(
        self, error: BaseException, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> BaseException:
        kind, message = type(error), message_of(error)
        if builtin_exception(kind.__name__) is kind:
            clean = rebuild_exception(
                kind.__name__, message, plain_arguments(error), plain_fields(error)
            )
        else:
            clean = RuntimeError(f"{kind.__name__}: {message}")
        hint = self._hint(error, args, kwargs)
        if hint:
            setattr(clean, HINT_ATTRIBUTE, hint)
        return clean

    def _hint(self, error: BaseException, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
        """What the call got wrong: arguments that do not fit the signature, or a whole record
        passed where its id was wanted."""
        if isinstance(error, TypeError) and not self._arguments_fit(args, kwargs):
            return f"the signature is {self.signature_line()}"
        if isinstance(error, Exception):
            return record_for_id(self.__signature__, args, kwargs)
        return ""

    def _arguments_fit(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
        if self.__signature__ is None:
            return True
        try:
            self.__signature__.bind(*args, **kwargs)
        except TypeError:
            return False
        return True

    def signature_line(self) -> str:
        """Its repr, help() and the TypeError hint show defaults by rule 1 of _secrets.py."""
        if self.__signature__ is None:
            return f"{self._name}(...)"
        return f"{self._name}{shown_signature(self._function, self.__signature__)}"

    def help_text(self) -> str:
        return self.signature_line() + (f"\n\n{self._doc}" if self._doc else "")

    def __repr__(self) -> str:
        return f"<function {self.signature_line()}>"


def message_of(error: BaseException, fallback: str = "") -> str:
    """An error whose `__str__` raises is still worth reporting, and must not crash the report."""
    try:
        return str(error)
    except Exception:
        return fallback


class HostFunction(ApiFunction):
    """Runs in the parent process; the worker forwards JSON arguments and returns the JSON
    value (or prints the text of a function marked with prints_result)."""

    __slots__ = ("_signature_text",)

    def __init__(
        self,
        name: str,
        signature: str,
        doc: str | None,
        call: Callable[..., Any],
        meter: Meter,
        stop: StopState,
        scope: ActionScope,
    ) -> None:
        super().__init__(name, call, Boundary(()), meter, stop, scope)
        self.__signature__ = None
        self._doc = doc.split("\n\n", 1)[0] if doc else doc  # its summary, not its internals
        self._signature_text = signature

    def _arguments_fit(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
        return False

    def signature_line(self) -> str:
        return f"{self._name}{self._signature_text}"


_NOTE = (
    "[{call} already ran with these arguments earlier in this run: its result is used again, "
    "the change was not made twice.]\n"
)
_MAX_CALL_TEXT = 160
MISSING = object()


class WriteLedger:
    """Writes already made in this run, so that running a program again does not make them
    twice: a model that writes its whole solution as one program runs it again after a later
    line fails, and the refund near the top would happen a second time. A write API (declared
    with `side_effects`) called again with the same arguments returns its first result, and the
    observation says so. It lives in the worker: a restarted worker starts with an empty one."""

    def __init__(self, write_apis: Iterable[str], note: Callable[[str], Any]) -> None:
        self.write_apis = frozenset(write_apis)
        self._note = note
        self._done: dict[str, Any] = {}

    def earlier_result(self, key: str | None, call: Callable[[], str]) -> Any:
        """The first result of this very call, or `MISSING`; says so in the observation.

        `call` renders the call for the note; it runs only for a keyed (plain-data) call."""
        if key is None or key not in self._done:
            return MISSING
        self._note(_NOTE.format(call=call()[:_MAX_CALL_TEXT]))
        return copy.deepcopy(self._done[key])

    def record(self, key: str | None, result: Any) -> None:
        if key is None:
            return
        try:
            self._done[key] = copy.deepcopy(result)
        except Exception:  # a result that cannot be copied cannot be handed out again
            return


def call_key(
    name: str, signature: inspect.Signature | None, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> str | None:
    """The call with its arguments bound by name (defaults applied), or None when they do not
    bind or are not plain data: such a call is simply run. Only plain data is keyed, so making
    the key never runs code the agent defined (an object's own __repr__)."""
    if not is_plain_data([*args, *kwargs.values()]):
        return None
    try:
        if signature is None:
            return f"{name}{args!r}{sorted(kwargs.items())!r}"
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return f"{name}{sorted(bound.arguments.items())!r}"
    except Exception:
        return None


def is_missing(value: Any) -> bool:
    return value is MISSING
