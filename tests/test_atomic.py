"""The shared atomic write: the target is replaced whole or left untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from react_repl._atomic import atomic_path, write_atomically


def test_write_replaces_the_target_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "state.json"
    write_atomically(target, "old")
    write_atomically(target, b"new")
    assert target.read_text() == "new"
    assert [path.name for path in target.parent.iterdir()] == ["state.json"]


def test_a_failing_writer_leaves_the_old_content_and_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "data.bin"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError), atomic_path(target) as temporary:
        temporary.write_bytes(b"half")
        raise RuntimeError("writer died")
    assert target.read_bytes() == b"old"
    assert [path.name for path in tmp_path.iterdir()] == ["data.bin"]
