"""Speed and size of the method index.

    python benchmarks/index.py [--sizes 1000,10000,100000] [--real-build 1000,10000]

Documents of the `--real-build` indexes go through the real MiniLM (the default encoder, ONNX
Runtime). Larger indexes get cheap
compositional embeddings (the real embeddings of their name words, summed and normalised),
because the model embeds ~10-60 documents/s on this shared 2-core machine; their build times
therefore exclude the model. Every search embeds its query with the real model. BLAS runs
and FAISS run single-threaded, as in `react-repl search` (see src/react_repl/cli/_search.py).
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import click
import faiss
import numpy as np
from _synthetic import DOMAINS, NOUNS, VERBS, synthetic_specs, write_synthetic_modules

from react_repl.index import MethodIndex, OnnxMiniLM, SentenceTransformerEncoder
from react_repl.index._api_text import document_text
from react_repl.index._vectors import build_vectors
from react_repl.registry import ApiRegistry

QUERIES = [
    f"please {verb} the {noun} for {domain}"
    for verb, noun, domain in zip(VERBS * 3, NOUNS * 3, DOMAINS[::-1] * 3, strict=False)
][:100]


class CompositionalEncoder:
    """Cheap stand-in for large builds: document vector = sum of its name words' embeddings."""

    def __init__(self, model: OnnxMiniLM) -> None:
        self.name, self.dimension = model.name, model.dimension
        words = sorted(set(VERBS) | set(NOUNS) | set(DOMAINS))
        self._words = dict(zip(words, model.encode(words), strict=True))
        self._noise = np.random.default_rng(0)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        vectors = []
        for text in texts:
            words = [w for w in text.split("\n", 1)[0].rstrip(".").split() if w in self._words]
            vector = sum(self._words[w] for w in words) + self._noise.normal(0, 0.05, 384)
            vectors.append(vector / np.linalg.norm(vector))
        return np.asarray(vectors, dtype=np.float32)


def encoder_throughput() -> list[str]:
    specs = synthetic_specs(128, offset=50_000)
    texts = [document_text(spec, spec.summary, spec.description) for spec in specs]
    lines = []
    factories = (
        ("ONNX Runtime MiniLM (default)", OnnxMiniLM),
        ("sentence-transformers", SentenceTransformerEncoder),
    )
    for label, factory in factories:
        started = time.perf_counter()
        encoder = factory()
        loaded = time.perf_counter() - started
        encoder.encode(texts[:4])
        started = time.perf_counter()
        encoder.encode(texts)
        rate = len(texts) / (time.perf_counter() - started)
        lines.append(f"| encoder | {label} | load {loaded:.2f} s, {rate:.0f} docs/s |")
    return lines


def build(path: Path, count: int, encoder: object) -> tuple[MethodIndex, float]:
    index = MethodIndex.open(path, encoder=encoder)  # type: ignore[arg-type]
    report = index.build(ApiRegistry(synthetic_specs(count)))
    return index, report.seconds


# Chained requests with quoted values: the request, its value-free view and up to four clauses
# are embedded (index/_method_index.py, `QueryViews`), the costliest kind of search.
CHAINED = [
    f"Find the {noun} called '{noun}_{n}.txt' in {domain}, then {verb} it and also "
    f"{VERBS[(n + 1) % len(VERBS)]} the {NOUNS[(n + 2) % len(NOUNS)]} for me."
    for n, (verb, noun, domain) in enumerate(zip(VERBS * 3, NOUNS * 3, DOMAINS * 3, strict=False))
][:100]


def latencies(index: MethodIndex, queries: Sequence[str] = QUERIES) -> tuple[float, float, float]:
    started = time.perf_counter()
    index.search(queries[0])
    first = time.perf_counter() - started
    times = []
    for query in queries:
        started = time.perf_counter()
        index.search(query)
        times.append(time.perf_counter() - started)
    p95 = statistics.quantiles(times, n=20)[-1]
    return 1000 * first, 1000 * statistics.median(times), 1000 * p95


def hnsw_against_flat(index: MethodIndex, model: OnnxMiniLM) -> tuple[float, float, float]:
    """Recall@10 of the HNSW graph against exact search, and each one's per-query time (ms)."""
    embeddings = index._state.embeddings
    exact = faiss.IndexFlatIP(embeddings.shape[1])
    exact.add(embeddings)
    graph = index._vectors if index._vectors is not None else build_vectors(embeddings)
    queries = model.encode(QUERIES)
    timings = []
    results = []
    for searcher in (exact, graph):
        started = time.perf_counter()
        results.append([searcher.search(query[None, :], 10)[1][0] for query in queries])
        timings.append(1000 * (time.perf_counter() - started) / len(queries))
    truth, found = results
    overlap = [len(set(t) & set(f)) / 10 for t, f in zip(truth, found, strict=True)]
    return 100 * float(np.mean(overlap)), timings[0], timings[1]


def cli_build(work: Path, count: int) -> float:
    """Wall time of `react-repl index build` over `count` APIs in real modules, as users run it."""
    write_synthetic_modules(synthetic_specs(count), work / "modules")
    (work / "home" / "apis").mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if not k.endswith("_NUM_THREADS")}
    env["REACT_REPL_HOME"] = str(work / "home")
    env["REACT_REPL_BUILTIN_APIS"] = str(work / "home" / "apis")
    command = [str(Path(sys.executable).with_name("react-repl")), "index", "build"]
    started = time.perf_counter()
    subprocess.run(
        [*command, "--apis", str(work / "modules"), "--index", str(work / "cli-index")],
        check=True,
        capture_output=True,
        env=env,
    )
    return time.perf_counter() - started


def cold_search(path: Path) -> float:
    command = [str(Path(sys.executable).with_name("react-repl")), "search", "cancel my hotel"]
    times = []
    for _ in range(3):
        started = time.perf_counter()
        subprocess.run([*command, "--index", str(path)], check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def disk_mb(path: Path) -> float:
    return sum(p.stat().st_size for p in path.iterdir()) / 1e6


def emit(row: str) -> None:
    """Rows print as they are measured: the 100k steps take minutes on the shared machine."""
    print(row, flush=True)


@click.command()
@click.option("--sizes", default="1000,10000,100000", show_default=True)
@click.option("--real-build", default="1000", show_default=True, help="APIs embedded for real.")
def main(sizes: str, real_build: str) -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    model = OnnxMiniLM()
    cheap = CompositionalEncoder(model)
    for row in ("| measure | size | result |", "|---|---|---|", *encoder_throughput()):
        emit(row)
    with tempfile.TemporaryDirectory() as work:
        for count in (int(n) for n in real_build.split(",")):
            _, seconds = build(Path(work) / f"real-{count}", count, model)
            emit(
                f"| build, real model (MethodIndex.build) | {count} | "
                f"{seconds:.1f} s, {count / seconds:.0f} APIs/s |"
            )
            cli_seconds = cli_build(Path(work) / f"cli-{count}", count)
            emit(
                f"| `react-repl index build`, real modules | {count} | "
                f"{cli_seconds:.1f} s, {count / cli_seconds:.0f} APIs/s |"
            )
        for size in (int(s) for s in sizes.split(",")):
            path = Path(work) / str(size)
            rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            _, seconds = build(path, size, cheap)
            emit(f"| build, cheap embeddings (no model) | {size} | {seconds:.1f} s |")
            index = MethodIndex.open(path, encoder=model)
            first, p50, p95 = latencies(index)
            rss = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before) / 1e3
            emit(
                f"| search incl. query embedding p50 / p95 | {size} | "
                f"{p50:.1f} / {p95:.1f} ms (first search {first:.0f} ms) |"
            )
            _, p50, p95 = latencies(index, CHAINED)
            emit(f"| same, chained requests with values | {size} | {p50:.1f} / {p95:.1f} ms |")
            emit(
                f"| index on disk / peak RSS growth | {size} | "
                f"{disk_mb(path):.1f} MB / {rss:.0f} MB |"
            )
            if size == 10_000:
                extra = synthetic_specs(20, offset=size)
                report = index.add(extra)
                emit(
                    f"| add one module (20 APIs, real model) | {size} | "
                    f"{report.seconds:.2f} s, {report.embedded} embedded |"
                )
            if size > 20_000:
                recall, flat_ms, graph_ms = hnsw_against_flat(index, model)
                emit(
                    f"| HNSW recall@10 vs flat; dense search alone flat / HNSW | {size} | "
                    f"{recall:.1f} %; {flat_ms:.1f} / {graph_ms:.2f} ms |"
                )
            if size <= 10_000:
                emit(
                    f"| cold `react-repl search` (median of 3) | {size} | "
                    f"{cold_search(path):.2f} s |"
                )


if __name__ == "__main__":
    main()
