"""Which functions of a loaded module are APIs, and their specs.

Rules: a function counts when it is defined in this module (imports belong to their own module),
its attribute name does not start with `_`, and either the module has no `__all__` or `__all__`
lists it. The public static methods of a public class defined here count the same way (the class
must be in `__all__` when there is one), named by the method: tool classes group related calls,
and a static method is callable without an object, in the sandbox worker too. `@api` overrides
`__all__`: a decorated function always counts, and `@api(name=...)` may expose a private
implementation under a public name (the name the agent calls is what must be public). Every
counted function needs a docstring. Problems skip only the function concerned, never the module;
a documented parameter the signature lacks is reported but the function still registers, because
a stale docstring should not take away a working function.
"""

from __future__ import annotations

import inspect
import keyword
import re
import types
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from react_repl._secrets import Verbatim, shown_signature
from react_repl.registry._decorator import MARK_ATTRIBUTE, ApiMark, declaration_of
from react_repl.registry._docstrings import DocSections, parse_docstring
from react_repl.registry._loading import LoadedModule
from react_repl.registry._specs import ApiSpec, ParamDoc, RegistrationProblem

_ALL_ASSIGNMENT = re.compile(r"^__all__\s*(?::[^=]*)?=")
_NOISE = re.compile(r"\b(?:typing|typing_extensions|collections\.abc|builtins)\.")


@dataclass(frozen=True)
class Collected:
    specs: list[tuple[ApiSpec, Callable[..., Any]]]
    problems: list[RegistrationProblem]


_COLLECTED: weakref.WeakKeyDictionary[types.ModuleType, tuple[str, str, Collected]] = (
    weakref.WeakKeyDictionary()
)


def collect(loaded: LoadedModule) -> Collected:
    """Specs and problems of a module; remembered while the module object and its file stay."""
    key = (loaded.source_file, loaded.module_hash)
    remembered = _COLLECTED.get(loaded.module)
    if remembered is not None and remembered[:2] == key:
        return remembered[2]
    result = _collect_fresh(loaded)
    _COLLECTED[loaded.module] = (*key, result)
    return result


def _collect_fresh(loaded: LoadedModule) -> Collected:
    result = Collected([], [])
    module = loaded.module
    exported = getattr(module, "__all__", None)
    if exported is not None:
        _check_all(loaded, exported, result)
    _check_methods(loaded, result)
    seen: set[int] = set()
    for attribute, obj in _candidates(module, exported):
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        _collect_one(loaded, attribute, obj, result)
    result.problems.sort(key=lambda problem: problem.line or 0)
    return result


def _candidates(module: Any, exported: Any) -> Iterator[tuple[str, Any]]:
    listed = set(exported) if isinstance(exported, list | tuple) else None
    for attribute, obj in list(vars(module).items()):
        if getattr(obj, "__module__", None) != module.__name__:
            continue
        in_all = listed is None or attribute in listed
        if _mark_of(obj) is not None or (_is_public_function(attribute, obj) and in_all):
            yield attribute, obj
        if inspect.isclass(obj) and vars(module).get(obj.__name__) is obj:
            public_class = in_all and not attribute.startswith("_")
            yield from _static_methods(obj, public_class)


def _static_methods(owner: type, public_class: bool) -> Iterator[tuple[str, Any]]:
    """Decorated static methods always; undecorated ones when they and their class are public."""
    for attribute, member in vars(owner).items():
        if isinstance(member, staticmethod):
            function = member.__func__
            if _mark_of(function) is not None or (
                public_class and _is_public_function(attribute, function)
            ):
                yield attribute, function


def _is_public_function(attribute: str, obj: Any) -> bool:
    return inspect.isfunction(obj) and not attribute.startswith("_")


def _mark_of(obj: Any) -> ApiMark | None:
    mark = vars(obj).get(MARK_ATTRIBUTE) if hasattr(obj, "__dict__") else None
    return mark if isinstance(mark, ApiMark) else None


def _check_methods(loaded: LoadedModule, result: Collected) -> None:
    """`@api` on a method that needs an object registers nothing: the agent calls plain names."""
    for owner in _own_classes(loaded.module):
        for attribute, member in vars(owner).items():
            if isinstance(member, staticmethod):
                continue
            if _mark_of(inspect.unwrap(getattr(member, "__func__", member))) is not None:
                message = (
                    f"@api on method {owner.__name__}.{attribute}: only functions and static "
                    "methods can be APIs (the agent calls them without an object); not registered"
                )
                result.problems.append(_problem(loaded, _line_of(member), message))


def _own_classes(module: Any) -> list[type]:
    return [
        owner
        for owner in vars(module).values()
        if inspect.isclass(owner) and owner.__module__ == module.__name__
    ]


def _check_all(loaded: LoadedModule, exported: Any, result: Collected) -> None:
    line = _all_line(loaded.source_file)
    if not isinstance(exported, list | tuple):
        result.problems.append(_problem(loaded, line, "__all__ must be a list of names"))
        return
    for name in exported:
        if not hasattr(loaded.module, name):
            message = f"__all__ lists {name!r}, which the module does not define"
            result.problems.append(_problem(loaded, line, message))


def _all_line(source_file: str) -> int | None:
    try:
        lines = Path(source_file).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    return next((n for n, text in enumerate(lines, 1) if _ALL_ASSIGNMENT.match(text)), None)


def _collect_one(loaded: LoadedModule, attribute: str, obj: Any, result: Collected) -> None:
    mark = _mark_of(obj)
    line = _line_of(obj)
    if mark is not None and mark.misuse:
        result.problems.append(
            _problem(loaded, line, f"{mark.misuse}; {attribute!r} not registered")
        )
        return
    if not inspect.isfunction(obj):
        kind = "a class" if inspect.isclass(obj) else type(obj).__name__
        message = f"@api registers functions, but {attribute!r} is {kind}; not registered"
        result.problems.append(_problem(loaded, line, message))
        return
    name = (mark.name if mark else None) or attribute
    try:
        declaration = declaration_of(obj)
    except ValueError as error:
        result.problems.append(_problem(loaded, line, f"{error}; {name!r} not registered"))
        return
    refusal = _refusal(loaded, obj, name)
    if refusal:
        result.problems.append(_problem(loaded, line, refusal))
        return
    try:
        signature = read_signature(obj)
    except (ValueError, TypeError) as error:
        message = f"cannot read the signature of {name!r}: {error}; not registered"
        result.problems.append(_problem(loaded, line, message))
        return
    docs = parse_docstring(inspect.cleandoc(obj.__doc__ or ""))
    spec = ApiSpec(
        name=name,
        qualname=obj.__qualname__,
        module=loaded.module.__name__,
        source_file=loaded.source_file,
        line=line or 0,
        signature=format_signature(name, signature),
        summary=docs.summary,
        description=docs.description,
        params=tuple(_param_doc(param, docs) for param in signature.parameters.values()),
        returns=docs.returns,
        raises=docs.raises,
        tags=mark.tags if mark else (),
        module_hash=loaded.module_hash,
        side_effects=declaration.side_effects,
        network=declaration.network,
        max_calls_per_action=declaration.max_calls_per_action,
        max_calls_per_run=declaration.max_calls_per_run,
    )
    for extra in sorted(set(docs.params) - {param.name.lstrip("*") for param in spec.params}):
        message = (
            f"{name!r} documents parameter {extra!r}, which its signature lacks "
            f"(registered without it; fix the docstring or the signature)"
        )
        result.problems.append(_problem(loaded, line, message))
    result.specs.append((spec, obj))


def _refusal(loaded: LoadedModule, func: Callable[..., Any], name: str) -> str | None:
    if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_"):
        return f"API name {name!r} is not a public Python identifier; not registered"
    if not (func.__doc__ or "").strip():
        return (
            f"public function {name!r} has no docstring; not registered "
            f"(document it, or rename it to start with '_' to keep it private)"
        )
    if _resolve(loaded.module, func.__qualname__) is not func:
        return (
            f"{name!r} is not reachable as {func.__qualname__!r} at module level, "
            f"so a fresh process could not import it; not registered"
        )
    return None


def _param_doc(parameter: inspect.Parameter, docs: DocSections) -> ParamDoc:
    doc_type, description = docs.params.get(parameter.name, (None, ""))
    stars = {"VAR_POSITIONAL": "*", "VAR_KEYWORD": "**"}.get(parameter.kind.name, "")
    return ParamDoc(
        name=stars + parameter.name,
        annotation=format_annotation(parameter.annotation) or doc_type,
        default=format_default(parameter.default),
        description=description,
    )


def _resolve(module: Any, qualname: str) -> Any:
    target = module
    for part in qualname.split("."):
        target = getattr(target, part, None)
    return target


def _line_of(obj: Any) -> int | None:
    code = getattr(inspect.unwrap(obj), "__code__", None) if callable(obj) else None
    if code is not None:
        return code.co_firstlineno
    try:
        return inspect.getsourcelines(obj)[1]
    except (OSError, TypeError):
        return None


def _problem(loaded: LoadedModule, line: int | None, message: str) -> RegistrationProblem:
    return RegistrationProblem(loaded.source_file, line, message)


def read_signature(func: Callable[..., Any]) -> inspect.Signature:
    """The signature as the model may read it: string annotations evaluated when possible (their
    text when names are missing), and every default that is not a plain literal written in the
    function's own source shown as `...` (react_repl._secrets, rule 1): an `api_key` default
    read from the environment would otherwise reach method_search results and the index."""
    try:
        signature = inspect.signature(func, eval_str=True)
    except (NameError, SyntaxError, TypeError, AttributeError):
        signature = inspect.signature(func)
    return shown_signature(func, signature)


def format_annotation(annotation: Any) -> str | None:
    """Without module noise (`typing.`, `NoneType`); a string annotation (`from __future__ import
    annotations`) as written, not quoted: `get_weather(city: str, days: int = 1) -> dict`."""
    if annotation is inspect.Parameter.empty:
        return None
    if isinstance(annotation, str):
        text = annotation
    elif annotation is None or annotation is type(None):
        text = "None"
    else:
        text = inspect.formatannotation(annotation)
    return _NOISE.sub("", text).replace("NoneType", "None")


def format_default(default: Any) -> str | None:
    return None if default is inspect.Parameter.empty else repr(default)


def format_signature(name: str, signature: inspect.Signature) -> str:
    parameters = [
        parameter.replace(annotation=_render(parameter.annotation))
        for parameter in signature.parameters.values()
    ]
    clean = signature.replace(
        parameters=parameters, return_annotation=_render(signature.return_annotation)
    )
    return f"{name}{clean}"


def _render(annotation: Any) -> Any:
    text = format_annotation(annotation)
    return inspect.Parameter.empty if text is None else Verbatim(text)
