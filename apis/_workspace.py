"""The one folder the file, image, SQLite and outbox APIs may touch.

Every path the agent gives is resolved (symlinks included) and must stay inside the workspace, so
a model-written `../../etc/passwd`, an absolute path or a symlink planted to point outside cannot
reach the rest of the machine.
"""

from __future__ import annotations

from pathlib import Path

from _config import setting

WORKSPACE_ENV = "REACT_REPL_WORKSPACE"
DEFAULT_WORKSPACE = "workspace"


def workspace_dir() -> Path:
    """Created on demand so a fresh checkout works without a set-up step."""
    root = Path(setting(WORKSPACE_ENV, DEFAULT_WORKSPACE) or DEFAULT_WORKSPACE)
    root = root.expanduser().resolve()
    root.mkdir(parents=True, exist_ok=True)
    return root


def resolve_in_workspace(relative_path: str) -> Path:
    """Refuse before touching anything, so a rejected path has no side effect."""
    if not isinstance(relative_path, str) or not relative_path.strip():
        raise ValueError("Give a file path relative to the workspace folder, e.g. 'notes.txt'.")
    if "\x00" in relative_path:
        raise ValueError("File paths cannot contain NUL characters.")
    candidate = Path(relative_path)
    if candidate.is_absolute() or candidate.drive:
        raise PermissionError(
            f"'{relative_path}' is an absolute path. Only files inside the workspace are allowed; "
            "give a path relative to it, e.g. 'reports/summary.txt'."
        )
    root = workspace_dir()
    resolved = (root / candidate).resolve()
    if not resolved.is_relative_to(root):
        raise PermissionError(
            f"'{relative_path}' points outside the workspace folder. Only files inside the "
            "workspace are allowed; use list_files() to see what is there."
        )
    return resolved


def workspace_relative(path: Path) -> str:
    """Paths shown to the agent are workspace-relative, so it can pass them straight back."""
    relative = path.relative_to(workspace_dir())
    return relative.as_posix() or "."
