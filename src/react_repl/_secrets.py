"""The one place that decides which values of an API must never reach the model.

What the model is shown goes to its provider and into the run logs. Two rules, applied on every
path (docs/sandbox.md, "Secrets"):

1. **A signature shows a default only if the author wrote it there as a plain literal**: `None`,
   a bool, a number or a short string, spelled as that constant in the function's own source,
   for a parameter whose name is public and does not name a credential. Anything else, a
   value read from the environment, a module constant, a closure's value, a `_audit_token`,
   is shown as `...`. So a signature never needs to know the secret to hide it.
2. **Every observation is scrubbed of the secret values the sandbox knows**: the values of the
   `env=` it gives its worker, the parent's environment variables named like credentials,
   and, in each API, strings held in closures and strings under credential-like names (a
   parameter's default, a module variable, a dict key in one). Each becomes `[redacted]`, and
   so do credentials written in URLs (`?key=…`, `user:pass@`) and `Bearer` tokens, which an
   API's own error message may quote.

The name test is deliberately wide (a false alarm costs a `[redacted]` in front of the model);
values shorter than `MIN_SECRET` are never scrubbed, since they would hit ordinary words.
"""

from __future__ import annotations

import ast
import functools
import inspect
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

MIN_SECRET = 8
REDACTED = "[redacted]"
HIDDEN_DEFAULT = "..."
_MAX_SHOWN_TEXT = 40
_MAX_VALUES = 500
_MAX_VALUE_CHARS = 4096
_WALK_ITEMS = 1000
_SECRET_NAME = re.compile(
    r"key|token|secret|passw|credential|cred|auth|cookie|session|private|salt|signature"
    r"|dsn|webhook|bearer|license",
    re.IGNORECASE,
)
_VARIABLE_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")  # `KEY_ENV = "NASA_API_KEY"`
_NOT_SECRET_ENV = frozenset(
    {"PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "USER", "REACT_REPL_WORKSPACE"}
)
_IN_TEXT = [  # (what the lowered text must contain for the shape to be looked for, the shape)
    (  # a credential in a URL's query: ?key=… &api_key=… &access_token=…
        "=",
        re.compile(
            r"(?i)([?&;](?:[a-z0-9.-]*[_.-])?(?:api_?key|apikey|key|token|auth|secret|password"
            r"|passwd|pwd|sig|signature)=)[^&#\s'\"<>]+"
        ),
    ),
    ("://", re.compile(r"(?i)(\b[a-z][a-z0-9+.-]*://[^/\s:@'\"]+:)[^@\s/'\"]+(?=@)")),  # user:pw@
    ("bearer", re.compile(r"(?i)(\bbearer\s+)[a-z0-9._~+/=-]{8,}")),
    ("key", re.compile(r"(?i)(\b(?:x-)?api[-_]?key['\"]?\s*[:=]\s*['\"]?)[a-z0-9._~+/=-]{8,}")),
]


class Verbatim:
    """Stands in for a default or an annotation so that `inspect.Signature.__str__` prints this
    text as it is: `...` for a hidden default, an annotation's text unquoted."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


_HIDDEN = Verbatim(HIDDEN_DEFAULT)


def looks_secret(name: str) -> bool:
    return _SECRET_NAME.search(name) is not None


def shown_signature(
    function: Callable[..., Any], signature: inspect.Signature
) -> inspect.Signature:
    """`signature` with every default the model may not see replaced by `...` (rule 1)."""
    written = _written_defaults(inspect.unwrap(function))
    parameters = []
    for parameter in signature.parameters.values():
        default = parameter.default
        if default is not inspect.Parameter.empty and not _may_show(parameter, written):
            parameter = parameter.replace(default=_HIDDEN)
        parameters.append(parameter)
    return signature.replace(parameters=parameters)


def _may_show(parameter: inspect.Parameter, written: Mapping[str, Any]) -> bool:
    name, value = parameter.name, parameter.default
    if name.startswith("_") or looks_secret(name) or name not in written:
        return False
    if type(value) not in (type(None), bool, int, float, str):
        return False
    if type(value) is str and len(value) > _MAX_SHOWN_TEXT:
        return False
    literal = written[name]
    return type(literal) is type(value) and literal == value


def _written_defaults(function: Callable[..., Any]) -> Mapping[str, Any]:
    """The defaults spelled as plain constants in the function's own `def` line(s); for a
    callable that is no Python function but declares its `__signature__` (an MCP tool, whose
    signature is the schema its server published), the defaults declared there."""
    declared = getattr(function, "__signature__", None)
    if not inspect.isfunction(function) and isinstance(declared, inspect.Signature):
        return {
            name: parameter.default
            for name, parameter in declared.parameters.items()
            if parameter.default is not inspect.Parameter.empty
        }
    code = getattr(getattr(function, "__func__", function), "__code__", None)
    if not isinstance(code, CodeType):
        return {}
    try:
        stat = os.stat(code.co_filename)
    except (OSError, ValueError):
        return {}
    in_file = _written_defaults_in_file(code.co_filename, stat.st_mtime_ns, stat.st_size)
    return in_file.get((code.co_firstlineno, code.co_name), {})


@functools.lru_cache(maxsize=256)
def _written_defaults_in_file(
    filename: str, _mtime_ns: int, _size: int
) -> Mapping[tuple[int, str], Mapping[str, Any]]:
    """Every `def` of a source file by (first line, name), as its code object records them.

    One parse per file (and per version of it) instead of `inspect.getsource` and a parse per
    function: registering the 66 built-in APIs took 0.15 s that way and takes 0.08 s this way.
    """
    try:
        tree = ast.parse(Path(filename).read_bytes())  # bytes: PEP 263 coding lines are honoured
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    return {
        (min([node.lineno, *(d.lineno for d in node.decorator_list)]), node.name): _constants(
            node.args
        )
        for node in _definitions(tree.body)
    }


def _definitions(statements: Iterable[ast.AST]) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every `def`, nested ones too, visiting statements only: `ast.walk` also visits every
    expression node, which made the parse cost more than `inspect.getsource` had."""
    for node in statements:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            yield from _definitions(getattr(node, field, ()))


def _constants(arguments: ast.arguments) -> dict[str, Any]:
    positional = [*arguments.posonlyargs, *arguments.args]
    pairs = [
        *zip(
            positional[len(positional) - len(arguments.defaults) :], arguments.defaults, strict=True
        ),
        *zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True),
    ]
    written = {}
    for argument, node in pairs:
        if node is not None and _is_constant(node):
            written[argument.arg] = ast.literal_eval(node)
    return written


def _is_constant(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        node = node.operand
    return isinstance(node, ast.Constant) and not isinstance(node.value, bytes)


def secret_values(functions: Iterable[Callable[..., Any]]) -> set[str]:
    """Rule 2's values held by the APIs: strings in their closures, and strings under
    credential-like names in their defaults and their modules' variables."""
    found: set[str] = set()
    modules: dict[str, ModuleType] = {}
    for function in functions:
        for layer in _layers(function):
            found.update(_closure_strings(layer))
            found.update(_named_strings(_defaults(layer)))
            module = inspect.getmodule(layer)
            if module is not None:
                modules[module.__name__] = module
    for module in modules.values():
        found.update(_named_strings(vars(module).items()))
    return _bounded(value for value in found if not _VARIABLE_NAME.fullmatch(value))


def environment_secrets(given: Mapping[str, str], parent: Mapping[str, str]) -> set[str]:
    """Every value the worker is given (its allowlisted basics aside), and every variable of
    the parent's environment named like a credential (`OPENAI_API_KEY`)."""
    values = {value for key, value in given.items() if key not in _NOT_SECRET_ENV}
    values.update(value for key, value in parent.items() if looks_secret(key))
    return _bounded(values)


def _bounded(values: Iterable[Any]) -> set[str]:
    kept = {
        value
        for value in values
        if type(value) is str
        and MIN_SECRET <= len(value) <= _MAX_VALUE_CHARS
        and not value.isspace()
    }
    return set(sorted(kept, key=len, reverse=True)[:_MAX_VALUES])


def _layers(function: Callable[..., Any]) -> Iterator[Any]:
    """The function and everything it wraps (`functools.wraps`), bounded."""
    seen: set[int] = set()
    current: Any = function
    while current is not None and id(current) not in seen and len(seen) < 32:
        seen.add(id(current))
        yield current
        current = getattr(current, "__wrapped__", None)


def _closure_strings(function: Any) -> Iterator[str]:
    for cell in getattr(function, "__closure__", None) or ():
        try:
            contents = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        yield from _strings(contents, named=True)  # a closure holds configuration, not output


def _defaults(function: Any) -> list[tuple[str, Any]]:
    try:
        parameters = inspect.signature(function, follow_wrapped=False).parameters.values()
    except (TypeError, ValueError):
        return []
    return [(p.name, p.default) for p in parameters if p.default is not inspect.Parameter.empty]


def _named_strings(pairs: Iterable[tuple[str, Any]]) -> Iterator[str]:
    for name, value in pairs:
        if isinstance(name, str) and not name.startswith("__"):
            yield from _strings(value, named=looks_secret(name))


def _strings(value: Any, named: bool, depth: int = 0) -> Iterator[str]:
    """Strings in `value` (plain containers looked into, a few levels deep) that count as
    secret: all of them under a credential-like name, else those under such a dict key."""
    if type(value) is str:
        if named:
            yield value
        return
    if depth >= 3:
        return
    if type(value) is dict:
        for key, item in list(value.items())[:_WALK_ITEMS]:
            inner = named or (type(key) is str and looks_secret(key))
            yield from _strings(item, inner, depth + 1)
    elif type(value) in (list, tuple, set, frozenset):
        for item in list(value)[:_WALK_ITEMS]:
            yield from _strings(item, named, depth + 1)


class Redactor:
    """Rule 2 applied to a text: known values first (the longest first, by plain substring
    search: one regex alternating thousands of values would cost far more per observation),
    then credentials by their shape."""

    def __init__(self, values: Iterable[str] = ()) -> None:
        self._values: list[str] = []
        self.add(values)

    def add(self, values: Iterable[str]) -> None:
        merged = _bounded([*self._values, *values])
        self._values = sorted(merged, key=len, reverse=True)

    def __call__(self, text: str) -> str:
        for value in self._values:
            if value in text:
                text = text.replace(value, REDACTED)
        lowered = text.lower()  # each shape costs a scan of the text: only where it may be
        for marker, shape in _IN_TEXT:
            if marker in lowered:
                text = shape.sub(_keep_label, text)
        return text


def _keep_label(match: re.Match[str]) -> str:
    return match.group(1) + REDACTED
