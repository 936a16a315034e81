"""Ranking rules beyond similarity: built-ins after the user's own APIs on a near tie, and
boilerplate shared by a whole module is neither embedded nor shown as a summary."""

from __future__ import annotations

from pathlib import Path

import pytest

from react_repl.index import MethodIndex
from react_repl.registry import ApiRegistry

BUILTIN = '''
def write_text_file(path: str, content: str) -> dict:
    """Write text to a file in the workspace.

    Args:
        path: File path relative to the workspace.
        content: The text to write.
    """


def get_weather_forecast(city: str) -> dict:
    """Get the weather forecast for a city.

    Args:
        city: Name of the city.
    """
'''

USER = '''
def echo(content: str, file_name: str) -> dict:
    """Write text to a file in the current directory.

    Args:
        content: The text to write.
        file_name: Name of the file to write to.
    """


def mkdir(dir_name: str) -> dict:
    """Create a new directory in the current directory.

    Args:
        dir_name: Name of the new directory.
    """
'''


@pytest.fixture
def mixed_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, encoder) -> MethodIndex:
    """Built-in apis/ and one user module, indexed together as every real index is."""
    (tmp_path / "apis").mkdir()
    (tmp_path / "apis" / "files.py").write_text(BUILTIN)
    (tmp_path / "user").mkdir()
    (tmp_path / "user" / "shell.py").write_text(USER)
    monkeypatch.setenv("REACT_REPL_BUILTIN_APIS", str(tmp_path / "apis"))
    registry = ApiRegistry.discover([tmp_path / "user"], entry_points=False)
    assert not registry.problems
    index = MethodIndex.open(tmp_path / "index", encoder=encoder)
    index.build(registry)
    return index


def test_the_users_api_wins_a_near_tie_with_a_builtin(mixed_index: MethodIndex) -> None:
    hits = mixed_index.search("write the text to a file", k=2)
    assert [hit.name for hit in hits] == ["echo", "write_text_file"], hits


def test_a_builtin_that_clearly_matches_still_ranks_first(mixed_index: MethodIndex) -> None:
    assert mixed_index.search("what will the weather be in Oslo", k=1)[0].name == (
        "get_weather_forecast"
    )


TOOLS = '''
def cat(file_name: str) -> str:
    """This tool belongs to the file system. It manages files. Display the contents of a file."""


def cd(folder: str) -> str:
    """This tool belongs to the file system. It manages files. Change the current directory."""


def rm(file_name: str) -> str:
    """This tool belongs to the file system. It manages files. Remove a file."""
'''


def test_sentences_every_api_of_a_module_opens_with_are_dropped(
    tmp_path: Path, encoder, discover
) -> None:
    folder = tmp_path / "apis"
    folder.mkdir()
    (folder / "tools.py").write_text(TOOLS)
    index = MethodIndex.open(tmp_path / "index", encoder=encoder)
    index.build(discover(folder))
    hit = index.search("show what is inside a file", k=1)[0]
    assert (hit.name, hit.summary) == ("cat", "Display the contents of a file.")
    assert not any("belongs" in text or "manages" in text for text in encoder.texts)


def test_modules_shipped_inside_the_package_count_as_builtin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The benchmark's distractor pack ships with react_repl: it must not outrank built-ins."""
    from react_repl._paths import distractor_pack_dir
    from react_repl.index._method_index import _is_builtin

    monkeypatch.setenv("REACT_REPL_BUILTIN_APIS", str(tmp_path / "apis"))
    (tmp_path / "apis").mkdir()

    class Spec:
        def __init__(self, source_file: Path) -> None:
            self.source_file = str(source_file)

    inside = distractor_pack_dir() / "astronomy.py"
    assert inside.is_file()
    assert _is_builtin(Spec(inside))
    assert _is_builtin(Spec(tmp_path / "apis" / "weather.py"))
    assert not _is_builtin(Spec(tmp_path / "user" / "shop.py"))
