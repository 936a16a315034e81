"""The sources added with `react-repl apis add`, kept next to the index in `sources.json`.

The file lives with the index so that separate indexes (`--index`, `REACT_REPL_INDEX`) never share
their API modules. It is replaced atomically, and a file that cannot be read is reported rather
than overwritten, so a registration is never silently lost.

A source is a folder, a `.py` file, a module name, or an MCP server: `mcp:[NAME=]COMMAND ARG...`
or `mcp:[NAME=]URL` (see `react_repl.mcp`).
"""

from __future__ import annotations

import json
from pathlib import Path

from react_repl._atomic import write_atomically

SOURCES_FILE = "sources.json"
MCP_SOURCE_PREFIX = "mcp:"


class SourcesFileError(ValueError):
    """`sources.json` exists but is not what this module writes."""


def load_registered_sources(index_dir: str | Path) -> list[str]:
    path = Path(index_dir) / SOURCES_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except OSError as error:
        raise SourcesFileError(f"{path}: cannot read: {error.strerror}") from error
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SourcesFileError(
            f"{path}: not valid JSON ({error.msg} at line {error.lineno}); "
            f'fix it or delete it (expected {{"sources": ["path or module", ...]}})'
        ) from error
    sources = data.get("sources") if isinstance(data, dict) else None
    if not isinstance(sources, list) or not all(isinstance(item, str) for item in sources):
        raise SourcesFileError(
            f'{path}: expected {{"sources": ["path or module", ...]}}; fix it or delete it'
        )
    return sources


def add_registered_source(index_dir: str | Path, source: str) -> None:
    """Record `source` once; an existing entry keeps its position."""
    sources = load_registered_sources(index_dir)
    if source in sources:
        return
    write_json_atomically(Path(index_dir) / SOURCES_FILE, {"sources": [*sources, source]})


def remove_registered_source(index_dir: str | Path, source: str) -> bool:
    """Forget `source`; False when it was not registered."""
    sources = load_registered_sources(index_dir)
    if source not in sources:
        return False
    remaining = [item for item in sources if item != source]
    write_json_atomically(Path(index_dir) / SOURCES_FILE, {"sources": remaining})
    return True


def write_json_atomically(path: Path, data: object) -> None:
    write_atomically(path, json.dumps(data, indent=2) + "\n")
