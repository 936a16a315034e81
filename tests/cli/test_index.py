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
    assert "1 embedded" in repaired.stdout
    # it read "rebuilt the previous index was unusable: ..."
    assert "rebuilt the index: the previous one was unusable: index manifest" in repaired.stderr


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


@pytest.mark.parametrize(
    ("source", "reason"),
    [
        ("extar", "no module named 'extar' (nor such a file)"),
        ("broken_file", "broken.py:1"),
        ("mcp:", "mcp:"),
    ],
    ids=["typo", "file_that_cannot_load", "malformed_mcp"],
)
def test_a_named_source_that_cannot_load_stops_the_build(
    project: Path, source: str, reason: str
) -> None:
    """A typo in --apis used to be a 'skipped' line and exit 0: an index without the APIs."""
    (project / "broken.py").write_text("def oops(:\n")
    named = str(project / "broken.py") if source == "broken_file" else source
    index = project / "my-index"
    done = react_repl("index", "build", "--apis", named, "--index", str(index), home=project)
    assert done.returncode == 2, done.stderr
    assert "--apis:" in done.stderr and reason in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and not index.exists()


@pytest.mark.parametrize("command", [("index", "build"), ("search", "convert money")])
def test_an_index_path_that_is_a_file_is_a_clear_error(
    project: Path, command: tuple[str, ...]
) -> None:
    """The project's index/ is a file (a stray download, a name clash): say so, not a crash."""
    (project / "index").write_text("not a folder")
    done = react_repl(*command, home=project)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr and "failed unexpectedly" not in done.stderr
    assert "is not a folder" in done.stderr, done.stderr


def test_a_build_waiting_for_another_says_so(project: Path) -> None:
    """It waited up to 10 minutes without a word, which looks like a hang."""
    import os
    import select
    import subprocess
    import sys

    import filelock

    index = project / "index"
    index.mkdir()
    held = filelock.FileLock(index / ".build.lock")
    held.acquire()
    env = os.environ | {"REACT_REPL_HOME": str(project), "HF_HUB_OFFLINE": "1"}
    env |= {"REACT_REPL_BUILTIN_APIS": str(project / "apis")}
    build = subprocess.Popen(
        [sys.executable, "-m", "react_repl", "index", "build"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:  # the first line, or "" if none comes within a minute (before: none came at all)
        ready, _, _ = select.select([build.stderr], [], [], 60)
        first_line = build.stderr.readline() if ready and build.stderr else ""
    finally:
        held.release()
    out, err = build.communicate(timeout=120)
    assert build.returncode == 0, first_line + err
    assert first_line.startswith(f"warning: waiting for another build of the index at {index}")
    assert "Indexed 1 APIs" in out


def test_ctrl_c_during_a_build_keeps_the_previous_index_and_says_so(project: Path) -> None:
    """It printed click's bare "Aborted!" and exited 1."""
    import os
    import signal
    import subprocess
    import sys
    import time

    index = project / "index"
    assert react_repl("index", "build", "--index", str(index), home=project).returncode == 0
    before = (index / "manifest.json").read_bytes()
    pack = Path(__file__).parents[2] / "benchmarks" / "distractors"
    env = os.environ | {"REACT_REPL_HOME": str(project), "HF_HUB_OFFLINE": "1"}
    env |= {"REACT_REPL_BUILTIN_APIS": str(project / "apis")}
    build = subprocess.Popen(
        [sys.executable, "-m", "react_repl", "index", "build", "--apis", str(pack)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    time.sleep(4)  # past the imports, into embedding a thousand APIs
    build.send_signal(signal.SIGINT)
    out, err = build.communicate(timeout=60)
    assert build.returncode == 130, out + err
    message = f"Interrupted. The index at {index} is as the last finished build left it."
    assert err.strip() == message
    assert (index / "manifest.json").read_bytes() == before
    search = react_repl("search", "convert money", "--json", home=project)
    assert search.returncode == 0 and "convert_currency" in search.stdout, search.stderr
