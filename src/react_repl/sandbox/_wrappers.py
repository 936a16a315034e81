"""What the agent holds instead of a real API function: its only public surface is being
callable. What the API raises crosses rebuilt (`rebuilt` in `_host.py`), what it returns
through `Boundary` (`_boundary.py`), so nothing of the API's own objects reaches the action."""

from __future__ import annotations

import copy
import functools
import inspect
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from react_repl._secrets import shown_signature

from ._answer import is_plain_data
from ._boundary import Boundary
from ._budget import Meter
from ._capture import ActionScope
from ._guards import INTERNAL_VALUES
from ._host import rebuilt
from ._lookups import record_for_id
from ._references import readable_signature
from ._unwrap import Shadow

if TYPE_CHECKING:
    from ._namespace import StopState  # it imports this module

HINT_ATTRIBUTE = "__sandbox_hint__"


class ApiFunction:
    __slots__ = (
        "__signature__", "_boundary", "_doc", "_function", "_ledger", "_meter", "_name",
        "_read_only", "_scope", "_stop",
    )  # fmt: skip

    def __init__(
        self, name: str, function: Callable[..., Any], boundary: Boundary, meter: Meter,
        stop: StopState, scope: ActionScope, ledger: WriteLedger | None = None,
        read_only: bool = False,
    ) -> None:  # fmt: skip
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
        if replayed is not MISSING:
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
            if isinstance(result, INTERNAL_VALUES):
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
            return earlier if earlier is MISSING else self._boundary.outbound(earlier, given)
        finally:
            self._boundary.settle(given)

    def _call_text(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
        shown = [repr(arg) for arg in args] + [f"{k}={v!r}" for k, v in kwargs.items()]
        return f"{self._name}({', '.join(shown)})"

    def _sanitise(
        self, error: BaseException, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> BaseException:
        clean = rebuilt(error)
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


class HostFunction(ApiFunction):
    """Runs in the parent process; the worker forwards JSON arguments and returns the JSON
    value (or prints the text of a function marked with prints_result)."""

    __slots__ = ("_signature_text",)

    def __init__(
        self, host: Mapping[str, Any], call: Callable[..., Any], meter: Meter, stop: StopState,
        scope: ActionScope,
    ) -> None:  # fmt: skip
        """`host`: its name, signature text and docstring, as the parent described it."""
        super().__init__(host["name"], call, Boundary(()), meter, stop, scope)
        self.__signature__ = None
        doc = host["doc"]
        self._doc = doc.split("\n\n", 1)[0] if doc else doc  # its summary, not its internals
        self._signature_text = host["signature"]

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
        """The first result of this very call, or `MISSING`; says so in the observation. `call`
        renders the call for the note; it runs only for a keyed (plain-data) call."""
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
