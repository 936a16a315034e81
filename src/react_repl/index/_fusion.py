"""How the dense and lexical rankings are combined.

Cosine similarity plus a small BM25 bonus (BM25 divided by the query's best BM25 score), not
reciprocal rank fusion: on the dev sets RRF lifted BFCL but cost API-Bank 10-16 points of R@1,
because BM25 there is much weaker than the dense model and RRF gives both rankings equal say.
A bonus of 0.05 keeps the dense order unless lexical evidence is strong (docs/method_search.md).
"""

from __future__ import annotations

from collections.abc import Sequence

LEXICAL_BONUS = 0.05


def fuse(
    dense: Sequence[tuple[int, float]],
    lexical: Sequence[tuple[int, float]],
    bonus: float = LEXICAL_BONUS,
) -> list[tuple[int, float]]:
    """(row, score) best first; inputs are (row, score) lists, best first, either may be empty.

    A row only the lexical side found gets the lowest cosine of the dense candidates, so it can
    climb only by lexical evidence.
    """
    if not dense:
        return list(lexical)
    scores = dict(dense)
    floor = min(scores.values())
    best = max((score for _, score in lexical), default=0.0)
    if best > 0:
        for row, score in lexical:
            scores[row] = scores.get(row, floor) + bonus * score / best
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))
