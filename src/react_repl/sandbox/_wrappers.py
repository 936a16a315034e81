"""What the agent holds instead of a real API function: its only public surface is being
callable. What the API raises crosses rebuilt (`rebuilt` in `_host.py`), what it returns
through `Boundary` (`_boundary.py`), so nothing of the API's own objects reaches the action."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from react_repl._secrets import shown_signature

from ._boundary import Boundary
from ._budget import Meter
from ._capture import ActionScope
from ._guards import INTERNAL_VALUES
from ._host import rebuilt
from ._references import readable_signature
from ._unwrap import Shadow

if TYPE_CHECKING:
    from ._namespace import StopState  # it imports this module

HINT_ATTRIBUTE = "__sandbox_hint__"


class ApiFunction:
    __slots__ = (
        "__signature__", "_boundary", "_doc", "_function", "_meter", "_name", "_read_only",
        "_scope", "_stop",
    )  # fmt: skip

    def __init__(
        self, name: str, function: Callable[..., Any], boundary: Boundary, meter: Meter,
        stop: StopState, scope: ActionScope, read_only: bool = False,
    ) -> None:  # fmt: skip
        """`read_only`: the API declared `read_only_arguments` (see `Shadow`)."""
        self._name = name
        self._read_only = read_only
        self._scope = scope
        self._function = function
        self._boundary = boundary
        self._meter = meter
        self._stop = stop
        self.__signature__: inspect.Signature | None = readable_signature(function)
        self._doc = inspect.getdoc(function)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """After `stop()` nothing more is done for the action, whatever caught the stop: not
        before the call, and not after an API that swallowed its callback's stop. Nor for an
        action that has ended, from a thread its API left running (see `ActionScope`)."""
        self._scope.check(self._name)
        self._stop.unwind()
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

    def _sanitise(
        self, error: BaseException, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> BaseException:
        clean = rebuilt(error)
        hint = self._hint(error, args, kwargs)
        if hint:
            setattr(clean, HINT_ATTRIBUTE, hint)
        return clean

    def _hint(self, error: BaseException, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
        """What the call got wrong: arguments that do not fit the signature."""
        if isinstance(error, TypeError) and not self._arguments_fit(args, kwargs):
            return f"the signature is {self.signature_line()}"
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
