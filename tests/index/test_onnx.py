"""The ONNX Runtime encoder computes the numpy encoder's vectors, from a graph cached once."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from react_repl.index import NumpyMiniLM, OnnxMiniLM

TEXTS = [
    "What's the weather like in Paris tomorrow?",
    "convert_currency(amount: float, source: str, target: str) -> float",
    "",
    "résumé naïve café — Ünïcode, emoji 🙂 and CJK 東京",
    " ".join(["a fairly long sentence that goes past the truncation limit"] * 60),
]


def test_onnx_minilm_matches_the_numpy_encoder(tmp_path: Path, minilm: NumpyMiniLM) -> None:
    ours = OnnxMiniLM(cache=tmp_path).encode(TEXTS)
    reference = minilm.encode(TEXTS)
    assert ours.shape == (len(TEXTS), 384) and ours.dtype == np.float32
    assert (ours * reference).sum(axis=1).min() > 0.99999
    assert OnnxMiniLM(cache=tmp_path).encode([]).shape == (0, 384)


def test_the_graph_is_written_once_then_reused(tmp_path: Path) -> None:
    OnnxMiniLM(cache=tmp_path)
    [graph] = tmp_path.iterdir()
    written = graph.stat().st_mtime_ns
    OnnxMiniLM(cache=tmp_path)
    assert [path.name for path in tmp_path.iterdir()] == [graph.name]
    assert graph.stat().st_mtime_ns == written
