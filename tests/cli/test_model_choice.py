"""The model named is the model used: unknown names fail before anything runs, in a subprocess.

No key and no base URL used to mean "run the bundled Qwen whatever --model said"; these run the
real CLI with a clean environment and an empty cache, so a silent local start would show.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from react_repl.llm import ScriptedServer

SUITE = (
    '[suite]\nbuiltin_apis = false\n[[task]]\nid = "hello"\ntask = "Say hello."\nanswer = "hello"\n'
)


def _react_repl(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("OPENAI_", "REACT_REPL_"))
    }
    clean |= {"HF_HUB_OFFLINE": "1", "REACT_REPL_CACHE": str(tmp_path / "cache"), **env}
    command = [sys.executable, "-m", "react_repl", *args]
    command += ["--index", str(tmp_path / "index"), "--logs-dir", str(tmp_path / "logs")]
    return subprocess.run(
        command, capture_output=True, text=True, env=clean, cwd=tmp_path, timeout=180
    )


def _nothing_ran(tmp_path: Path) -> None:
    assert not (tmp_path / "cache" / "servers").exists(), "no local server was started"
    assert not (tmp_path / "logs").exists(), "no run log was written"
    assert not (tmp_path / "index").exists(), "not even the index was built"


def test_an_unknown_name_without_a_server_lists_what_is_available(tmp_path: Path) -> None:
    result = _react_repl(tmp_path, "run", "Print the current date.", "--model", "gpt-4o")

    message = " ".join(result.stderr.split())
    assert result.returncode == 1
    assert "'gpt-4o' is not a local model" in message
    assert "qwen2.5-coder-1.5b (default)" in message and "qwen2.5-coder-0.5b" in message
    assert "--base-url" in message and "OPENAI_API_KEY" in message
    assert "Traceback" not in result.stderr
    _nothing_ran(tmp_path)


def test_bench_checks_every_model_before_running_anything(tmp_path: Path) -> None:
    (tmp_path / "suite.toml").write_text(SUITE)

    result = _react_repl(
        tmp_path, "bench", "suite.toml", "--model", "qwen2.5-coder-0.5b", "--model", "gpt-4o"
    )

    message = " ".join(result.stderr.split())
    assert result.returncode == 2  # a usage error, found before anything starts
    assert "--model 'gpt-4o'" in message and "not a bundled model" in message
    assert "qwen2.5-coder-1.5b" in message and "--base-url" in message
    assert "Traceback" not in result.stderr
    _nothing_ran(tmp_path)


def test_a_name_the_server_does_not_list_is_refused_before_any_request(tmp_path: Path) -> None:
    with ScriptedServer(models=["llama3.1:8b", "qwen2.5:7b"]) as server:
        server.enqueue("THOUGHT: this reply must never be asked for")
        result = _react_repl(
            tmp_path, "run", "Hi.", "--model", "gpt-4o", "--base-url", server.base_url
        )
        completions = server.requests

    message = " ".join(result.stderr.split())
    assert result.returncode == 1
    assert f"'gpt-4o' is not served at {server.base_url}" in message
    assert "llama3.1:8b, qwen2.5:7b" in message
    assert completions == []
    _nothing_ran(tmp_path)


def test_an_ollama_style_tag_is_accepted(tmp_path: Path) -> None:
    (tmp_path / "suite.toml").write_text(SUITE)
    with ScriptedServer(models=["llama3.1:latest"]) as server:
        server.enqueue("1. Say hello", "```python\nstop('hello')\n```")
        result = _react_repl(
            tmp_path, "bench", "suite.toml", "--model", "llama3.1", "--base-url", server.base_url,
            "--set", "max_steps=2",
        )  # fmt: skip
        asked = [request.get("model") for request in server.requests]

    assert result.returncode == 0, result.stdout + result.stderr
    assert asked and set(asked) == {"llama3.1"}
