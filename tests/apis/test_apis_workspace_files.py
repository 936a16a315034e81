import os
from datetime import datetime
from pathlib import Path

import pytest
import workspace_files as files


def test_workspace_is_created_on_demand(workspace: Path) -> None:
    assert not workspace.exists()
    assert files.list_files() == []
    assert workspace.is_dir()


def test_default_workspace_is_relative_to_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("REACT_REPL_WORKSPACE", raising=False)
    monkeypatch.chdir(tmp_path)
    files.write_text_file("a.txt", "x")
    assert (tmp_path / "workspace" / "a.txt").read_text() == "x"


def test_write_read_append_list_info_delete(workspace: Path) -> None:
    written = files.write_text_file("notes/todo.txt", "buy milk\n")
    assert written == {"path": "notes/todo.txt", "bytes_written": 9}
    appended = files.append_to_text_file("notes/todo.txt", "call Ann ☎\n")
    assert appended["size_bytes"] == (workspace / "notes/todo.txt").stat().st_size
    assert files.read_text_file("notes/todo.txt") == "buy milk\ncall Ann ☎\n"
    assert files.list_files() == ["notes/", "notes/todo.txt"]
    assert files.list_files("notes") == ["notes/todo.txt"]
    info = files.get_file_info("notes/todo.txt")
    assert info["size_bytes"] == appended["size_bytes"] and info["is_folder"] is False
    assert isinstance(info["modified"], datetime)
    assert files.delete_file("notes/todo.txt") == {"deleted": "notes/todo.txt"}
    assert files.delete_file("notes") == {"deleted": "notes"}
    assert files.list_files() == []


def test_append_creates_missing_file(workspace: Path) -> None:
    files.append_to_text_file("log.txt", "one\n")
    files.append_to_text_file("log.txt", "two\n")
    assert files.read_text_file("log.txt") == "one\ntwo\n"


def test_overwrite_false_keeps_the_existing_file(workspace: Path) -> None:
    files.write_text_file("a.txt", "first")
    with pytest.raises(FileExistsError, match="overwrite=True"):
        files.write_text_file("a.txt", "second", overwrite=False)
    assert files.read_text_file("a.txt") == "first"


def test_search_text_in_files_is_case_insensitive_and_skips_binary(workspace: Path) -> None:
    files.write_text_file("a.md", "Budget analysis\nnothing here\n")
    files.write_text_file("sub/b.txt", "the BUDGET is tight\n")
    (workspace / "image.bin").write_bytes(b"\xff\xfe budget \x00")
    hits = files.search_text_in_files("budget")
    assert hits == [
        {"path": "a.md", "line_number": 1, "line": "Budget analysis"},
        {"path": "sub/b.txt", "line_number": 1, "line": "the BUDGET is tight"},
    ]
    assert len(files.search_text_in_files("budget", max_results=1)) == 1
    assert files.search_text_in_files("budget", folder="sub")[0]["path"] == "sub/b.txt"


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: files.read_text_file("missing.txt"), FileNotFoundError, "list_files"),
        (lambda: files.read_text_file("folder"), ValueError, "is a folder"),
        (lambda: files.read_text_file("blob.bin"), ValueError, "not a UTF-8"),
        (lambda: files.delete_file("folder"), ValueError, "not empty"),
        (lambda: files.delete_file("."), PermissionError, "workspace folder itself"),
        (lambda: files.write_text_file("folder", "x"), ValueError, "is a folder"),
        (lambda: files.write_text_file("a.txt", b"bytes"), ValueError, "must be text"),
        (lambda: files.list_files("blob.bin"), ValueError, "not a folder"),
        (lambda: files.search_text_in_files(""), ValueError, "text to search"),
        (lambda: files.read_text_file(""), ValueError, "relative to the workspace"),
    ],
)
def test_bad_requests_explain_themselves(workspace: Path, call, error, message: str) -> None:
    (workspace / "folder").mkdir(parents=True)
    (workspace / "folder" / "keep.txt").write_text("x")
    (workspace / "blob.bin").write_bytes(b"\x89PNG\xff\xfe")
    with pytest.raises(error, match=message):
        call()


def test_long_listings_say_what_was_left_out(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "MAX_LISTED", 3)
    for number in range(5):
        files.write_text_file(f"f{number}.txt", "x")
    assert files.list_files() == [
        "f0.txt",
        "f1.txt",
        "f2.txt",
        "[... 2 more not shown; list a sub-folder]",
    ]


def test_size_limits(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "MAX_READ_BYTES", 10)
    monkeypatch.setattr(files, "MAX_WRITE_BYTES", 20)
    files.write_text_file("big.txt", "x" * 15)
    with pytest.raises(ValueError, match="read limit"):
        files.read_text_file("big.txt")
    with pytest.raises(ValueError, match="limit"):
        files.write_text_file("huge.txt", "x" * 21)
    with pytest.raises(ValueError, match="grow over"):
        files.append_to_text_file("big.txt", "y" * 6)
    assert not (workspace / "huge.txt").exists()
    assert (workspace / "big.txt").read_text() == "x" * 15


@pytest.mark.parametrize(
    "path", ["../secret.txt", "notes/../../secret.txt", "/etc/passwd", "link_out/secret.txt"]
)
def test_paths_outside_the_workspace_are_refused(workspace: Path, path: str) -> None:
    outside = workspace.parent / "secret.txt"
    outside.write_text("top secret")
    workspace.mkdir()
    os.symlink(workspace.parent, workspace / "link_out")
    for call in (
        lambda: files.read_text_file(path),
        lambda: files.write_text_file(path, "pwned"),
        lambda: files.append_to_text_file(path, "pwned"),
        lambda: files.delete_file(path),
        lambda: files.get_file_info(path),
    ):
        with pytest.raises(PermissionError, match="workspace"):
            call()
    assert outside.read_text() == "top secret"


def test_symlinked_file_pointing_out_is_refused_and_not_searched(workspace: Path) -> None:
    outside = workspace.parent / "secret.txt"
    outside.write_text("password=hunter2")
    workspace.mkdir()
    (workspace / "innocent.txt").symlink_to(outside)
    os.symlink(workspace.parent, workspace / "link_out")
    with pytest.raises(PermissionError):
        files.read_text_file("innocent.txt")
    assert files.search_text_in_files("hunter2") == []
    assert files.list_files() == []


def test_symlink_inside_the_workspace_is_followed(workspace: Path) -> None:
    files.write_text_file("real.txt", "hello")
    (workspace / "alias.txt").symlink_to(workspace / "real.txt")
    assert files.read_text_file("alias.txt") == "hello"
    assert files.read_text_file("sub/../real.txt") == "hello"
