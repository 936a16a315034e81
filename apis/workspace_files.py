"""Text files in the agent's workspace folder.

The workspace is `REACT_REPL_WORKSPACE` (default `./workspace`). Paths are relative to it; any
path that would leave it (`..`, absolute paths, symlinks pointing out) is refused. Reads and writes
are size-limited so one call cannot flood the context or fill the disk.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from _workspace import resolve_in_workspace, workspace_dir, workspace_relative

__all__ = [
    "append_to_text_file",
    "delete_file",
    "get_file_info",
    "list_files",
    "read_text_file",
    "search_text_in_files",
    "write_text_file",
]
# What each call does beyond returning a value (read by the sandbox and approvals; see
# react_repl.registry's `api` docstring).
__react_repl__ = {
    "write_text_file": {"side_effects": True},
    "append_to_text_file": {"side_effects": True},
    "delete_file": {"side_effects": True},
}

MAX_READ_BYTES = 1_000_000
MAX_WRITE_BYTES = 10_000_000
MAX_LISTED = 1000


def list_files(folder: str = ".") -> list[str]:
    """List the files and folders in the workspace (or a folder inside it), recursively.

    Args:
        folder: Folder relative to the workspace; "." is the workspace itself.

    Returns:
        Workspace-relative paths, sorted; folders end with "/". Past 1000 entries the last item
        says how many more were left out.

    Raises:
        FileNotFoundError: The folder does not exist.
        PermissionError: The folder is outside the workspace.
    """
    directory = _existing(folder)
    if not directory.is_dir():
        raise ValueError(f"'{folder}' is a file, not a folder; use get_file_info() for files.")
    entries = _inside_workspace(sorted(directory.rglob("*")))
    listed = [workspace_relative(entry) + ("/" if entry.is_dir() else "") for entry in entries]
    if len(listed) > MAX_LISTED:
        hidden = len(listed) - MAX_LISTED
        return [*listed[:MAX_LISTED], f"[... {hidden} more not shown; list a sub-folder]"]
    return listed


def read_text_file(path: str) -> str:
    """Read the whole text of a file in the workspace.

    Args:
        path: File path relative to the workspace, e.g. "notes/todo.txt".

    Returns:
        The file's text (UTF-8).

    Raises:
        FileNotFoundError: The file does not exist.
        PermissionError: The path is outside the workspace.
        ValueError: It is a folder, larger than 1 MB, or not UTF-8 text.
    """
    target = _existing_file(path)
    size = target.stat().st_size
    if size > MAX_READ_BYTES:
        raise ValueError(
            f"'{path}' is {size} bytes, over the {MAX_READ_BYTES} byte read limit; use "
            "search_text_in_files() to find the lines you need."
        )
    try:
        return target.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        pass
    raise ValueError(f"'{path}' is not a UTF-8 text file (it may be an image or a database).")


def write_text_file(path: str, content: str, overwrite: bool = True) -> dict:
    """Write (save) text to a file in the workspace, creating folders as needed.

    Args:
        path: File path relative to the workspace, e.g. "reports/summary.md".
        content: The text to write.
        overwrite: False refuses to replace an existing file.

    Returns:
        Keys path (workspace-relative) and bytes_written.

    Raises:
        FileExistsError: The file exists and overwrite is False.
        PermissionError: The path is outside the workspace.
        ValueError: The content is over 10 MB or the path is a folder.
    """
    target, data = _writable(path, content)
    if target.exists() and not overwrite:
        raise FileExistsError(f"'{path}' already exists; pass overwrite=True to replace it.")
    target.write_bytes(data)
    return {"path": workspace_relative(target), "bytes_written": len(data)}


def append_to_text_file(path: str, content: str) -> dict:
    """Append (add) text to the end of a file in the workspace, creating it if missing.

    Args:
        path: File path relative to the workspace.
        content: The text to add; include "\\n" yourself where a new line is wanted.

    Returns:
        Keys path (workspace-relative), bytes_written and size_bytes (the new file size).

    Raises:
        PermissionError: The path is outside the workspace.
        ValueError: The file would grow over 10 MB or the path is a folder.
    """
    target, data = _writable(path, content)
    current = target.stat().st_size if target.exists() else 0
    if current + len(data) > MAX_WRITE_BYTES:
        raise ValueError(f"'{path}' would grow over the {MAX_WRITE_BYTES} byte limit.")
    with target.open("ab") as handle:
        handle.write(data)
    return {
        "path": workspace_relative(target),
        "bytes_written": len(data),
        "size_bytes": current + len(data),
    }


def delete_file(path: str) -> dict:
    """Delete (remove) a file, or an empty folder, from the workspace.

    Args:
        path: Path relative to the workspace.

    Returns:
        Key deleted with the workspace-relative path that was removed.

    Raises:
        FileNotFoundError: Nothing exists at that path.
        PermissionError: The path is outside the workspace or is the workspace itself.
        ValueError: The folder is not empty.
    """
    target = _existing(path)
    if target == workspace_dir():
        raise PermissionError("The workspace folder itself cannot be deleted.")
    shown = workspace_relative(target)
    if target.is_dir():
        if any(target.iterdir()):
            raise ValueError(f"The folder '{shown}' is not empty; delete its files first.")
        target.rmdir()
    else:
        target.unlink()
    return {"deleted": shown}


def get_file_info(path: str) -> dict:
    """Get information about a file or folder in the workspace: size, type, modification time.

    Args:
        path: Path relative to the workspace.

    Returns:
        Keys path, is_folder, size_bytes and modified (a datetime).

    Raises:
        FileNotFoundError: Nothing exists at that path.
        PermissionError: The path is outside the workspace.
    """
    target = _existing(path)
    status = target.stat()
    return {
        "path": workspace_relative(target),
        "is_folder": target.is_dir(),
        "size_bytes": status.st_size,
        "modified": datetime.fromtimestamp(status.st_mtime).astimezone(),
    }


def search_text_in_files(text: str, folder: str = ".", max_results: int = 100) -> list[dict]:
    """Find the files containing a word or text, with the matching lines (grep, ignores case).

    Args:
        text: The text to look for.
        folder: Folder to search, relative to the workspace.
        max_results: Stop after this many matching lines.

    Returns:
        One dict per matching line with keys path, line_number (from 1) and line.

    Raises:
        FileNotFoundError: The folder does not exist.
        PermissionError: The folder is outside the workspace.
        ValueError: The search text is empty.
    """
    if not text:
        raise ValueError("Give the text to search for.")
    needle = text.lower()
    matches: list[dict] = []
    for file in _searchable_files(_existing(folder)):
        try:
            lines = file.read_text(encoding="utf-8").splitlines()
        except (UnicodeDecodeError, OSError):
            continue
        for number, line in enumerate(lines, start=1):
            if needle in line.lower():
                shown = workspace_relative(file)
                matches.append({"path": shown, "line_number": number, "line": line})
                if len(matches) >= max_results:
                    return matches
    return matches


def _searchable_files(root: Path) -> list[Path]:
    candidates = [root] if root.is_file() else sorted(root.rglob("*"))
    return [
        path
        for path in _inside_workspace(candidates)
        if path.is_file() and path.stat().st_size <= MAX_READ_BYTES
    ]


def _inside_workspace(paths: list[Path]) -> list[Path]:
    """Entries reached through a symlink that points out are neither listed nor read."""
    root = workspace_dir()
    return [path for path in paths if path.resolve().is_relative_to(root)]


def _existing(path: str) -> Path:
    target = resolve_in_workspace(path)
    if not target.exists():
        raise FileNotFoundError(f"'{path}' does not exist in the workspace; use list_files().")
    return target


def _existing_file(path: str) -> Path:
    target = _existing(path)
    if target.is_dir():
        raise ValueError(f"'{path}' is a folder; use list_files('{path}') to see its files.")
    return target


def _writable(path: str, content: str) -> tuple[Path, bytes]:
    if not isinstance(content, str):
        raise ValueError(f"content must be text (str), not {type(content).__name__}.")
    data = content.encode("utf-8")
    if len(data) > MAX_WRITE_BYTES:
        raise ValueError(f"The content is {len(data)} bytes, over the {MAX_WRITE_BYTES} limit.")
    target = resolve_in_workspace(path)
    if target.is_dir():
        raise ValueError(f"'{path}' is a folder; give a file name inside it.")
    target.parent.mkdir(parents=True, exist_ok=True)
    return target, data
