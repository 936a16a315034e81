"""Which API sources are in scope for one run: a choice, not an accident.

By default a run can call the built-in APIs, the shared ones (`react-repl apis add`, installed
packages' modules, the config file's MCP servers) and its own `--apis`. A task over a handful of
its own functions is better served without the rest: every unrelated function is one more
distractor for method_search and for the model. A scope says what is in; a named set in the
config file (`[api_sets] NAME = ["apis/shop", "@builtin"]`) says it once for many runs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

BUILTIN = "@builtin"
SHARED = "@shared"


@dataclass(frozen=True)
class ApiScope:
    """The run's own sources, and whether the built-in and the shared APIs are in scope too."""

    sources: tuple[str | Path, ...] = ()
    builtin: bool = True
    shared: bool = True
    name: str = ""

    def describe(self) -> str:
        """One line for the run log's header."""
        parts = [f"set {self.name}"] if self.name else []
        parts += [kind for kind, on in (("built-in", self.builtin), ("shared", self.shared)) if on]
        parts += [f"{len(self.sources)} own source(s)"] if self.sources else []
        return ", ".join(parts) or "nothing"


def named_scope(name: str, sets: Mapping[str, Sequence[str]], base: Path | None = None) -> ApiScope:
    """The set `name` of the config's `[api_sets]`; ValueError naming the sets there are.

    Relative paths in a set are relative to `base`, the config file's folder.
    """
    if name not in sets:
        known = ", ".join(sorted(sets)) or "none in the config file"
        raise ValueError(f"unknown API set {name!r} (--api-set); [api_sets] has: {known}")
    entries = list(sets[name])
    sources = tuple(_located(entry, base) for entry in entries if entry not in (BUILTIN, SHARED))
    return ApiScope(sources, builtin=BUILTIN in entries, shared=SHARED in entries, name=name)


def _located(entry: str, base: Path | None) -> str | Path:
    if base is None or entry.startswith("mcp:") or Path(entry).is_absolute():
        return entry
    candidate = base / entry
    return candidate if candidate.exists() else entry  # else a dotted module name


def scope_for(
    sources: Sequence[str | Path],
    *,
    builtin: bool = True,
    shared: bool = True,
    api_set: str | None = None,
    sets: Mapping[str, Sequence[str]] | None = None,
    base: Path | None = None,
) -> ApiScope:
    """Flags to a scope: a named set, then the run's own sources added to it."""
    if api_set:
        base_scope = named_scope(api_set, sets or {}, base)
        return ApiScope(
            (*base_scope.sources, *sources), base_scope.builtin, base_scope.shared, base_scope.name
        )
    return ApiScope(tuple(sources), builtin=builtin, shared=shared)
