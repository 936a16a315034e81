"""A bad config file stops every command before anything slow starts, with a message naming
the key and its table, through the installed `react-repl`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

FAKE_SERVER = Path(__file__).parents[1] / "local" / "fake_llama_server.py"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project folder whose local model would be served by a fake llama-server that records
    each start in `launches.txt`."""
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    (root / "apis").mkdir()
    runtime = tmp_path / "runtime" / "llama-server"
    runtime.parent.mkdir()
    runtime.write_text(
        "#!/bin/bash\n"
        '[ "$1" = "--version" ] && { echo "version: fake"; exit 0; }\n'
        'export FAKE_LLAMA_EXE="$0"\n'
        f'exec -a "$0" {sys.executable} {FAKE_SERVER} "$@"\n'
    )
    runtime.chmod(0o755)
    (tmp_path / "tiny.gguf").write_bytes(b"GGUF not really")
    return root


def react_repl(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    tmp = project.parent
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("OPENAI_", "REACT_REPL_"))
    }
    env |= {
        "REACT_REPL_CACHE": str(tmp / "cache"),
        "REACT_REPL_LLAMA_SERVER": str(tmp / "runtime" / "llama-server"),
        "REACT_REPL_BUILTIN_APIS": str(project / "apis"),
        "FAKE_LLAMA_LAUNCHES": str(tmp / "launches.txt"),
        "HF_HUB_OFFLINE": "1",
    }
    return subprocess.run(
        [str(Path(sys.executable).with_name("react-repl")), *args],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def stop_fake_server(project: Path) -> None:
    subprocess.run(
        [str(Path(sys.executable).with_name("react-repl")), "model", "stop", "--force"],
        env=os.environ | {"REACT_REPL_CACHE": str(project.parent / "cache")},
        capture_output=True,
        timeout=60,
    )


def test_a_sandbox_typo_stops_run_before_the_model_server_starts(project: Path) -> None:
    (project / "react-repl.toml").write_text("[sandbox]\nmemroy_mb = 512\n")
    model = str(project.parent / "tiny.gguf")

    result = react_repl(project, "run", "What is 2+2?", "--model", model, "--max-steps", "1")

    assert result.returncode in (1, 2)
    assert "unknown key `memroy_mb` in [sandbox]" in result.stderr
    assert "did you mean `memory_mb`?" in result.stderr
    assert str(project / "react-repl.toml") in result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert not (project.parent / "launches.txt").exists(), "the model server was started"
    assert not (project / "index").exists(), "the search index was built"
    assert not (project / "logs").exists()


def test_the_same_run_with_the_typo_fixed_does_start_the_server(project: Path) -> None:
    """The control: what the test above rules out really happens when the file is right."""
    (project / "react-repl.toml").write_text("[sandbox]\nmemory_mb = 512\n")
    model = str(project.parent / "tiny.gguf")
    try:
        react_repl(project, "run", "What is 2+2?", "--model", model, "--max-steps", "1")
    finally:
        stop_fake_server(project)

    assert (project.parent / "launches.txt").exists()


@pytest.mark.parametrize(
    ("toml", "needle"),
    [
        ('[agent]\nmax_steps = "ten"\n', "[agent] max_steps: input should be a valid integer"),
        ('[agent]\ntechniques = ["telepathy"]\n', "unknown technique(s) 'telepathy'; known:"),
        ('[agent]\ncritic = "answer"\n', """techniques = ["+critic"] or ["-critic"]"""),
        ("[agent]\ntask_reminder = true\n", "'task_reminder' was removed: it measured no gain"),
        ('[agent]\ntechniques = ["-grounded_ids"]\n', "technique 'grounded_ids' was removed"),
        ('[models.big]\nmodel = "m"\n', "[models.NAME] is now [bench.models.NAME]"),
        ("[sandbox.call_limits.send]\nmax_calls = 2\n", "in [sandbox.call_limits.send]"),
        ('[modle]\nmodel = "x"\n', "unknown key `modle` at the top level"),
        ('[mcp.servers.t]\ncommand = "uvx mcp-server-time"\n', "[mcp.servers.t] command"),
        ('[bench.models.g]\nmodel = "m"\nprice = 1\n', "unknown key `price` in [bench.models.g]"),
        ("[apis]\nNASA_API_KEY = 12\n", "[apis] NASA_API_KEY: input should be a valid string"),
    ],
)
def test_every_table_is_checked_before_run_starts(project: Path, toml: str, needle: str) -> None:
    (project / "react-repl.toml").write_text(toml)

    result = react_repl(project, "run", "task", "--model", str(project.parent / "tiny.gguf"))

    assert result.returncode == 1
    assert needle in result.stderr
    assert "Traceback" not in result.stderr
    assert not (project.parent / "launches.txt").exists()


def test_all_problems_are_reported_at_once_from_pyproject(project: Path) -> None:
    (project / "pyproject.toml").write_text(
        "[tool.react-repl.sandbox]\ntimeout = -1\n[tool.react-repl.model]\nstream = 1\n"
    )

    result = react_repl(project, "config", "show")

    assert result.returncode == 1
    assert f"Config file {project / 'pyproject.toml'} has 2 problems" in result.stderr
    assert "[sandbox] timeout: input should be greater than 0, got -1" in result.stderr
    assert "[model] stream: input should be a valid boolean, got 1" in result.stderr


def test_bench_checks_the_config_file_before_any_model(project: Path) -> None:
    suite = Path(__file__).parents[2] / "benchmarks" / "suites" / "multistep"
    (project / "react-repl.toml").write_text("[sandbox]\nmemroy_mb = 512\n")

    result = react_repl(project, "bench", str(suite), "--model", str(project.parent / "tiny.gguf"))

    assert result.returncode == 2
    assert "unknown key `memroy_mb` in [sandbox]" in result.stderr
    assert not (project.parent / "launches.txt").exists()
