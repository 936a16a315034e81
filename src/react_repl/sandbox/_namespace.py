"""The builtins an action sees, assembled name by name.

Nothing is copied from `builtins` wholesale and RestrictedPython's `utility_builtins` is not used
(it carries the `string` module of the `AttributeError.obj` advisory).
"""

from __future__ import annotations

import builtins
import inspect
import sys
from collections.abc import Callable, Mapping
from typing import Any

from react_repl._secrets import shown_signature

from ._answer import answer_value
from ._capture import Capture
from ._catalogue import ModuleProxy
from ._guards import Guards
from ._host import HOST_ERRORS
from ._kinds import AGENT_FILES
from ._wrappers import ApiFunction

_SAFE_BUILTINS = (
    "abs", "all", "any", "ascii", "bin", "bool", "bytearray", "bytes", "callable", "chr",
    "classmethod", "complex", "dict", "divmod", "enumerate", "filter", "float", "format",
    "frozenset", "hash", "hex", "id", "int", "isinstance", "issubclass", "iter", "len", "list",
    "map", "max", "min", "next", "oct", "ord", "pow", "property", "range", "repr", "reversed",
    "round", "set", "slice", "sorted", "staticmethod", "str", "sum", "tuple", "zip",
    "Ellipsis", "NotImplemented",
)  # fmt: skip


PROTECTED_BUILTINS = frozenset({"stop", "help"})
"""Besides every API and host function: names an action may not rebind (see _compiler.py)."""


def make_import(importable: Mapping[str, Any]) -> Callable[..., Any]:
    def __import__(
        name: str, globals: Any = None, locals: Any = None, fromlist: Any = None, level: int = 0
    ) -> Any:
        if type(name) is str and level == 0 and type(fromlist) is not list and name in importable:
            return importable[name]
        return _import(name, globals, locals, fromlist, level)

    return __import__


def _import(
    name: str, globals: Any = None, locals: Any = None, fromlist: Any = None, level: int = 0
) -> None:
    """Refuses every import the agent writes, but not the ones C code makes on its behalf:
    `datetime.strftime` imports `time` through the calling frame's `__import__`, this one.
    CPython's PyImport_Import passes an empty *list* as `fromlist` and reads the module from
    `sys.modules` (`import x` passes None, `from x import y` a tuple), so a C-level import of a
    module already loaded before any agent code ran is answered with None: nothing reaches agent
    code, and no module is ever loaded on the agent's behalf."""
    c_level = type(fromlist) is list and not fromlist and level == 0
    if c_level and type(name) is str and name in sys.modules:
        return None
    raise ImportError(f"import of '{name}' is not allowed in the sandbox", name=str(name))


class SandboxFunction:
    """`stop` and `help` as the agent sees them: a call, a signature and a docstring. A plain
    closure would print as `<function make_stop.<locals>.stop at 0x7f…>`, naming the machinery."""

    def __init__(self, function: Callable[..., Any]) -> None:
        function.__qualname__ = function.__name__  # TypeError messages name `stop()` only
        self._function = function
        self.__name__ = function.__name__
        self.__doc__ = function.__doc__
        self.__signature__ = inspect.signature(function)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._function(*args, **kwargs)

    def __dir__(self) -> list[str]:
        return []

    def __repr__(self) -> str:
        return f"<function {self.__name__}{self.__signature__}>"


def _dir(*target: Any) -> list[str]:
    """Public names only: the agent's own and the APIs without arguments (the caller's locals
    inside a function), an object's public attributes with one. No guard hook, no builtins."""
    if len(target) > 1:
        raise TypeError(f"dir expected at most 1 argument, got {len(target)}")
    if target:
        names: Any = builtins.dir(target[0])
    else:
        caller = sys._getframe(1)
        # handed to an API (a `defaultdict(dir)` it fills), it would list the API's locals
        agent = caller.f_code.co_filename.startswith(AGENT_FILES)
        names = caller.f_locals if agent else ()
    return sorted(name for name in names if not name.startswith("_"))


def make_builtins(guards: Guards, importable: Mapping[str, Any]) -> dict[str, Any]:
    table: dict[str, Any] = {name: getattr(builtins, name) for name in _SAFE_BUILTINS}
    table.update(
        (name, value)
        for name, value in vars(builtins).items()
        if isinstance(value, type) and issubclass(value, BaseException) and name[0] != "_"
    )
    table.update(HOST_ERRORS)
    table.update(
        dir=_dir,
        getattr=guards.getattr,
        hasattr=guards.hasattr,
        setattr=guards.setattr,
        delattr=guards.delattr,
        __build_class__=guards.build_class,
        __import__=make_import(importable),
    )
    return table


def make_stop(state: StopState, capture: Capture, notify: Callable[[Any], None]) -> SandboxFunction:
    def stop(answer: Any = None) -> None:
        """End the run and hand `answer` back to whoever started the agent."""
        if not state.stopped:
            state.stopped = True
            state.answer = answer_value(answer)
            notify(state.answer)
            capture.closed = True
        raise StopAction

    return SandboxFunction(stop)


def make_help(named: Mapping[str, Any], write: Callable[[str], Any]) -> SandboxFunction:
    def help(target: Any = None) -> None:  # it is the builtin the agent expects
        """Show how to call a function: help(get_weather) or help("get_weather")."""
        if isinstance(target, str):
            target = named.get(target, target)
        write((_overview(named) if target is None else _help_text(target)) + "\n")

    return SandboxFunction(help)


def _overview(named: Mapping[str, Any]) -> str:
    functions = [
        value.signature_line() for value in named.values() if isinstance(value, ApiFunction)
    ]
    listed = "\n".join(f"  {line}" for line in functions) or "  (none)"
    return f"Functions available without import:\n{listed}\nhelp(name) shows one in detail."


def _help_text(target: Any) -> str:
    if isinstance(target, ApiFunction):
        return target.help_text()
    if isinstance(target, ModuleProxy):
        names = sorted(name for name in vars(target) if not name.startswith("_"))
        return f"{target!r} offers: {', '.join(names)}"
    if isinstance(target, str):
        return f"No function named {target!r} is available. Try method_search()."
    if isinstance(target, SandboxFunction):
        return f"{target.__name__}{target.__signature__}" + (
            f"\n\n{target.__doc__}" if target.__doc__ else ""
        )
    if callable(target) and _sandbox_code(target):
        return _stand_in_help(target)
    if callable(target):
        name = getattr(target, "__name__", type(target).__name__)
        try:
            signature = str(shown_signature(target, inspect.signature(target)))
        except (TypeError, ValueError):
            signature = "(...)"
        doc = inspect.getdoc(target)
        return f"{name}{signature}" + (f"\n\n{doc}" if doc else "")
    return f"{type(target).__name__} value: {target!r}"[:500]


def _sandbox_code(target: Any) -> bool:
    """The sandbox's own stand-ins (`getattr`, `dir`, `print`'s machinery): their docstrings
    explain the guards, and their default values print heap addresses."""
    function = getattr(target, "__func__", target)
    module = getattr(function, "__module__", None) or type(target).__module__
    return isinstance(module, str) and module.startswith("react_repl.")


def _stand_in_help(target: Any) -> str:
    """What the builtin it stands in for says, since that is what the agent called."""
    name = str(getattr(target, "__name__", "")).strip("_")
    original = getattr(builtins, name, None)
    doc = inspect.getdoc(original) if callable(original) else None
    return doc or f"{name or 'this'}() is provided by the sandbox."


class StopAction(BaseException):  # a control-flow signal, not an error
    """Unwinds the action after `stop()`. Being a BaseException, it would be caught by an
    agent's bare `except:`, a `finally` or an `__exit__` returning True, which would go on
    acting (paying, booking) unseen after the answer was given. So the flag in `StopState` is
    the truth: the compiler checks it at the start of every except handler and `finally` block
    and after every `with`, and every API and host function wrapper before and after the call.
    What Python runs while the stop unwinds (an `__exit__`) is not checked, but it can reach no
    API and print nothing, as the capture is closed."""


class StopState:
    """`_stop_` in the namespace: the compiled checks read `stopped` inline, so an action that
    never stops pays one attribute lookup per handler, `finally` and `with`."""

    __slots__ = ("answer", "stopped")

    def __init__(self) -> None:
        self.stopped = False
        self.answer: Any = None

    def reset(self) -> None:
        self.stopped, self.answer = False, None

    def unwind(self) -> None:
        """Raises the stop again where agent code (or an API) would have carried on past it."""
        if self.stopped:
            raise StopAction
