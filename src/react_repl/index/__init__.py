"""Semantic search over API functions: what `method_search` and `react-repl search` run.

Exports load on first use: a run checks its index (`_manifest`) and catches its errors before
the agent's first search, and only that search needs numpy, FAISS and the encoder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from react_repl._hit_listing import DEEP_K, MAX_SHOWN, k_problem
from react_repl._lazy import lazy_exports

if TYPE_CHECKING:
    from ._encoder import Encoder, SentenceTransformerEncoder, fetch_encoder_weights
    from ._errors import EncoderUnavailable, IndexProblem
    from ._hits import BuildReport, SearchHit, format_hits, method_search_function
    from ._method_index import MethodIndex
    from ._onnx import OnnxMiniLM

_EXPORTS = {
    "BuildReport": "_hits",
    "Encoder": "_encoder",
    "EncoderUnavailable": "_errors",
    "IndexProblem": "_errors",
    "MethodIndex": "_method_index",
    "OnnxMiniLM": "_onnx",
    "SearchHit": "_hits",
    "SentenceTransformerEncoder": "_encoder",
    "fetch_encoder_weights": "_encoder",
    "format_hits": "_hits",
    "method_search_function": "_hits",
}

__all__ = [
    "DEEP_K",
    "MAX_SHOWN",
    "BuildReport",
    "Encoder",
    "EncoderUnavailable",
    "IndexProblem",
    "MethodIndex",
    "OnnxMiniLM",
    "SearchHit",
    "SentenceTransformerEncoder",
    "fetch_encoder_weights",
    "format_hits",
    "k_problem",
    "method_search_function",
]


__getattr__ = lazy_exports(__name__, _EXPORTS)
