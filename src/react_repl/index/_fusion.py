"""How the dense and lexical rankings are combined.

Cosine similarity plus a small BM25 bonus (BM25 divided by the query's best BM25 score), not
reciprocal rank fusion: on the dev sets RRF lifted BFCL but cost API-Bank 10-16 points of R@1,
because BM25 there is much weaker than the dense model and RRF gives both rankings equal say.
A bonus of 0.05 keeps the dense order unless lexical evidence is strong (docs/method_search.md).

Built-in APIs are discounted by 0.05. They are a general-purpose kit (files, dates, arithmetic,
messages); APIs a user registers are what their tasks are about, and where both could serve a
request ("write this into report.txt": the built-in `write_text_file` or the user's file system
`echo`), the user's should come first. A built-in that clearly matches still ranks first: the
discount is smaller than the gap between a right and a merely related API. Measured with the
built-ins present as they are in every real index (docs/method_search.md).
"""

from __future__ import annotations

from collections.abc import Container, Sequence

LEXICAL_BONUS = 0.05
BUILTIN_DISCOUNT = 0.05


def fuse(
    dense: Sequence[tuple[int, float]],
    lexical: Sequence[tuple[int, float]],
    discounted: Container[int] = frozenset(),
    bonus: float = LEXICAL_BONUS,
) -> list[tuple[int, float]]:
    """(row, score) best first; inputs are (row, score) lists, best first, either may be empty.

    A row only the lexical side found gets the lowest cosine of the dense candidates, so it can
    climb only by lexical evidence. Rows in `discounted` (built-ins) lose BUILTIN_DISCOUNT.
    """
    scores = dict(dense)
    if dense:
        floor = min(scores.values())
        best = max((score for _, score in lexical), default=0.0)
        if best > 0:
            for row, score in lexical:
                scores[row] = scores.get(row, floor) + bonus * score / best
    else:
        scores = dict(lexical)
    for row in scores:
        if row in discounted:
            scores[row] -= BUILTIN_DISCOUNT
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))
