"""A damaged, stale or foreign index is detected, reported and rebuilt; never a crash."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from react_repl.index import MethodIndex
from react_repl.registry import ApiRegistry


def _manifest(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text())


def _data_file(folder: Path, role: str) -> Path:
    return folder / _manifest(folder)["files"][role]["name"]


def _edit_manifest(key: str, value: object) -> Callable[[Path], None]:
    def edit(folder: Path) -> None:
        manifest = _manifest(folder) | {key: value}
        (folder / "manifest.json").write_text(json.dumps(manifest))

    return edit


def _truncate(role: str) -> Callable[[Path], None]:
    def truncate(folder: Path) -> None:
        path = _data_file(folder, role)
        path.write_bytes(path.read_bytes()[:100])

    return truncate


DAMAGE = {
    "garbage manifest": (lambda f: (f / "manifest.json").write_text("{not json"), "unreadable"),
    "truncated embeddings": (_truncate("embeddings"), "checksum"),
    "truncated api list": (_truncate("apis"), "checksum"),
    "missing data file": (lambda f: _data_file(f, "apis").unlink(), "missing"),
    "other model": (_edit_manifest("model", "bge-small"), "bge-small"),
    "other dimension": (_edit_manifest("dimension", 768), "768"),
    "old format": (_edit_manifest("format_version", 0), "format"),
    "wrong count": (_edit_manifest("count", 99), "manifest says"),
    "file entries that are not objects": (
        _edit_manifest("files", {"apis": "a", "embeddings": "b"}),
        "is not an object",
    ),
}


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_damaged_index_is_flagged_then_rebuilt(
    damage: tuple[Callable[[Path], None], str], tmp_path: Path, api_dir: Path, encoder, discover
) -> None:
    folder = tmp_path / "index"
    registry = discover(api_dir)
    MethodIndex.open(folder, encoder=encoder).build(registry)
    apply, expected_reason = damage
    apply(folder)

    with pytest.warns(UserWarning, match="react-repl index build"):
        index = MethodIndex.open(folder, encoder=encoder)
    reason = index.rebuild_reason
    assert reason is not None and expected_reason in reason
    assert len(index) == 0 and index.search("send an email") == []

    report = index.build(registry)
    assert report.rebuilt_reason == reason
    assert report.embedded == 6
    reopened = MethodIndex.open(folder, encoder=encoder)
    assert reopened.rebuild_reason is None
    assert reopened.search("send an email", k=1)[0].name == "send_email"


def test_old_generations_and_temporaries_are_cleaned(
    tmp_path: Path, api_dir: Path, encoder, discover
) -> None:
    folder = tmp_path / "index"
    index = MethodIndex.open(folder, encoder=encoder)
    index.build(discover(api_dir))
    (folder / ".apis-deadbeef.json.1234.tmp").write_text("half written")
    users = {"apis-notes.md", "embeddings-paper.pdf", "vectors-old.txt"}  # not ours: kept
    for name in users:
        (folder / name).write_text("the user's")
    (api_dir / "office.py").unlink()
    index.build(discover(api_dir))
    listed = {entry["name"] for entry in _manifest(folder)["files"].values()}
    assert {p.name for p in folder.iterdir()} == listed | {"manifest.json", ".build.lock"} | users


def test_rebuilding_with_no_apis_still_repairs_the_index(tmp_path: Path, encoder) -> None:
    folder = tmp_path / "index"
    folder.mkdir()
    (folder / "manifest.json").write_text("garbage")
    with pytest.warns(UserWarning):
        index = MethodIndex.open(folder, encoder=encoder)
    report = index.build(ApiRegistry())
    assert report.rebuilt_reason is not None and report.embedded == 0
    reopened = MethodIndex.open(folder, encoder=encoder)
    assert reopened.rebuild_reason is None and len(reopened) == 0
