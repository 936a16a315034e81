"""sources.json: the list of `react-repl apis add` sources kept next to an index."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from react_repl.registry import (
    SourcesFileError,
    add_registered_source,
    load_registered_sources,
    remove_registered_source,
)
from react_repl.registry._sources import write_json_atomically


def test_missing_file_means_no_sources(tmp_path: Path) -> None:
    assert load_registered_sources(tmp_path / "absent") == []


def test_sources_are_recorded_once_in_order(tmp_path: Path) -> None:
    add_registered_source(tmp_path / "index", "/a/apis")
    add_registered_source(tmp_path / "index", "some.module")
    add_registered_source(tmp_path / "index", "/a/apis")
    assert load_registered_sources(tmp_path / "index") == ["/a/apis", "some.module"]
    written = json.loads((tmp_path / "index" / "sources.json").read_text())
    assert written == {"sources": ["/a/apis", "some.module"]}
    assert sorted(path.name for path in (tmp_path / "index").iterdir()) == ["sources.json"]


@pytest.mark.parametrize("content", ["{broken", '["a list"]', '{"sources": [1, 2]}'])
def test_unreadable_file_is_reported_and_never_overwritten(tmp_path: Path, content: str) -> None:
    path = tmp_path / "sources.json"
    path.write_text(content)
    with pytest.raises(SourcesFileError, match="fix it or delete it"):
        load_registered_sources(tmp_path)
    with pytest.raises(SourcesFileError):
        add_registered_source(tmp_path, "new.module")
    assert path.read_text() == content


def test_failed_write_leaves_the_previous_file_and_no_temporary(tmp_path: Path) -> None:
    add_registered_source(tmp_path, "first.module")
    with pytest.raises(TypeError):
        write_json_atomically(tmp_path / "sources.json", {"sources": [object()]})
    assert load_registered_sources(tmp_path) == ["first.module"]
    assert [path.name for path in tmp_path.iterdir()] == ["sources.json"]


def test_a_folder_in_place_of_the_file_is_reported(tmp_path: Path) -> None:
    (tmp_path / "sources.json").mkdir()
    with pytest.raises(SourcesFileError, match="cannot read"):
        load_registered_sources(tmp_path)


def test_remove_forgets_only_the_given_source(tmp_path: Path) -> None:
    add_registered_source(tmp_path, "first.module")
    add_registered_source(tmp_path, "second.module")
    assert remove_registered_source(tmp_path, "first.module") is True
    assert remove_registered_source(tmp_path, "first.module") is False
    assert load_registered_sources(tmp_path) == ["second.module"]
