"""all-MiniLM-L6-v2 without torch: where its weights are, its tokenizer, and batching.

Importing torch and sentence-transformers costs ~4.5 s here, more than the whole budget of a cold
`react-repl search`; the ONNX encoder (`_onnx.py`) runs the same network from the same weights,
and a parity test pins it to sentence-transformers.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from tokenizers import Tokenizer

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
_TOKENS_PER_BATCH = 2048


def model_dir() -> Path:
    """The fetched weights folder (`_minilm_weights`); `WeightsMissing` says how to fetch it."""
    from ._minilm_weights import find_weights

    return find_weights()


def load_tokenizer(folder: Path) -> Tokenizer:
    """The model's tokenizer, truncating where sentence-transformers does."""
    from tokenizers import Tokenizer

    st_config = json.loads((folder / "sentence_bert_config.json").read_text())
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.enable_truncation(st_config["max_seq_length"])
    tokenizer.no_padding()
    return tokenizer


def encode_in_batches(
    tokenizer: Tokenizer,
    texts: Sequence[str],
    dimension: int,
    encode_batch: Callable[[np.ndarray, np.ndarray], np.ndarray],
) -> np.ndarray:
    """Tokenise, cut into length-sorted batches, and run `encode_batch(ids, mask)` on each;
    rows come back L2-normalised, in the order of `texts`."""
    out = np.zeros((len(texts), dimension), dtype=np.float32)
    if not texts:
        return out
    id_lists = [encoding.ids for encoding in tokenizer.encode_batch(list(texts))]
    for chunk in _length_batches([len(ids) for ids in id_lists]):
        length = max(len(id_lists[i]) for i in chunk)
        ids = np.zeros((len(chunk), length), dtype=np.int64)
        mask = np.zeros((len(chunk), length), dtype=np.float32)
        for row, i in enumerate(chunk):
            ids[row, : len(id_lists[i])] = id_lists[i]
            mask[row, : len(id_lists[i])] = 1.0
        pooled = encode_batch(ids, mask)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        out[chunk] = pooled / np.maximum(norms, 1e-12)
    return out


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
