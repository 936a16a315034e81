"""Shipping API callables to the worker by name, never by pickle.

The parent describes each function as {module, qualname, file}; the worker re-imports it. This
keeps the protocol plain JSON and makes the worker load its own copy of every API module, so no
host object (cache, registry, docstring) is shared between sandboxes.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import keyword
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from types import ModuleType
from typing import Any

from react_repl._secrets import Verbatim, shown_signature

from ._answer import SandboxError

Reference = dict[str, str | None]


def named_items(
    apis: Mapping[str, Callable[..., Any]] | Iterable[Callable[..., Any]],
) -> list[tuple[str | None, Callable[..., Any]]]:
    """(name or None, function) pairs, read once: `apis` may be a one-shot iterator."""
    return list(apis.items()) if isinstance(apis, Mapping) else [(None, fn) for fn in apis]


def describe_all(items: Iterable[tuple[str | None, Callable[..., Any]]]) -> list[Reference]:
    references = []
    for name, function in items:
        reference = describe(function)
        reference["name"] = name or str(reference["qualname"]).rpartition(".")[2]
        references.append(reference)
    return references


def check_names(names: Iterable[Any], reserved: frozenset[str]) -> None:
    """Every name must be something the agent can type, and each may be bound only once."""
    seen: set[str] = set()
    for name in names:
        if not isinstance(name, str) or not name.isidentifier() or keyword.iskeyword(name):
            raise SandboxError(f"{name!r} cannot be a function name in the sandbox")
        if name.startswith("_"):
            raise SandboxError(f"{name!r} starts with '_', which agent code cannot reference")
        if name in reserved or name in seen:
            raise SandboxError(f"the name {name!r} is given twice (or clashes with {name}())")
        seen.add(name)


def describe(function: Callable[..., Any]) -> Reference:
    if not callable(function):
        raise SandboxError(f"{function!r} is not callable and cannot be an API")
    module_name = getattr(function, "__module__", None)
    qualname = getattr(function, "__qualname__", None)
    label = f"{module_name}.{qualname}" if module_name and qualname else repr(function)
    if not module_name or not qualname:
        raise SandboxError(
            f"{label} cannot be shipped to the sandbox worker: it has no module and qualified "
            "name (functools.partial, callable instances); wrap it in a module-level function"
        )
    if "<lambda>" in qualname or "<locals>" in qualname:
        raise SandboxError(
            f"{label} cannot be shipped to the sandbox worker: lambdas and nested functions "
            "cannot be re-imported; define it at module level"
        )
    module = sys.modules.get(module_name)
    if module is not None and _lookup(module, qualname) is not function:
        raise SandboxError(
            f"{label} cannot be shipped to the sandbox worker: it is not reachable as "
            f"{qualname} in module {module_name}"
        )
    file = getattr(module, "__file__", None) if module is not None else _source_file(function)
    return {"module": module_name, "qualname": qualname, "file": file}


def _source_file(function: Callable[..., Any]) -> str | None:
    """A module that is not in sys.modules can still be re-loaded from its file."""
    try:
        return inspect.getfile(function)
    except TypeError:
        return None


def _lookup(module: ModuleType, qualname: str) -> Any:
    target: Any = module
    for part in qualname.split("."):
        target = getattr(target, part, None)
    return target


def resolve(reference: Reference) -> Callable[..., Any]:
    """Worker side: import the module the way the parent loaded it, then find the function."""
    module = _load_module(str(reference["module"]), reference.get("file"))
    function = _lookup(module, str(reference["qualname"]))
    if not callable(function):
        raise SandboxError(f"{reference['module']}.{reference['qualname']} is not callable here")
    return function


def _load_module(name: str, file: str | None) -> ModuleType:
    if name == "__main__":
        return _load_file("__mp_main__", file, also_as="__main__")
    try:
        module = importlib.import_module(name)
    except ImportError:
        if not file:
            raise
        return _load_file(name, file)
    if file and not _same_file(getattr(module, "__file__", None), file):
        return _load_file(name, file)
    return module


def _same_file(first: str | None, second: str) -> bool:
    return first is not None and os.path.realpath(first) == os.path.realpath(second)


def _load_file(name: str, file: str | None, also_as: str | None = None) -> ModuleType:
    """Registries load API files under synthetic names; load the same file under that name."""
    if name in sys.modules and _same_file(getattr(sys.modules[name], "__file__", None), file or ""):
        return sys.modules[name]
    if not file:
        raise SandboxError(f"module {name} has no file to load it from")
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise SandboxError(f"cannot load {file} as module {name}")
    module = importlib.util.module_from_spec(spec)
    _ensure_parent_package(name)
    sys.modules[name] = module
    if also_as:
        sys.modules[also_as] = module
    spec.loader.exec_module(module)
    return module


def _ensure_parent_package(name: str) -> None:
    """Synthetic dotted names (`react_repl_apis.x`) have a parent that exists only in memory."""
    parent = name.rpartition(".")[0]
    if parent and parent not in sys.modules:
        try:
            importlib.import_module(parent)
        except ImportError:
            package = ModuleType(parent)
            package.__path__ = []
            sys.modules[parent] = package


def readable_signature(function: Callable[..., Any]) -> inspect.Signature | None:
    """With postponed annotations evaluated, so that `help()`, a wrapper's repr and the
    signature hint read `list[dict]` as method_search shows it, not `'list[dict]'`. Text that
    cannot be evaluated (a name imported only for type checkers, a module its API file loads at
    the first call) reads as written, unquoted, as method_search shows it too."""
    try:
        return inspect.signature(function, eval_str=True)
    except Exception:  # evaluating an annotation's text may raise anything
        pass
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    parameters = [p.replace(annotation=_as_written(p.annotation))
                  for p in signature.parameters.values()]  # fmt: skip
    return signature.replace(
        parameters=parameters, return_annotation=_as_written(signature.return_annotation)
    )


def _as_written(annotation: Any) -> Any:
    return Verbatim(annotation) if isinstance(annotation, str) else annotation


def signature_text(function: Callable[..., Any]) -> str:
    """As the model may read it: defaults only where the source wrote them as plain literals
    (react_repl._secrets, rule 1)."""
    signature = readable_signature(function)
    return "(...)" if signature is None else str(shown_signature(function, signature))
