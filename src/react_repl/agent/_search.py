"""method_search as the agent offers it: hits printed, and a copied placeholder read as the task.

Small models copy the example query of a prompt or hint word for word (`method_search("what you
need")`, seen in 5 of 34 runs of the 1.5B model on the multistep suite), and the index then
returns whatever matches "need". Such a query carries no description, so the task's own words
are searched instead, and the model is told why.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any

from react_repl.agent._context import ApiDoc
from react_repl.agent._hints import with_parameter_docs
from react_repl.sandbox import prints_result

PLACEHOLDER_QUERIES = frozenset(
    {
        "what you need",
        "what i need",
        "what the next step needs",
        "description",
        "what you want",
        "your query",
        "query",
    }
)


def is_placeholder(query: object) -> bool:
    """A query that only restates that something is needed, as the prompts' examples do."""
    if not isinstance(query, str):
        return False
    words = " ".join(re.sub(r"[^a-z ]", " ", query.lower()).split())
    return words in PLACEHOLDER_QUERIES


def agent_method_search(
    search: Callable[..., Any], docs: Mapping[str, ApiDoc], task: str
) -> Callable[..., Any]:
    """The sandbox's method_search: prints its hits, the top hit's parameters explained."""

    @functools.wraps(search)
    def method_search(description: Any = "", *args: Any, **kwargs: Any) -> Any:
        note = ""
        if is_placeholder(description):
            note = (
                f"[{description!r} is the prompt's placeholder, not a description; these are the "
                "functions for the task itself. Describe the step you need in your own words.]\n"
            )
            description = task
        hits = search(description, *args, **kwargs)
        if not isinstance(hits, str):
            return hits
        return note + with_parameter_docs(hits, docs)

    return prints_result(method_search)
