"""Where the project's data folders live.

The built-in `apis/`, `prompts/`, `index/` and `logs/` folders sit at the repository root, next to
`src/`, so that users can read and edit them. `REACT_REPL_HOME` points elsewhere (for example a
copy of those folders next to a non-editable install).
"""

from __future__ import annotations

import os
from pathlib import Path


def project_root() -> Path:
    override = os.environ.get("REACT_REPL_HOME")
    if override:
        return Path(override).expanduser().resolve()
    return Path(__file__).resolve().parents[2]


def builtin_apis_dir() -> Path:
    return project_root() / "apis"


def prompts_dir() -> Path:
    return project_root() / "prompts"


def default_index_dir() -> Path:
    override = os.environ.get("REACT_REPL_INDEX")
    return Path(override).expanduser() if override else project_root() / "index"


def default_logs_dir() -> Path:
    override = os.environ.get("REACT_REPL_LOGS")
    return Path(override).expanduser() if override else project_root() / "logs"


def cache_dir() -> Path:
    """Large artefacts (model files, server state) that must survive across runs and clones."""
    override = os.environ.get("REACT_REPL_CACHE")
    if override:
        return Path(override).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg).expanduser() if xdg else Path.home() / ".cache") / "react-repl"
