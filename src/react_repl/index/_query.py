"""How a request is embedded: its clauses, and its words without the values it carries.

Chained requests. "Create the folder temp, then move the report into it and sort it" needs three
APIs; one embedding of the whole request sits between them and may rank none of them near the
top. Each clause is embedded too, and an API's dense score adds its best cosine with any clause.

Values. "Show me what's inside 'Annual_Report_2023.docx'" names what to act on, not which
function acts, yet to the encoder "Report" resembles any docstring whose example reads
"reports/summary.md". Quoted strings and file names are therefore also dropped from a second
view of the request (and from each clause), which is averaged with the request as written.
Both changes were measured on both dev sets and on three renderings of them, with and without the
built-in APIs as distractors (docs/method_search.md).
"""

from __future__ import annotations

import re

import numpy as np

PART_WEIGHT = 1.0
MAX_PARTS = 4
_MIN_WORDS = 3
_CLAUSE_BREAK = re.compile(
    r"(?<=[.!?;])\s+"  # sentence ends
    r"|,?\s+(?:and then|then|and also|after that|afterwards|also)\s+"  # sequencing words
    r"|\s+and\s+(?=[a-z]+\s)",  # "... and <verb> ..."
    re.IGNORECASE,
)
_VALUE = re.compile(
    r"'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`|‘[^’\n]*’|“[^”\n]*”"  # quoted strings
    r"|\b[\w-]+\.[A-Za-z]{2,4}\b"  # file names
)


def query_parts(query: str) -> list[str]:
    """The clauses of a multi-part request (at most MAX_PARTS); [] for a single request."""
    parts = [part.strip() for part in _CLAUSE_BREAK.split(query) if part and part.strip()]
    parts = [part for part in parts if len(part.split()) >= _MIN_WORDS]
    return parts[:MAX_PARTS] if len(parts) > 1 else []


def without_values(text: str) -> str | None:
    """`text` without quoted strings and file names; None when nothing (or too little) is left."""
    words = _VALUE.sub(" ", text).split()
    stripped = " ".join(words)
    return stripped if len(words) >= 2 and stripped != " ".join(text.split()) else None


class QueryViews:
    """The texts to embed for one request, and how their cosines combine into one score."""

    def __init__(self, query: str) -> None:
        self._request = [query, *filter(None, [without_values(query)])]
        self._parts = [without_values(part) or part for part in query_parts(query)]

    @property
    def texts(self) -> list[str]:
        return [*self._request, *self._parts]

    def combine(self, similarities: np.ndarray) -> np.ndarray:
        """Rows of cosines, one column per text in `texts` order -> one score per row."""
        request = similarities[:, : len(self._request)].mean(axis=1)
        if not self._parts:
            return request
        best_part = similarities[:, len(self._request) :].max(axis=1)
        return (request + PART_WEIGHT * best_part) / (1 + PART_WEIGHT)
