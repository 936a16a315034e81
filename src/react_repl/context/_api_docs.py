"""What the agent knows of each API besides calling it: for hints, approvals and critics."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from react_repl._hit_listing import HIT_NAME
from react_repl.registry import declaration_of, format_signature, parse_docstring, read_signature


@dataclass(frozen=True)
class ApiDoc:
    """What the agent knows of an API besides calling it: for hints, approvals and critics."""

    signature: str
    raises: tuple[str, ...] = ()
    side_effects: bool = False  # sends, writes or deletes something: approval policies ask
    params: tuple[str, ...] = ()  # "name: what it wants", from the docstring
    parameters: tuple[str, ...] = ()  # the names positional arguments bind to, in order
    returns: str = ""  # the docstring's Returns, on one line
    module: str = ""  # where the function is defined: one service's functions share it
    summary: str = ""  # the docstring's first line: its first word is the verb (PEP 257)

    def described(self, parameter: str) -> str:
        """The docstring's "name: what it wants" line for one parameter, or ""."""
        return next((line for line in self.params if line.startswith(f"{parameter}:")), "")


def apis_called(code: str, names: Iterable[str]) -> list[str]:
    """Which of `names` (API names, or a docs mapping) `code` calls: a name followed by "(".

    Sorted, so that a log or hint lists them the same way every run.
    """
    return sorted(name for name in names if re.search(rf"\b{re.escape(name)}\s*\(", code))


def writes_called(code: str, docs: Mapping[str, ApiDoc]) -> list[str]:
    """The APIs declared with side effects that `code` calls: what cannot be taken back."""
    return [name for name in apis_called(code, docs) if docs[name].side_effects]


def with_parameter_docs(hits: str, docs: Mapping[str, ApiDoc]) -> str:
    """method_search's hits with the top hit's parameters and result explained under it.

    The result's keys are what a small model guesses wrong otherwise: it indexes a record by a
    name it made up, and the KeyError costs a step."""
    first, _, rest = hits.partition("\n")
    doc = docs.get(match[1]) if (match := HIT_NAME.match(first)) else None
    if doc is None or not (doc.params or doc.returns):
        return hits
    lines = [f"    {param}" for param in doc.params]
    lines += [f"    returns: {doc.returns}"] if doc.returns else []
    explained = "\n".join(lines)
    return f"{first}\n{explained}" + (f"\n{rest}" if rest else "")


def api_docs(apis: Mapping[str, Callable[..., Any]]) -> dict[str, ApiDoc]:
    """Each API's signature, parameter docs and documented exceptions, read once per agent."""
    docs = {}
    for name, function in apis.items():
        try:
            parsed = read_signature(function)
        except (TypeError, ValueError):
            parsed = None
        signature = format_signature(name, parsed) if parsed else f"{name}(...)"
        sections = parse_docstring(inspect.getdoc(function) or "")
        params = tuple(
            f"{param}: {' '.join(description.split())}"
            for param, (_type, description) in sections.params.items()
            if description.strip()
        )
        module = getattr(function, "__module__", None) or ""
        docs[name] = ApiDoc(
            signature, sections.raises, _side_effects(function), params, _positional(parsed),
            sections.returns, module, sections.summary,
        )  # fmt: skip
    return docs


def _positional(signature: inspect.Signature | None) -> tuple[str, ...]:
    if signature is None:
        return ()
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return tuple(name for name, p in signature.parameters.items() if p.kind in kinds)


def _side_effects(function: Callable[..., Any]) -> bool:
    """Declared with `@api(side_effects=True)` or the module's `__react_repl__` table.

    A malformed declaration is the registry's to report; here it counts as no declaration.
    """
    try:
        return declaration_of(function).side_effects
    except ValueError:
        return False
