"""FAISS inner-product search over blended embeddings of two views of each API.

Exact search is cheap up to tens of thousands of APIs; past `FLAT_LIMIT` a flat scan costs
15-40 ms per query here, so an HNSW graph takes over (recall against flat in benchmarks/index.py).
"""

from __future__ import annotations

from pathlib import Path

import faiss
import numpy as np

FLAT_LIMIT = 20_000
SUMMARY_VIEW_WEIGHT = 0.3
_HNSW_NEIGHBOURS = 32
_HNSW_EF_CONSTRUCTION = 80
_HNSW_EF_SEARCH = 96


def blend_views(full: np.ndarray, summary: np.ndarray) -> np.ndarray:
    """One vector per API whose inner product with a query is the weighted mean of the cosines
    with the full document and with the summary view.

    The blend is linear, so it costs no extra memory or search time over a single view; the
    weight 0.3 and its neighbours 0.25-0.35 won on both dev sets (docs/method_search.md).
    """
    return ((full + SUMMARY_VIEW_WEIGHT * summary) / (1 + SUMMARY_VIEW_WEIGHT)).astype(np.float32)


def uses_graph(count: int) -> bool:
    return count > FLAT_LIMIT


def build_vectors(embeddings: np.ndarray, exact: bool = False) -> faiss.Index:
    dimension = embeddings.shape[1]
    index: faiss.Index
    if uses_graph(len(embeddings)) and not exact:
        index = faiss.IndexHNSWFlat(dimension, _HNSW_NEIGHBOURS, faiss.METRIC_INNER_PRODUCT)
        index.hnsw.efConstruction = _HNSW_EF_CONSTRUCTION
    else:
        index = faiss.IndexFlatIP(dimension)
    index.add(np.ascontiguousarray(embeddings, dtype=np.float32))
    _tune(index)
    return index


def _tune(index: faiss.Index) -> None:
    if isinstance(index, faiss.IndexHNSWFlat):
        index.hnsw.efSearch = _HNSW_EF_SEARCH


def read_vectors(path: Path) -> faiss.Index:
    index = faiss.read_index(str(path))
    _tune(index)
    return index


def nearest(index: faiss.Index, query: np.ndarray, count: int) -> list[tuple[int, float]]:
    """(row, blended cosine) best first; FAISS pads missing neighbours with -1 (dropped)."""
    count = min(count, index.ntotal)
    if count <= 0:
        return []
    scores, rows = index.search(query.reshape(1, -1).astype(np.float32), count)
    return [(int(r), float(s)) for r, s in zip(rows[0], scores[0], strict=True) if r >= 0]
