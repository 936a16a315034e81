"""Where a run's log goes: names a person can browse by model, date and task."""

from __future__ import annotations

import os
import re
import unicodedata
from datetime import datetime
from pathlib import Path
from typing import IO

_SLUG_MAX = 50
_MAX_SUFFIX = 1000


def task_slug(task: str) -> str:
    """Lowercase ASCII words joined by "-", so the "__" separators in a file name stay clear."""
    ascii_text = unicodedata.normalize("NFKD", task).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:_SLUG_MAX].rstrip("-") or "task"


def path_safe_model(model: str) -> str:
    """Model names like "org/model" or "qwen2.5-coder:1.5b" must not create folders or odd names."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", model).lstrip(".")
    return safe or "unknown-model"


def run_stem(task: str, model: str, started: datetime) -> str:
    stamp = started.strftime("%Y_%m_%d__%H-%M-%S")
    return f"{task_slug(task)}__{path_safe_model(model)}__{stamp}"


def run_folder(logs_dir: Path, model: str, started: datetime) -> Path:
    return logs_dir / path_safe_model(model) / started.strftime("%Y/%m/%d")


def create_exclusive(folder: Path, stem: str) -> tuple[Path, IO[str], IO[str]]:
    """Open a fresh `.md`/`.jsonl` pair, adding "-2", "-3", ... to the stem rather than overwrite.

    Creation is exclusive (O_EXCL), so two runs started in the same second by different processes
    still get different files.
    """
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(1, _MAX_SUFFIX):
        candidate = stem if number == 1 else f"{stem}-{number}"
        markdown_path = folder / f"{candidate}.md"
        try:
            markdown = _open_new(markdown_path)
        except FileExistsError:
            continue
        try:
            jsonl = _open_new(markdown_path.with_suffix(".jsonl"))
        except FileExistsError:
            markdown.close()
            markdown_path.unlink()
            continue
        return markdown_path, markdown, jsonl
    raise FileExistsError(f"{folder} already holds {_MAX_SUFFIX} logs named {stem}*")


def _open_new(path: Path) -> IO[str]:
    """Bytes that are not UTF-8 reach Python as lone surrogates (a task typed in Latin-1, a file
    name listed by an API); written as `\\udcff`, they keep the JSON valid and the run alive."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    return os.fdopen(descriptor, "a", encoding="utf-8", errors="backslashreplace", newline="\n")
