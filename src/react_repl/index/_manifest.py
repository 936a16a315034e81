"""What an index folder's manifest says, read without numpy or FAISS: a run checks that its
index can be opened before it asks the model anything, and loads the vectors only when the
agent first searches (`react-repl run` reaches the model sooner by the cost of importing them)."""

from __future__ import annotations

import json
from pathlib import Path

from ._errors import IndexProblem

FORMAT_VERSION = 4  # 2: embeddings blend the full and summary views; 3: built-in flag;
# 4: signatures show a default only when the source wrote it as a plain literal (issue 33)
MANIFEST = "manifest.json"


def manifest_bytes(folder: Path) -> bytes | None:
    try:
        return (folder / MANIFEST).read_bytes()
    except OSError:
        return None


def parse_manifest(data: bytes | None) -> dict:
    if data is None:
        raise IndexProblem("index manifest is missing or unreadable")
    try:
        manifest = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise IndexProblem(f"index manifest is unreadable ({error})") from error
    if not isinstance(manifest, dict):
        raise IndexProblem("index manifest is not a JSON object")
    return manifest


def manifest_exists(folder: Path) -> bool:
    return (folder / MANIFEST).is_file()


def is_current(folder: Path) -> bool:
    """A manifest this code can open as it is (readable, current format); no data is checked."""
    try:
        manifest = parse_manifest(manifest_bytes(folder))
    except IndexProblem:
        return False
    return manifest.get("format_version") == FORMAT_VERSION
