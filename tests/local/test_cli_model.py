"""`react-repl model …` end to end, against the fake runtime (the real one is in the slow test)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from react_repl.cli import main
from react_repl.local import stop_server

from .conftest import processes_running


@pytest.fixture(autouse=True)
def _no_leftovers(isolated_cache: Path):
    """A failed assertion must not leave a detached stand-in server running."""
    yield
    stop_server(force=True)


def test_serve_status_stop(fake_gguf: Path, fake_runtime: Path, isolated_cache: Path) -> None:
    runner = CliRunner()

    served = runner.invoke(main, ["model", "serve", str(fake_gguf), "--ctx-size", "2048"])
    assert served.exit_code == 0, served.output
    base_url = served.stdout.strip().splitlines()[-1]
    assert base_url.startswith("http://127.0.0.1:") and base_url.endswith("/v1")

    status = runner.invoke(main, ["model", "status"])
    assert status.exit_code == 0
    assert base_url in status.output and "2048" in status.output
    assert "nobody (kept by `model serve`)" in status.output

    stopped = runner.invoke(main, ["model", "stop"])
    assert stopped.output.startswith("stopped tiny on port")
    assert processes_running(fake_runtime) == []
    assert runner.invoke(main, ["model", "status"]).exit_code == 1


def test_errors_are_messages_not_tracebacks(tmp_path: Path, isolated_cache: Path) -> None:
    result = CliRunner().invoke(main, ["model", "serve", str(tmp_path / "missing.gguf")])

    assert result.exit_code == 1
    assert "does not exist" in result.output
    assert "Traceback" not in result.output


def test_list_marks_the_default(isolated_cache: Path) -> None:
    result = CliRunner().invoke(main, ["model", "list"])

    assert result.exit_code == 0
    assert "qwen2.5-coder-1.5b (default)" in result.output
    assert "no" in result.output, "nothing is cached in an empty cache"
