"""Semantic search over API functions: what `method_search` and `react-repl search` run."""

from ._encoder import Encoder, EncoderUnavailable, SentenceTransformerEncoder
from ._hits import BuildReport, SearchHit, format_hits, method_search_function
from ._method_index import MethodIndex
from ._minilm import NumpyMiniLM
from ._onnx import OnnxMiniLM
from ._store import IndexProblem

__all__ = [
    "BuildReport",
    "Encoder",
    "EncoderUnavailable",
    "IndexProblem",
    "MethodIndex",
    "NumpyMiniLM",
    "OnnxMiniLM",
    "SearchHit",
    "SentenceTransformerEncoder",
    "format_hits",
    "method_search_function",
]
