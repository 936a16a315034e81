"""The index on disk: data files named by generation, then a manifest that points at them.

A reader only trusts files the manifest lists with a matching checksum, and the manifest is
replaced last with `os.replace`, so a crash mid-write leaves the previous generation in force.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import faiss
import numpy as np

from ._vectors import read_vectors, write_vectors

FORMAT_VERSION = 2  # 2: embeddings blend the full and summary views
MANIFEST = "manifest.json"
_GENERATED = ("apis-", "embeddings-", "vectors-")


class IndexProblem(Exception):
    """The persisted index cannot be used as is; the message says why and what happens next."""


@dataclass(frozen=True)
class IndexedApi:
    name: str
    signature: str
    summary: str
    module: str
    text_sha: str
    tokens: tuple[str, ...]


@dataclass
class IndexState:
    rows: list[IndexedApi] = field(default_factory=list)
    embeddings: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))
    modules: dict[str, str] = field(default_factory=dict)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _write_atomically(path: Path, data: bytes) -> None:
    temporary = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    with temporary.open("wb") as stream:
        stream.write(data)
        stream.flush()
        os.fsync(stream.fileno())
    os.replace(temporary, path)


def save_state(
    folder: Path, state: IndexState, model: str, vectors: faiss.Index | None = None
) -> None:
    """Write a new generation, switch the manifest to it, then delete older generations."""
    folder.mkdir(parents=True, exist_ok=True)
    generation = uuid.uuid4().hex[:12]
    files = {"apis": f"apis-{generation}.json", "embeddings": f"embeddings-{generation}.npy"}
    rows = json.dumps([vars(row) for row in state.rows]).encode()
    _write_atomically(folder / files["apis"], rows)
    _write_atomically(folder / files["embeddings"], _npy_bytes(state.embeddings))
    if vectors is not None:
        files["vectors"] = f"vectors-{generation}.faiss"
        temporary = folder / f".{files['vectors']}.tmp"
        write_vectors(vectors, temporary)
        os.replace(temporary, folder / files["vectors"])
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
    _write_atomically(folder / MANIFEST, json.dumps(manifest, indent=1).encode())
    _remove_unlisted(folder, set(files.values()))


def _npy_bytes(array: np.ndarray) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, np.ascontiguousarray(array, dtype=np.float32))
    return buffer.getvalue()


def _remove_unlisted(folder: Path, keep: set[str]) -> None:
    for path in folder.iterdir():
        if path.name.lstrip(".").startswith(_GENERATED) and path.name not in keep:
            path.unlink(missing_ok=True)


def load_state(folder: Path, model: str, dimension: int) -> tuple[IndexState, faiss.Index | None]:
    """The persisted index, or IndexProblem if it is corrupt, stale or built for another model."""
    manifest = _read_manifest(folder)
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


def _read_manifest(folder: Path) -> dict:
    try:
        manifest = json.loads((folder / MANIFEST).read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise IndexProblem(f"index manifest is unreadable ({error})") from error
    if not isinstance(manifest, dict):
        raise IndexProblem("index manifest is not a JSON object")
    return manifest


def _verified_files(folder: Path, files: object) -> dict[str, Path]:
    if not isinstance(files, dict) or not {"apis", "embeddings"} <= files.keys():
        raise IndexProblem("index manifest does not list its data files")
    paths: dict[str, Path] = {}
    for role, entry in files.items():
        path = folder / Path(str(entry.get("name", ""))).name
        if not path.is_file():
            raise IndexProblem(f"index file {path.name} is missing")
        if _sha256(path) != entry.get("sha256"):
            raise IndexProblem(f"index file {path.name} is corrupt (checksum mismatch)")
        paths[role] = path
    return paths


def manifest_exists(folder: Path) -> bool:
    return (folder / MANIFEST).is_file()
