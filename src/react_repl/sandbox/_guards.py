"""The runtime half of the policy: the hooks RestrictedPython's compiled code calls.

The compiler already rejects `_names` written literally; these hooks catch what is computed at
run time (a name in a variable, `str.format` field lookups, objects handed out by APIs).
"""

from __future__ import annotations

import builtins
import operator
import types
from collections.abc import Callable
from typing import Any

from RestrictedPython.transformer import INSPECT_ATTRIBUTES

from ._formatter import GuardedFormat, GuardedFormatter
from ._inline import FORMAT_NAMES, INERT_HOOK, TYPE_HOOK
from ._kinds import is_agent_code
from ._plain import INERT_BUILTINS, WRITABLE

_MISSING = object()

_INTERNAL_TYPES = (
    types.FrameType,
    types.TracebackType,
    types.CodeType,
    types.GeneratorType,
    types.CoroutineType,
    types.AsyncGeneratorType,
)
_GENERATOR_METHODS = frozenset({"send", "throw", "close"})
INTERNAL_VALUES = (types.ModuleType, types.FrameType, types.TracebackType, types.CodeType)
# Plain data an exception carries. `obj` (AttributeError) and `with_traceback` are left out on
# purpose: they hand back live objects or let a traceback be attached.
_EXCEPTION_DATA = frozenset(
    {
        "args", "msg", "message", "lineno", "offset", "end_lineno", "end_offset", "text",
        "filename", "filename2", "errno", "strerror", "name", "path", "exceptions", "value", "code",
        "reason", "start", "end", "object", "encoding", "characters_written",
    }
)  # fmt: skip
_EXCEPTION_LIVE = frozenset({"obj", "with_traceback", "add_note"})
_INPLACE = {
    "+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "/=": operator.itruediv,
    "//=": operator.ifloordiv, "%=": operator.imod, "**=": operator.ipow,
    "<<=": operator.ilshift, ">>=": operator.irshift, "&=": operator.iand,
    "|=": operator.ior, "^=": operator.ixor, "@=": operator.imatmul,
}  # fmt: skip


def _is_private(name: str) -> bool:
    return str.startswith(name, "_")


class Guards:
    """One set of hooks per namespace; it remembers which classes the agent defined."""

    def __init__(self) -> None:
        self.agent_classes: set[type] = set()
        self.formatter = GuardedFormatter(self.getattr, self.getitem)

    def getattr(self, obj: Any, name: Any, default: Any = _MISSING) -> Any:
        if type(name) is not str:
            raise TypeError("attribute name must be a string")
        reason = self._attribute_denial(obj, name)
        if reason is None:
            if name in FORMAT_NAMES and (
                isinstance(obj, str) or (isinstance(obj, type) and issubclass(obj, str))
            ):
                return GuardedFormat(self.formatter, obj, name)
            value = getattr(obj, name) if default is _MISSING else getattr(obj, name, default)
            if not isinstance(value, INTERNAL_VALUES):
                return value
            reason = f"'{name}' leads to an interpreter internal"
        if default is not _MISSING:
            return default
        raise AttributeError(
            f"access to attribute '{name}' is not allowed in the sandbox ({reason})"
        )

    def _attribute_denial(self, obj: Any, name: str) -> str | None:
        if _is_private(name):
            return "names starting with '_' are private"
        if name in INSPECT_ATTRIBUTES:
            return "it exposes interpreter internals"
        if type(obj) in INERT_BUILTINS:
            return None
        if isinstance(obj, types.ModuleType):
            return "modules are not reachable"
        if isinstance(obj, _INTERNAL_TYPES) and name not in _GENERATOR_METHODS:
            return "it exposes interpreter internals"
        if isinstance(obj, BaseException) and name not in _EXCEPTION_DATA:
            agent_defined = type(obj) in self.agent_classes and name not in _EXCEPTION_LIVE
            return None if agent_defined else "exceptions expose only their data"
        return None

    def compiled_getattr(self) -> Callable[[Any, str], Any]:
        """The `_getattr_` hook: a fast path for plain values, everything else via `getattr`. The
        compiler passes only literal names it has already checked (no `_`, no inspect attributes),
        so plain builtin values need no further test. This is the hottest hook: it runs for every
        `x.method` in a loop."""
        plain_types = INERT_BUILTINS
        format_names = FORMAT_NAMES
        guarded = self.getattr

        def _getattr_(obj: Any, name: str) -> Any:
            kind = type(obj)
            if kind in plain_types or (kind is str and name not in format_names):
                return getattr(obj, name)
            return guarded(obj, name)

        return _getattr_

    def hasattr(self, obj: Any, name: Any) -> bool:
        try:
            self.getattr(obj, name)
        except AttributeError:
            return False
        return True

    def getitem(self, obj: Any, key: Any) -> Any:
        if isinstance(key, str) and _is_private(key):
            raise KeyError(f"keys starting with '_' are not readable in the sandbox: {key[:40]!r}")
        value = obj[key]
        if isinstance(value, INTERNAL_VALUES):
            raise KeyError("this item is an interpreter internal and is not readable")
        return value

    def write(self, obj: Any) -> Any:
        """Allow attribute/item writes on plain containers and on what the agent built itself."""
        kind = type(obj)
        if kind in WRITABLE or kind in self.agent_classes:
            return obj
        if isinstance(obj, type) and obj in self.agent_classes:
            return obj
        what = "a function" if callable(obj) else f"a {kind.__name__} object"
        raise TypeError(
            f"cannot modify {what} in the sandbox: only lists, dicts, sets "
            "and instances of classes you defined can be changed"
        )

    def setattr(self, obj: Any, name: Any, value: Any) -> None:
        self._check_writable_name(name)
        setattr(self.write(obj), name, value)

    def delattr(self, obj: Any, name: Any) -> None:
        self._check_writable_name(name)
        delattr(self.write(obj), name)

    @staticmethod
    def _check_writable_name(name: Any) -> None:
        if type(name) is not str:
            raise TypeError("attribute name must be a string")
        if _is_private(name):
            raise AttributeError(f"cannot set '{name}': names starting with '_' are private")

    def build_class(self, body: Callable[..., Any], name: str, *bases: Any, **kw: Any) -> type:
        cls: type = builtins.__build_class__(body, name, *bases, **kw)
        _check_special_methods(cls)
        self.agent_classes.add(cls)
        return cls

    def hooks(self) -> dict[str, Any]:
        """The names RestrictedPython's compiled code looks up in the namespace."""
        return {
            "_getattr_": self.compiled_getattr(),
            "_getitem_": self.getitem,
            "_write_": self.write,
            "_getiter_": iter,
            "_iter_unpack_sequence_": _iter_unpack_sequence,
            "_unpack_sequence_": _unpack_sequence,
            "_inplacevar_": _inplacevar,
            "_apply_": _apply,
            TYPE_HOOK: type,
            INERT_HOOK: INERT_BUILTINS | {str},  # `format` never takes the inline path
            "__metaclass__": type,
            "__name__": "sandbox",
        }


def _iter_unpack_sequence(iterable: Any, spec: Any, getiter: Any) -> Any:
    """Iteration yields items that every later access still guards, so unpacking is plain."""
    return iter(iterable)


def _unpack_sequence(iterable: Any, spec: Any, getiter: Any) -> Any:
    return iterable


def _inplacevar(op: str, target: Any, value: Any) -> Any:
    return _INPLACE[op](target, value)


def _apply(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    return function(*args, **kwargs)


# What `type` itself puts among a class's special names; none of them is called as a method.
_CLASS_DATA = frozenset(
    {"__module__", "__qualname__", "__doc__", "__dict__", "__weakref__", "__static_attributes__",
     "__firstlineno__"}
)  # fmt: skip


def _check_special_methods(cls: type) -> None:
    """Python calls a special method by itself (a set hashes, a dict compares), so one must be a
    plain function the action wrote, which begins with the entry check (`_compiler.py`). A decorator
    can make it anything: red-teaming found `rows.pop` as `__hash__` raising in the middle of a
    hand-over and cutting it short (the action caught the error and read what was not yet made
    safe), a generator's `send` as `__eq__` resuming agent code during one, and a `property` of a
    builtin as `__hash__`, whose getter Python calls and whose result it calls again, with no entry
    check on either. So properties, other descriptors, static and class methods, bound methods,
    builtins and callable objects are all refused, whatever they wrap. Later assignment cannot
    change this: `C.__hash__ = f` and `setattr(C, "__hash__", f)` are refused as private names."""
    for name, value in vars(cls).items():
        if not (name.startswith("__") and name.endswith("__")) or name in _CLASS_DATA:
            continue
        if name == "__hash__" and value is None:  # what `type` sets beside an own `__eq__`
            continue
        if type(value) is not types.FunctionType or not is_agent_code(value):
            raise TypeError(
                f"{name} of class {cls.__name__} must be a function written in the action "
                f"(a def or a lambda, not wrapped), not {type(value).__name__}"
            )
