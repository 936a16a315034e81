"""`react-repl index build`, run as a real subprocess in an isolated project."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_process import react_repl

MODULE = '''
def convert_currency(amount: float, source: str, target: str) -> float:
    """Convert money from one currency to another.

    Args:
        amount: Amount in the source currency.
        source: Currency code to convert from.
        target: Currency code to convert to.
    """
'''


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project whose built-in apis/ holds one small module."""
    (tmp_path / "apis").mkdir()
    (tmp_path / "apis" / "money.py").write_text(MODULE)
    return tmp_path


def test_build_indexes_builtin_and_extra_folders_then_reuses(project: Path) -> None:
    extra = project / "extra"
    extra.mkdir()
    (extra / "words.py").write_text(
        'def count_words(text: str) -> int:\n    """Count the words in a text."""\n'
    )
    (extra / "broken.py").write_text("def oops(:\n")
    index = project / "my-index"

    first = react_repl("index", "build", "--apis", str(extra), "--index", str(index), home=project)
    assert first.returncode == 0, first.stderr
    assert "Indexed 2 APIs" in first.stdout and "2 embedded" in first.stdout
    assert "broken.py" in first.stderr
    assert (index / "manifest.json").is_file()

    second = react_repl("index", "build", "--apis", str(extra), "--index", str(index), home=project)
    assert second.returncode == 0, second.stderr
    assert "0 embedded, 2 reused" in second.stdout


def test_build_reports_and_repairs_a_corrupt_index(project: Path) -> None:
    index = project / "index"
    assert react_repl("index", "build", home=project).returncode == 0
    (index / "manifest.json").write_text("{truncated")
    repaired = react_repl("index", "build", home=project)
    assert repaired.returncode == 0, repaired.stderr
    assert "unusable" in repaired.stderr and "1 embedded" in repaired.stdout


def test_a_run_with_extra_apis_searches_them_without_rewriting_the_shared_index(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What `run --apis X` does: X is searchable and callable, the shared index is not touched,
    and a missing shared index is built from the shared sources only."""
    from react_repl.compose import prepare_registry
    from react_repl.config import Config

    monkeypatch.setenv("REACT_REPL_HOME", str(project))
    monkeypatch.setenv("REACT_REPL_BUILTIN_APIS", str(project / "apis"))
    extra = project / "extra"
    extra.mkdir()
    (extra / "words.py").write_text(
        'def count_words(text: str) -> int:\n    """Count the words in a text."""\n'
        "    return len(text.split())\n"
    )
    index = project / "index"
    registry, method_search = prepare_registry(Config.load(), (extra,), index)
    assert registry.callables()["count_words"]("two words") == 2
    assert method_search("how many words are in this text", k=1).startswith("`count_words(")
    manifest = (index / "manifest.json").read_text()
    assert "money" in manifest and "words" not in manifest
    before = {p.name: p.read_bytes() for p in index.iterdir()}
    prepare_registry(Config.load(), (extra,), index)
    assert {p.name: p.read_bytes() for p in index.iterdir()} == before
