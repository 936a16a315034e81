"""The searchable, persisted, incrementally updated index of API functions."""

from __future__ import annotations

import contextlib
import hashlib
import re
import time
import warnings
from collections.abc import Container, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import faiss
import numpy as np

from react_repl._hit_listing import MAX_K
from react_repl._unicode import valid_unicode

from ._api_text import MAX_QUERY_CHARS, embedded_texts, lexical_tokens, purposes
from ._encoder import Encoder, default_encoder, default_encoder_identity
from ._errors import IndexProblem
from ._hits import BuildReport, SearchHit
from ._lexical import LexicalIndex
from ._manifest import manifest_exists
from ._store import IndexedApi, IndexState, load_state, save_state, writer_lock
from ._vectors import blend_views, build_vectors, nearest, uses_graph

if TYPE_CHECKING:
    from react_repl.registry import ApiRegistry, ApiSpec

SearchMode = Literal["hybrid", "dense", "lexical"]
CANDIDATES = 50
LEXICAL_BONUS = 0.05
BUILTIN_DISCOUNT = 0.05
PART_WEIGHT = 1.0
MAX_PARTS = 4
_MIN_WORDS = 3
_CLAUSE_BREAK = re.compile(
    r"(?<=[.!?;])\s+"  # sentence ends
    r"|,?\s+(?:and then|then|and also|after that|afterwards|also)\s+"  # sequencing words
    r"|\s+and\s+(?=[a-z]+\s)",  # "... and <verb> ..."
    re.IGNORECASE,
)
_VALUE = re.compile(
    r"'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`|‘[^’\n]*’|“[^”\n]*”"  # quoted strings
    r"|\b[\w-]+\.[A-Za-z]{2,4}\b"  # file names
)


class MethodIndex:
    """Dense (MiniLM + FAISS) and lexical (BM25) search over API signatures and docstrings.

    A persisted index is shared: builds take a per-folder writer lock and start from the newest
    generation on disk. A run that needs other APIs than the shared index holds searches an
    in-memory `overlay` instead of rewriting it.
    """

    def __init__(self, path: str | Path | None = None, encoder: Encoder | None = None) -> None:
        from react_repl._paths import default_index_dir

        self.path = Path(path).expanduser() if path is not None else default_index_dir()
        self._encoder = encoder
        self._state = IndexState()
        self._vectors: faiss.Index | None = None
        self._lexical: LexicalIndex | None = None
        self._builtin_rows: frozenset[int] = frozenset()
        self.rebuild_reason: str | None = None
        self._persistent = True

    @classmethod
    def open(cls, path: str | Path | None = None, encoder: Encoder | None = None) -> MethodIndex:
        """Load the persisted index; an unusable one leaves an empty index and `rebuild_reason`."""
        index = cls(path, encoder)
        if manifest_exists(index.path):
            index._load()
        return index

    @property
    def encoder(self) -> Encoder:
        if self._encoder is None:
            self._encoder = default_encoder()
        return self._encoder

    def _encoder_identity(self) -> tuple[str, int]:
        if self._encoder is not None:
            return self._encoder.name, self._encoder.dimension
        return default_encoder_identity()

    @property
    def exists(self) -> bool:
        return manifest_exists(self.path)

    @property
    def in_memory(self) -> bool:
        """An overlay for one run: its APIs are the run's scope, not what was indexed."""
        return not self._persistent

    def __len__(self) -> int:
        return len(self._state.rows)

    def _load(self, warn: bool = True) -> None:
        self._state, self._vectors, self._lexical = IndexState(), None, None
        self.rebuild_reason = None
        try:
            self._state, self._vectors = load_state(self.path, *self._encoder_identity())
        except IndexProblem as problem:
            self.rebuild_reason = str(problem)
            if warn:
                message = (
                    f"{problem}; run `react-repl index build` to rebuild the index at {self.path}"
                )
                warnings.warn(message, stacklevel=3)

    def build(self, registry: ApiRegistry) -> BuildReport:
        """Make the index hold exactly the registry's APIs, re-embedding only changed texts."""
        with self._writing():
            return self._update(list(registry.specs), dict(registry.modules()), replace_all=True)

    def add(self, specs: Iterable[ApiSpec]) -> BuildReport:
        """Add or replace the given APIs; their modules' previous APIs are replaced wholesale."""
        specs = list(specs)
        with self._writing():
            return self._update(specs, {s.module: s.module_hash for s in specs}, replace_all=False)

    def overlay(self, registry: ApiRegistry) -> MethodIndex:
        """An in-memory index over exactly the registry's APIs, for one run; nothing is written.

        Vectors this index already holds for unchanged texts are reused, so only the APIs it
        lacks (a run's extra `--apis`, an edited module) are embedded.
        """
        view = MethodIndex(self.path, self._encoder)
        view._persistent = False
        view._state = self._state
        view._update(list(registry.specs), dict(registry.modules()), replace_all=True)
        return view

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """Hold the folder's writer lock and start from the newest generation on disk."""
        if not self._persistent:
            raise IndexProblem("an overlay index is in memory only and cannot be rebuilt")
        with writer_lock(self.path):
            if manifest_exists(self.path):
                self._load(warn=False)
            yield

    def _update(
        self, specs: Sequence[Any], module_hashes: Mapping[str, str], replace_all: bool
    ) -> BuildReport:
        started = time.perf_counter()
        old = self._state
        described = purposes(specs)
        texts = {spec.name: embedded_texts(spec, *described[spec.name]) for spec in specs}
        rows = _merged_rows(
            [] if replace_all else old.rows, specs, texts, described, module_hashes.keys()
        )
        embeddings, embedded = self._embeddings(rows, texts, old)
        modules = ({} if replace_all else dict(old.modules)) | dict(module_hashes)
        changed = {m for m in modules if old.modules.get(m) != modules[m]}
        changed |= set(old.modules) - set(modules)
        unchanged = rows == old.rows and modules == old.modules and not self.rebuild_reason
        if not (unchanged and self.exists and self._persistent):
            self._replace_state(IndexState(rows, embeddings, modules))
        report = BuildReport(
            embedded=embedded,
            reused=len(rows) - embedded,
            removed=len({row.name for row in old.rows} - {row.name for row in rows}),
            modules_changed=tuple(sorted(changed)),
            seconds=time.perf_counter() - started,
            rebuilt_reason=self.rebuild_reason,
        )
        self.rebuild_reason = None
        return report

    def _replace_state(self, state: IndexState) -> None:
        """Persist first, so the in-memory index never differs from what is on disk."""
        # An in-memory overlay lives for one run: exact search, no graph to build.
        vectors = build_vectors(state.embeddings, exact=not self._persistent)
        if self._persistent:
            graph = vectors if uses_graph(len(state.rows)) else None
            save_state(self.path, state, self.encoder.name, graph)
        self._state, self._vectors, self._lexical = state, vectors, None

    def _embeddings(
        self, rows: Sequence[IndexedApi], texts: Mapping[str, tuple[str, str]], old: IndexState
    ) -> tuple[np.ndarray, int]:
        """Reuse the stored vector of every row whose embedded texts are unchanged."""
        previous = {row.text_sha: i for i, row in enumerate(old.rows)}
        missing = [i for i, row in enumerate(rows) if row.text_sha not in previous]
        out = np.zeros((len(rows), self._encoder_identity()[1]), dtype=np.float32)
        for i, row in enumerate(rows):
            if row.text_sha in previous:
                out[i] = old.embeddings[previous[row.text_sha]]
        if missing:
            views = self.encoder.encode([text for i in missing for text in texts[rows[i].name]])
            out[missing] = blend_views(views[0::2], views[1::2])
        return out, len(missing)

    def search(self, query: str, k: int = 5, *, mode: SearchMode = "hybrid") -> list[SearchHit]:
        """Best first, one hit per API name, at most MAX_K; `mode` isolates one retriever.

        Only the first MAX_QUERY_CHARS characters count, so a pasted document costs no more
        than a sentence (the model reads 256 word pieces anyway).
        """
        k = max(1, min(int(k), MAX_K))
        query = valid_unicode(query[:MAX_QUERY_CHARS])  # the tokenizer refuses lone surrogates
        rows = self._state.rows
        if not rows or not query.strip():
            return []
        if self._lexical is None:
            self._lexical = LexicalIndex([row.tokens for row in rows])
            self._builtin_rows = frozenset(i for i, row in enumerate(rows) if row.builtin)
        pool = max(k, CANDIDATES)
        dense = [] if mode == "lexical" else self._dense(query, pool)
        lexical = [] if mode == "dense" else self._lexical.ranked(query, pool)
        fused = fuse(dense, lexical, self._builtin_rows)
        hits: dict[str, SearchHit] = {}
        for row_number, score in fused:
            row = rows[row_number]
            if row.name not in hits:
                hits[row.name] = SearchHit(row.name, row.signature, row.summary, score, row.module)
            if len(hits) == k:
                break
        return list(hits.values())

    def _dense(self, query: str, count: int) -> list[tuple[int, float]]:
        """Nearest rows to each view of the request (`QueryViews`), scored by combining them."""
        if self._vectors is None:
            self._vectors = build_vectors(self._state.embeddings)
        views = QueryViews(query)
        vectors = self.encoder.encode(views.texts)
        if len(vectors) == 1:
            return nearest(self._vectors, vectors[0], count)
        found = {row for vector in vectors for row, _ in nearest(self._vectors, vector, count)}
        rows = np.array(sorted(found), dtype=np.int64)
        scores = views.combine(self._state.embeddings[rows] @ vectors.T)
        order = np.lexsort((rows, -scores))[:count]
        return [(int(rows[i]), float(scores[i])) for i in order]


def fuse(
    dense: Sequence[tuple[int, float]],
    lexical: Sequence[tuple[int, float]],
    discounted: Container[int] = frozenset(),
) -> list[tuple[int, float]]:
    """(row, score) best first, from (row, score) lists, best first, either may be empty.

    Cosine similarity plus a small BM25 bonus (BM25 divided by the query's best BM25 score), not
    reciprocal rank fusion: on the dev sets RRF lifted BFCL but cost API-Bank 10-16 points of R@1,
    because BM25 there is much weaker than the dense model and RRF gives both rankings equal say.
    A bonus of 0.05 keeps the dense order unless lexical evidence is strong. A row only the
    lexical side found gets the lowest cosine of the dense candidates, so it can climb only by
    lexical evidence.

    Rows in `discounted` (built-ins) lose BUILTIN_DISCOUNT. They are a general-purpose kit
    (files, dates, arithmetic, messages); APIs a user registers are what their tasks are about,
    and where both could serve a request ("write this into report.txt": the built-in
    `write_text_file` or the user's file system `echo`), the user's should come first. A built-in
    that clearly matches still ranks first: the discount is smaller than the gap between a right
    and a merely related API. Both measured in docs/method_search.md.
    """
    scores = dict(dense)
    if dense:
        floor = min(scores.values())
        best = max((score for _, score in lexical), default=0.0)
        if best > 0:
            for row, score in lexical:
                scores[row] = scores.get(row, floor) + LEXICAL_BONUS * score / best
    else:
        scores = dict(lexical)
    for row in scores:
        if row in discounted:
            scores[row] -= BUILTIN_DISCOUNT
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))


def _merged_rows(
    old_rows: Sequence[IndexedApi],
    specs: Sequence[Any],
    texts: Mapping[str, tuple[str, str]],
    described: Mapping[str, tuple[str, str]],
    replaced_modules: Iterable[str],
) -> list[IndexedApi]:
    """Old rows outside the replaced modules, then the new specs; a later name wins."""
    replaced = set(replaced_modules)
    kept = [row for row in old_rows if row.module not in replaced]
    tokens = {row.text_sha: row.tokens for row in old_rows}
    rows = kept + [_row(spec, texts[spec.name], described[spec.name][0], tokens) for spec in specs]
    return list({row.name: row for row in rows}.values())


def _row(
    spec: Any, texts: tuple[str, str], summary: str, known: Mapping[str, tuple[str, ...]]
) -> IndexedApi:
    """Stemming an unchanged text again took a third of a second of each run's start: its
    tokens are taken from the stored row with the same text."""
    text_sha = hashlib.sha256("\0".join(texts).encode()).hexdigest()
    return IndexedApi(
        name=spec.name,
        signature=spec.signature,
        summary=summary,
        module=spec.module,
        text_sha=text_sha,
        tokens=known.get(text_sha) or tuple(lexical_tokens(texts[0])),
        builtin=_is_builtin(spec),
    )


def _is_builtin(spec: Any) -> bool:
    """Shipped with react-repl: the built-in apis/ folder, or modules inside the package (such as
    the benchmark's distractor pack, which must not outrank the built-ins it sits beside)."""
    from react_repl._paths import PACKAGE_DIR, builtin_apis_dir, distractor_pack_dir

    source = Path(spec.source_file).resolve()
    shipped = (builtin_apis_dir(), distractor_pack_dir(), PACKAGE_DIR)
    return any(source.is_relative_to(folder.resolve()) for folder in shipped if folder)


def query_parts(query: str) -> list[str]:
    """The clauses of a multi-part request (at most MAX_PARTS); [] for a single request."""
    parts = [part.strip() for part in _CLAUSE_BREAK.split(query) if part and part.strip()]
    parts = [part for part in parts if len(part.split()) >= _MIN_WORDS]
    return parts[:MAX_PARTS] if len(parts) > 1 else []


def without_values(text: str) -> str | None:
    """`text` without quoted strings and file names; None when nothing (or too little) is left."""
    words = _VALUE.sub(" ", text).split()
    stripped = " ".join(words)
    return stripped if len(words) >= 2 and stripped != " ".join(text.split()) else None


class QueryViews:
    """The texts to embed for one request, and how their cosines combine into one score: the
    request, its words without the values it carries, and its clauses.

    Chained requests. "Create the folder temp, then move the report into it and sort it" needs
    three APIs; one embedding of the whole request sits between them and may rank none of them
    near the top. Each clause is embedded too, and an API's dense score adds its best cosine with
    any clause.

    Values. "Show me what's inside 'Annual_Report_2023.docx'" names what to act on, not which
    function acts, yet to the encoder "Report" resembles any docstring whose example reads
    "reports/summary.md". Quoted strings and file names are therefore also dropped from a second
    view of the request (and from each clause), which is averaged with the request as written.
    Both were measured on both dev sets and on three renderings of them, with and without the
    built-in APIs as distractors (docs/method_search.md).
    """

    def __init__(self, query: str) -> None:
        self._request = [query, *filter(None, [without_values(query)])]
        self._parts = [without_values(part) or part for part in query_parts(query)]

    @property
    def texts(self) -> list[str]:
        return [*self._request, *self._parts]

    def combine(self, similarities: np.ndarray) -> np.ndarray:
        """Rows of cosines, one column per text in `texts` order -> one score per row."""
        request = similarities[:, : len(self._request)].mean(axis=1)
        if not self._parts:
            return request
        best_part = similarities[:, len(self._request) :].max(axis=1)
        return (request + PART_WEIGHT * best_part) / (1 + PART_WEIGHT)
