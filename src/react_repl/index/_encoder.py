"""Which text encoder the index uses.

The numpy MiniLM is the default because it starts in ~0.2 s against ~4.5 s for torch; the
sentence-transformers encoder stays as the reference the numpy one is tested against and as an
alternative for large builds where torch's threaded kernels are faster.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from ._minilm import MODEL_NAME, NumpyMiniLM, model_dir


class Encoder(Protocol):
    name: str
    dimension: int

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


class SentenceTransformerEncoder:
    """The reference implementation, loaded from the wheel's folder, never by hub name."""

    name = MODEL_NAME

    def __init__(self) -> None:
        from sentence_transformers import SentenceTransformer

        self._model = SentenceTransformer(str(model_dir()), device="cpu")
        self.dimension: int = self._model.get_embedding_dimension() or 384

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        vectors = self._model.encode(
            list(texts), batch_size=32, normalize_embeddings=True, convert_to_numpy=True
        )
        return np.asarray(vectors, dtype=np.float32).reshape(len(texts), self.dimension)


_default: Encoder | None = None


def default_encoder() -> Encoder:
    """One encoder per process: loading the weights is the slow part of a cold search."""
    global _default
    if _default is None:
        _default = NumpyMiniLM()
    return _default
