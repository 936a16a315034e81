"""Requests that ask for several things at once.

"Create the folder 'temp', then move the report into it and sort it" needs three APIs; one
embedding of the whole request sits between them and may rank none of them near the top. Each
clause is embedded too, and an API's dense score adds its best cosine with any clause to its
cosine with the whole request. On the BFCL dev set (most turns chain several calls) this lifted
R@5 by 1.6 and COMP@5 by 1.8 points; API-Bank's single-intent queries were unchanged
(docs/method_search.md).
"""

from __future__ import annotations

import re

import numpy as np

PART_WEIGHT = 1.0
MAX_PARTS = 4
_MIN_PART_WORDS = 3
_CLAUSE_BREAK = re.compile(
    r"(?<=[.!?;])\s+"  # sentence ends
    r"|,?\s+(?:and then|then|and also|after that|afterwards|also)\s+"  # sequencing words
    r"|\s+and\s+(?=[a-z]+\s)",  # "... and <verb> ..."
    re.IGNORECASE,
)


def query_parts(query: str) -> list[str]:
    """The clauses of a multi-part request (at most MAX_PARTS); [] for a single request."""
    parts = [part.strip() for part in _CLAUSE_BREAK.split(query) if part and part.strip()]
    parts = [part for part in parts if len(part.split()) >= _MIN_PART_WORDS]
    return parts[:MAX_PARTS] if len(parts) > 1 else []


def combined_scores(similarities: np.ndarray) -> np.ndarray:
    """Rows of (whole request, clause 1, ...) cosines -> one score per row."""
    if similarities.shape[1] == 1:
        return similarities[:, 0]
    best_part = similarities[:, 1:].max(axis=1)
    return (similarities[:, 0] + PART_WEIGHT * best_part) / (1 + PART_WEIGHT)
