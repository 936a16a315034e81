"""What a search returns, and how the agent reads it inside the sandbox."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from react_repl._hit_listing import MAX_SHOWN, k_problem
from react_repl.sandbox import prints_result

from ._api_text import MAX_QUERY_CHARS
from ._errors import IndexProblem

if TYPE_CHECKING:
    from ._method_index import MethodIndex


@dataclass(frozen=True)
class SearchHit:
    name: str
    signature: str
    summary: str
    score: float
    module: str


@dataclass(frozen=True)
class BuildReport:
    embedded: int
    reused: int
    removed: int
    modules_changed: tuple[str, ...]
    seconds: float
    rebuilt_reason: str | None


def format_hits(hits: Sequence[SearchHit]) -> str:
    """One line per hit, the signature first because it carries the exact name to call."""
    return "\n".join(
        f"`{hit.signature}`: {hit.summary}" if hit.summary else f"`{hit.signature}`" for hit in hits
    )


_NOTHING_INDEXED = (
    "No APIs are indexed. Build the index with `react-repl index build` "
    "(add your own modules with `--apis DIR`)."
)
_NOTHING_IN_SCOPE = (
    "No APIs are in scope for this run, so there is nothing to find: solve it with plain "
    "Python, or stop() and say which functions are missing."
)
_NO_DESCRIPTION = (
    'method_search needs a description of what you need, e.g. method_search("convert currency").'
)


def method_search_function(
    index: MethodIndex | Callable[[], MethodIndex], *, max_k: int = MAX_SHOWN
) -> Callable[..., str]:
    """The sandbox's `method_search`: every mistake becomes advice text, never an exception; an
    action that calls it prints the hits (see prints_result).

    `index` may be a function that opens it, called at the first search: a run then reaches
    its model without loading vectors it may never search. An `IndexProblem` it raises is
    advice text too."""
    opened: list[MethodIndex] = []

    def searched_index() -> MethodIndex:
        if not opened:
            opened.append(index() if callable(index) else index)
        return opened[0]

    def method_search(description: str = "", k: int = 5) -> str:
        if not isinstance(description, str) or not description.strip():
            return _NO_DESCRIPTION
        description = description[:MAX_QUERY_CHARS]
        if problem := k_problem(k, max_k):
            return problem
        try:
            searched = searched_index()
        except IndexProblem as unusable:
            return _unusable(str(unusable))
        if searched.rebuild_reason:
            return _unusable(searched.rebuild_reason)
        if len(searched) == 0:
            return _NOTHING_IN_SCOPE if searched.in_memory else _NOTHING_INDEXED
        hits = searched.search(description, k=max(1, min(k, max_k)))
        if not hits:
            return f"No API matches {description!r}; describe the action in other words."
        return format_hits(hits)

    return prints_result(method_search)


def _unusable(reason: str) -> str:
    return f"The API index cannot be used ({reason}); rebuild it with `react-repl index build`."
