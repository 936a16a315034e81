"""Which API sources are in scope for one run: a choice, not an accident.

By default a run can call the built-in APIs, the shared ones (`react-repl apis add`, installed
packages' modules, the config file's MCP servers) and its own `--apis`. A task over a handful of
its own functions is better served without the rest: every unrelated function is one more
distractor for method_search and for the model. A scope says what is in; a named set in the
config file (`[api_sets] NAME = ["apis/shop", "@builtin"]`) says it once for many runs, and a
flag given for one run (`--no-builtin-apis`, `--only-apis`) wins over what the set says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

BUILTIN = "@builtin"
SHARED = "@shared"
MCP_PREFIX = "mcp:"


@dataclass(frozen=True)
class ApiScope:
    """The run's own sources, a named set's, and whether the built-in and the shared APIs are
    in scope too. The set's sources are kept apart so an error can say where a source was named.
    """

    own: tuple[str | Path, ...] = ()
    builtin: bool = True
    shared: bool = True
    name: str = ""
    from_set: tuple[str | Path, ...] = ()

    @property
    def sources(self) -> tuple[str | Path, ...]:
        """Every source named for the run, the set's first (the first definition of a name wins)."""
        return (*self.from_set, *self.own)

    def named(self) -> list[tuple[str | Path, str]]:
        """Each source named for the run, and where it was named, for the error that names it."""
        return [(source, "--apis") for source in self.own] + [
            (source, f"[api_sets] {self.name}") for source in self.from_set
        ]

    def describe(self) -> str:
        """One line for the run log's header."""
        parts = [f"set {self.name}"] if self.name else []
        parts += [kind for kind, on in (("built-in", self.builtin), ("shared", self.shared)) if on]
        parts += [f"{len(self.sources)} own source(s)"] if self.sources else []
        return ", ".join(parts) or "nothing"


def _located(entry: str, base: Path | None) -> str | Path:
    """A path relative to the config file, or a dotted module name when nothing is there.

    An entry that cannot be a module name stays a path even when missing, so the error for a
    typo names the full path that was looked for.
    """
    if base is None or entry.startswith(MCP_PREFIX) or Path(entry).is_absolute():
        return entry
    candidate = base / entry
    return entry if not candidate.exists() and is_module_name(entry) else candidate


def is_module_name(entry: str) -> bool:
    """A dotted module name, as the registry reads a source that is no file or folder."""
    return not entry.endswith(".py") and all(part.isidentifier() for part in entry.split("."))


def scope_for(
    sources: Sequence[str | Path],
    *,
    builtin: bool | None = None,
    shared: bool | None = None,
    api_set: str | None = None,
    sets: Mapping[str, Sequence[str]] | None = None,
    base: Path | None = None,
) -> ApiScope:
    """Flags to a scope: a named set (if any), the run's own sources added to it. A set's relative
    paths are relative to `base`, the config file's folder; an unknown set is a ValueError.

    `builtin` and `shared` given (True or False) win over the set's `@builtin` / `@shared`, as a
    flag typed for this run is the more specific wish; None takes the set's word (in, without a
    set).
    """
    entries: Sequence[str] = (BUILTIN, SHARED)  # no set: both in
    if api_set:
        if api_set not in (sets := sets or {}):
            known = ", ".join(sorted(sets)) or "none in the config file"
            raise ValueError(f"unknown API set {api_set!r} (--api-set); [api_sets] has: {known}")
        entries = sets[api_set]
    return ApiScope(
        own=tuple(sources),
        builtin=BUILTIN in entries if builtin is None else builtin,
        shared=SHARED in entries if shared is None else shared,
        name=api_set or "",
        from_set=tuple(_located(e, base) for e in entries if e not in (BUILTIN, SHARED)),
    )
