"""method_search as the agent offers it: hits printed, a copied placeholder read as the task, and
optionally the task's own services first.

Small models copy the example query of a prompt or hint word for word (`method_search("what you
need")`, seen in 5 of 34 runs of the 1.5B model on the multistep suite), and the index then
returns whatever matches "need". Such a query carries no description, so the task's own words
are searched instead, and the model is told why.

With `search_focus`, the task's own services come first: method_search hits from the modules the
task is about lead.

Among a thousand indexed functions a small model's short query ("total amount spent by
customer") often ranks another service's function first, and the 1.5B model calls whatever comes
first. The task as a whole names its service far better than any one query: the modules of the
task's own best hits (reciprocal-rank votes over its top 20, every module within 30% of the best
vote) held all the modules a reference solution calls on 33 of the 34 multistep tasks with 1,000
distractors indexed. A query's hits are then drawn from a deeper pool and those modules' best two
lead; the query's best hit from any other module comes third, so a function the model asks for
by name in another service is never pushed out, and a wrong guess only demotes.
Measured on the 1.5B model's 127 logged queries (docs/method_search.md, benchmarks/
logged_queries.py): the top hit was a function the task needs for 0.58 of them instead of 0.47
with 1,000 distractors (0.59 instead of 0.52 without), and one was in the top 5 for 0.85
instead of 0.71.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any

from react_repl._hit_listing import MAX_SHOWN, hit_names, k_problem
from react_repl.context import ApiDoc, with_parameter_docs
from react_repl.sandbox import prints_result

PLACEHOLDER_QUERIES = frozenset({
    "what you need", "what i need", "what the next step needs", "description", "what you want",
    "your query", "query",
})  # fmt: skip


def is_placeholder(query: object) -> bool:
    """A query that only restates that something is needed, as the prompts' examples do."""
    if not isinstance(query, str):
        return False
    words = " ".join(re.sub(r"[^a-z ]", " ", query.lower()).split())
    return words in PLACEHOLDER_QUERIES


def agent_method_search(
    search: Callable[..., Any],
    docs: Mapping[str, ApiDoc],
    task: str,
    *,
    focus_docs: Mapping[str, ApiDoc] | None = None,
) -> Callable[..., Any]:
    """The sandbox's method_search: prints its hits, the top hit's parameters explained.

    With `focus_docs` (each API's module), hits from the task's own modules come first.
    """
    ranked = focused_search(search, focus_docs, task) if focus_docs is not None else search

    @functools.wraps(search)
    def method_search(description: Any = "", k: Any = _DEFAULT_K) -> Any:
        note = ""
        if is_placeholder(description):
            note = (
                f"[{description!r} is the prompt's placeholder, not a description; these are the "
                "functions for the task itself. Describe the step you need in your own words.]\n"
            )
            description = task
        if k is not _DEFAULT_K and (problem := k_problem(k, MAX_SHOWN)):
            return problem
        wanted = _SHOWN if k is _DEFAULT_K else max(1, min(k, MAX_SHOWN))
        hits = ranked(description) if k is _DEFAULT_K else ranked(description, wanted)
        if not isinstance(hits, str):
            return hits
        return note + with_parameter_docs(hits, docs)

    return prints_result(method_search)


def focused_search(
    search: Callable[..., Any], docs: Mapping[str, ApiDoc], task: str
) -> Callable[..., Any]:
    """`search` drawing from a deeper pool, the task's modules' hits moved ahead."""
    modules = functools.cache(lambda: task_modules(search, docs, task))  # on the first search

    def ranked(description: Any, k: int = _SHOWN) -> Any:
        pool = search(description, max(POOL, k))
        return focused(pool, modules(), docs, k) if isinstance(pool, str) else pool

    return ranked


_DEFAULT_K: Any = object()  # k not given: the caller's search decides how many
_SHOWN = 5


TASK_HITS = 20  # the task's hits that vote for its modules
VOTE_SHARE = 0.3  # a module within this share of the best vote is one of the task's
POOL = 40  # hits a query is drawn from before the task's modules move ahead
LEAD = 2  # the task's modules' hits shown before the query's best hit from elsewhere


def task_modules(search: Callable[..., str], docs: Mapping[str, ApiDoc], task: str) -> set[str]:
    """The modules the task's own best hits come from, by reciprocal-rank vote."""
    names = hit_names(search(task, TASK_HITS)) or []
    votes: dict[str, float] = {}
    for rank, name in enumerate(names, start=1):
        module = _module(name, docs)
        if module:
            votes[module] = votes.get(module, 0.0) + 1 / rank
    if not votes:
        return set()
    best = max(votes.values())
    return {module for module, vote in votes.items() if vote >= VOTE_SHARE * best}


def focused(hits: str, modules: set[str], docs: Mapping[str, ApiDoc], k: int) -> str:
    """The first `k` hits: the task's modules' best `LEAD`, then the query's best hit from
    elsewhere, then the rest with the task's modules' hits first, each group in its own order."""
    names = hit_names(hits)
    if names is None:
        return hits
    lines = hits.strip().splitlines()
    inside = [
        line for name, line in zip(names, lines, strict=True) if _module(name, docs) in modules
    ]
    outside = [line for line in lines if line not in inside]
    ordered = inside[:LEAD] + outside[:1] + inside[LEAD:] + outside[1:]
    return "\n".join(ordered[:k])


def _module(name: str, docs: Mapping[str, ApiDoc]) -> str:
    doc = docs.get(name)
    return doc.module if doc else ""
