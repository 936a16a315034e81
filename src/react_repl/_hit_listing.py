"""The text method_search prints: one hit per line, each opening with `` `name(``.

The index writes it, and the agent reads it back (to re-rank, to interleave, to keep the lines
a later action calls). It lives outside both so the agent can read listings without importing
the index's FAISS and numpy.
"""

from __future__ import annotations

import re

MAX_SHOWN = 10  # the most hits one method_search shows the model
DEEP_K = 50  # the most a harness draws at once, to re-rank them before showing a few
MAX_K = 50  # the most hits one search of the index returns

HIT_NAME = re.compile(r"^`([A-Za-z_][A-Za-z0-9_]*)\(")


def hit_names(text: str) -> list[str] | None:
    """The function names of a hit listing, one per line; None for any other text (an error)."""
    lines = text.strip().splitlines()
    names = [match[1] for line in lines if (match := HIT_NAME.match(line))]
    return names if names and len(names) == len(lines) else None


def k_problem(k: object, max_k: int) -> str | None:
    """Why `k` cannot be a number of hits, in words a model can act on; None when it can."""
    if isinstance(k, bool) or not isinstance(k, int):
        return f"method_search: k must be a whole number from 1 to {max_k}, got {k!r}."
    return None
