"""Reciprocal rank fusion of the dense and lexical rankings.

Ranks, not scores, are fused because cosine and BM25 scores live on unrelated scales; the weights
and the rank constant were tuned on the retrieval dev sets (benchmarks/retrieval.py).
"""

from __future__ import annotations

from collections.abc import Sequence

RANK_CONSTANT = 60
DENSE_WEIGHT = 1.0
LEXICAL_WEIGHT = 1.0


def fuse(
    rankings: Sequence[tuple[Sequence[tuple[int, float]], float]],
    rank_constant: float = RANK_CONSTANT,
) -> list[tuple[int, float]]:
    """(row, fused score) best first from (ranking, weight) pairs, each ranking best first."""
    scores: dict[int, float] = {}
    for ranking, weight in rankings:
        for rank, (row, _) in enumerate(ranking, start=1):
            scores[row] = scores.get(row, 0.0) + weight / (rank_constant + rank)
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))
