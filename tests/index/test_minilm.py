"""The ONNX MiniLM must embed exactly like sentence-transformers, the reference."""

from __future__ import annotations

import numpy as np

from react_repl.index import OnnxMiniLM, SentenceTransformerEncoder

TEXTS = [
    "What's the weather like in Paris tomorrow?",
    "convert_currency(amount: float, source: str, target: str) -> float",
    "",
    "résumé naïve café — Ünïcode, emoji 🙂 and CJK 東京",
    "get user tickets.\nList the open support tickets of a user.",
    " ".join(["a fairly long sentence that goes past the truncation limit"] * 60),
]


def test_onnx_minilm_matches_sentence_transformers(minilm: OnnxMiniLM) -> None:
    reference = SentenceTransformerEncoder().encode(TEXTS)
    ours = minilm.encode(TEXTS)
    assert ours.shape == reference.shape == (len(TEXTS), 384)
    assert ours.dtype == np.float32
    cosines = (ours * reference).sum(axis=1)
    assert cosines.min() > 0.9999, cosines


def test_embeddings_are_unit_length_and_order_independent(minilm: OnnxMiniLM) -> None:
    forward = minilm.encode(TEXTS)
    backward = minilm.encode(TEXTS[::-1])[::-1]
    np.testing.assert_allclose(np.linalg.norm(forward, axis=1), 1.0, atol=1e-5)
    np.testing.assert_allclose(forward, backward, atol=1e-5)
    assert minilm.encode([]).shape == (0, 384)
