"""The index on disk: data files named by generation, then a manifest that points at them.

A reader only trusts files the manifest lists with a matching checksum, and the manifest is
replaced last (atomically), so a crash mid-write leaves the previous generation in force.
Writers take `writer_lock` (one build at a time per index folder); they delete the previous
generation after switching the manifest, so a reader that read the old manifest just before may
find its files gone: it then reads the new manifest and loads that generation instead. A reader
therefore sees the old generation or the new one, never a mix.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import re
import uuid
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import faiss
import filelock
import numpy as np

from react_repl._atomic import atomic_path, write_atomically

from ._errors import IndexProblem, IndexWait
from ._manifest import FORMAT_VERSION, MANIFEST, manifest_bytes, parse_manifest
from ._vectors import read_vectors

# what save_state writes, and the temporaries of an interrupted write: nothing else in the
# folder is ours to delete (a user's "apis-notes.md" was, once)
_GENERATED = re.compile(
    r"\.?(apis-[0-9a-f]+\.json|embeddings-[0-9a-f]+\.npy|vectors-[0-9a-f]+\.faiss)"
    r"(\.[^.]+\.tmp)?"
)
LOCK_FILE = ".build.lock"
LOCK_TIMEOUT_SECONDS = 600
_READ_ATTEMPTS = 20


@dataclass(frozen=True)
class IndexedApi:
    name: str
    signature: str
    summary: str
    module: str
    text_sha: str
    tokens: tuple[str, ...]
    builtin: bool
    """Shipped with react-repl (built-in apis/, modules inside the package): ranked after the
    user's own APIs on a near tie."""


@dataclass
class IndexState:
    rows: list[IndexedApi] = field(default_factory=list)
    embeddings: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))
    modules: dict[str, str] = field(default_factory=dict)


def _sha256(path: Path) -> str:
    with path.open("rb") as stream:
        return hashlib.file_digest(stream, "sha256").hexdigest()


@contextlib.contextmanager
def writer_lock(folder: Path) -> Iterator[None]:
    """One writer per index folder, across processes; others wait for it (up to 10 minutes),
    told so by an `IndexWait` warning, since a silent wait looks like a hang.

    A folder that cannot be written (a file by that name, a read-only disk, no permission) is an
    IndexProblem saying so: the build cannot start there at all.
    """
    if folder.exists() and not folder.is_dir():
        raise IndexProblem(f"the index path {folder} is not a folder; move that file away")
    lock = filelock.FileLock(folder / LOCK_FILE)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not _acquired(lock, 0):
            warnings.warn(
                f"waiting for another build of the index at {folder} to finish "
                f"(up to {LOCK_TIMEOUT_SECONDS // 60} minutes)",
                IndexWait,
                stacklevel=2,
            )
            if not _acquired(lock, LOCK_TIMEOUT_SECONDS):
                raise IndexProblem(
                    f"another build has held the index at {folder} for over "
                    f"{LOCK_TIMEOUT_SECONDS // 60} minutes; try again when it has finished"
                )
    except OSError as error:  # a parent that is a file, a read-only disk, no permission
        raise IndexProblem(
            f"cannot write the index at {folder}: {error.strerror or error}"
        ) from error
    try:
        yield
    finally:
        lock.release()


def _acquired(lock: filelock.BaseFileLock, timeout: float) -> bool:
    """filelock's Timeout is an OSError: told apart here from a folder that cannot be written."""
    try:
        lock.acquire(timeout=timeout)
    except filelock.Timeout:
        return False
    return True


def save_state(
    folder: Path, state: IndexState, model: str, vectors: faiss.Index | None = None
) -> None:
    """Write a new generation, switch the manifest to it, then delete older generations.

    The caller holds `writer_lock`, so every other generation file is stale.
    """
    folder.mkdir(parents=True, exist_ok=True)
    generation = uuid.uuid4().hex[:12]
    files = {"apis": f"apis-{generation}.json", "embeddings": f"embeddings-{generation}.npy"}
    write_atomically(folder / files["apis"], json.dumps([vars(row) for row in state.rows]))
    write_atomically(folder / files["embeddings"], _npy_bytes(state.embeddings))
    if vectors is not None:
        files["vectors"] = f"vectors-{generation}.faiss"
        with atomic_path(folder / files["vectors"]) as temporary:
            faiss.write_index(vectors, str(temporary))
    manifest = {
        "format_version": FORMAT_VERSION,
        "model": model,
        "dimension": int(state.embeddings.shape[1]),
        "count": len(state.rows),
        "modules": state.modules,
        "files": {
            role: {"name": name, "sha256": _sha256(folder / name)} for role, name in files.items()
        },
    }
    write_atomically(folder / MANIFEST, json.dumps(manifest, indent=1))
    _remove_unlisted(folder, set(files.values()))


def _npy_bytes(array: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, np.ascontiguousarray(array, dtype=np.float32))
    return buffer.getvalue()


def _remove_unlisted(folder: Path, keep: set[str]) -> None:
    for path in folder.iterdir():
        if _GENERATED.fullmatch(path.name) and path.name not in keep:
            path.unlink(missing_ok=True)


def load_state(folder: Path, model: str, dimension: int) -> tuple[IndexState, faiss.Index | None]:
    """The persisted index, or IndexProblem if it is corrupt, stale or built for another model.

    A problem seen while a writer switched generations (the manifest changed meanwhile) is no
    problem: the new generation is read instead.
    """
    for _ in range(_READ_ATTEMPTS - 1):
        before = manifest_bytes(folder)
        try:
            return _load_generation(folder, model, dimension, before)
        except IndexProblem:
            if manifest_bytes(folder) == before:
                raise
    return _load_generation(folder, model, dimension, manifest_bytes(folder))


def _load_generation(
    folder: Path, model: str, dimension: int, manifest_bytes: bytes | None
) -> tuple[IndexState, faiss.Index | None]:
    manifest = parse_manifest(manifest_bytes)
    if manifest.get("format_version") != FORMAT_VERSION:
        raise IndexProblem(
            f"index format {manifest.get('format_version')} is not the current {FORMAT_VERSION}"
        )
    if manifest.get("model") != model or manifest.get("dimension") != dimension:
        raise IndexProblem(
            f"index was built with {manifest.get('model')} ({manifest.get('dimension')} dims), "
            f"not {model} ({dimension} dims)"
        )
    paths = _verified_files(folder, manifest.get("files"))
    try:
        rows = [
            IndexedApi(**{**row, "tokens": tuple(row["tokens"])})
            for row in json.loads(paths["apis"].read_bytes())
        ]
        embeddings = np.load(paths["embeddings"], allow_pickle=False)
        vectors = read_vectors(paths["vectors"]) if "vectors" in paths else None
    except (ValueError, TypeError, KeyError, RuntimeError, OSError) as error:
        raise IndexProblem(f"index data is unreadable ({error})") from error
    expected_shape = (manifest.get("count"), dimension)
    if embeddings.shape != expected_shape or len(rows) != expected_shape[0]:
        raise IndexProblem(
            f"index holds {len(rows)} APIs and {embeddings.shape} embeddings, manifest says "
            f"{expected_shape}"
        )
    if vectors is not None and vectors.ntotal != len(rows):
        raise IndexProblem("index vector graph does not match its API list")
    modules = manifest.get("modules")
    if not isinstance(modules, dict):
        raise IndexProblem("index manifest lacks module hashes")
    return IndexState(rows, embeddings.astype(np.float32, copy=False), modules), vectors


def _verified_files(folder: Path, files: object) -> dict[str, Path]:
    if not isinstance(files, dict) or not {"apis", "embeddings"} <= files.keys():
        raise IndexProblem("index manifest does not list its data files")
    paths: dict[str, Path] = {}
    for role, entry in files.items():
        if not isinstance(entry, dict):  # a hand-edited manifest
            raise IndexProblem(f"index manifest's entry for {role!r} is not an object")
        path = folder / Path(str(entry.get("name", ""))).name
        try:
            digest = _sha256(path)
        except OSError as error:
            raise IndexProblem(f"index file {path.name} is missing") from error
        if digest != entry.get("sha256"):
            raise IndexProblem(f"index file {path.name} is corrupt (checksum mismatch)")
        paths[role] = path
    return paths
