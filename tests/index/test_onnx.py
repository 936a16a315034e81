"""The ONNX Runtime encoder's graph is cached once, and built in memory where it cannot be."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from react_repl.index import OnnxMiniLM

TEXTS = ["What's the weather like in Paris tomorrow?", "résumé naïve café — Ünïcode 東京"]


def test_the_graph_is_written_once_then_reused(tmp_path: Path) -> None:
    OnnxMiniLM(cache=tmp_path)
    [graph] = tmp_path.iterdir()
    written = graph.stat().st_mtime_ns
    OnnxMiniLM(cache=tmp_path)
    assert [path.name for path in tmp_path.iterdir()] == [graph.name]
    assert graph.stat().st_mtime_ns == written


def test_a_cache_that_cannot_be_written_still_gives_the_same_vectors(
    tmp_path: Path, minilm: OnnxMiniLM
) -> None:
    blocked = tmp_path / "a file, not a folder"
    blocked.write_text("")
    vectors = OnnxMiniLM(cache=blocked).encode(TEXTS)
    np.testing.assert_allclose(vectors, minilm.encode(TEXTS), atol=1e-6)
    assert OnnxMiniLM(cache=blocked).encode([]).shape == (0, 384)
