"""The blended document vector scores a query like the weighted mean of its two cosines."""

from __future__ import annotations

import numpy as np

from react_repl.index._vectors import SUMMARY_VIEW_WEIGHT, blend_views, build_vectors, nearest


def test_blend_scores_are_the_weighted_mean_of_both_view_cosines() -> None:
    rng = np.random.default_rng(0)
    full, summary, query = (rng.normal(size=(n, 8)).astype(np.float32) for n in (5, 5, 1))
    full, summary, query = (
        v / np.linalg.norm(v, axis=1, keepdims=True) for v in (full, summary, query)
    )
    expected = (full @ query[0] + SUMMARY_VIEW_WEIGHT * (summary @ query[0])) / (
        1 + SUMMARY_VIEW_WEIGHT
    )
    hits = nearest(build_vectors(blend_views(full, summary)), query[0], 5)
    assert [row for row, _ in hits] == list(np.argsort(-expected))
    assert np.allclose([score for _, score in hits], np.sort(expected)[::-1], atol=1e-6)
