"""Semantic search over API functions: what `method_search` and `react-repl search` run."""

from ._encoder import (
    Encoder,
    EncoderUnavailable,
    SentenceTransformerEncoder,
    fetch_encoder_weights,
)
from ._hits import BuildReport, SearchHit, format_hits, method_search_function
from react_repl._hit_listing import DEEP_K, MAX_SHOWN, k_problem
from ._method_index import MethodIndex
from ._minilm import NumpyMiniLM
from ._onnx import OnnxMiniLM
from ._store import IndexProblem

__all__ = [
    "DEEP_K",
    "MAX_SHOWN",
    "BuildReport",
    "Encoder",
    "EncoderUnavailable",
    "IndexProblem",
    "MethodIndex",
    "NumpyMiniLM",
    "OnnxMiniLM",
    "SearchHit",
    "SentenceTransformerEncoder",
    "fetch_encoder_weights",
    "format_hits",
    "k_problem",
    "method_search_function",
]
