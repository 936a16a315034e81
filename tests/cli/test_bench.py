"""`react-repl bench` end to end: a one-task suite against a scripted server, scored by checks."""

import json
import os
import subprocess
import sys
from pathlib import Path

from react_repl.llm import ScriptedServer

SUITE = """
[[task]]
id = "slack-hello"
task = "Send 'hello team' to the #general Slack channel."
check.outbox_contains = "hello team"
"""


def test_bench_scores_a_scripted_run_by_its_outbox(tmp_path: Path) -> None:
    (tmp_path / "suite.toml").write_text(SUITE)
    with ScriptedServer() as server:
        server.enqueue("1. Send the Slack message")
        server.enqueue("```python\nsend_slack_message('hello team', '#general')\n```")
        server.enqueue("```python\nstop('sent')\n```")
        server.enqueue("1. Send the Slack message")
        server.enqueue("```python\nstop('pretended to send')\n```")
        result = subprocess.run(
            [sys.executable, "-m", "react_repl", "bench", str(tmp_path / "suite.toml"),
             "--base-url", server.base_url, "--model", "scripted",
             "--set", "max_steps=4", "--json", str(tmp_path / "out.json"),
             "--index", str(tmp_path / "index"), "--logs-dir", str(tmp_path / "logs")],
            capture_output=True, text=True, timeout=300, cwd=tmp_path,
            env={**os.environ, "OPENAI_API_KEY": "k", "HF_HUB_OFFLINE": "1"},
        )  # fmt: skip
        assert result.returncode == 0, result.stdout + result.stderr
        outcomes = json.loads((tmp_path / "out.json").read_text())
        assert [(o["task_id"], o["passed"], o["steps"]) for o in outcomes] == [
            ("slack-hello", True, 3)
        ]
        assert not (tmp_path / "workspace").exists()  # each task had its own workspace

        second = subprocess.run(
            [sys.executable, "-m", "react_repl", "bench", str(tmp_path / "suite.toml"),
             "--base-url", server.base_url, "--model", "scripted",
             "--index", str(tmp_path / "index"), "--logs-dir", str(tmp_path / "logs")],
            capture_output=True, text=True, timeout=300, cwd=tmp_path,
            env={**os.environ, "OPENAI_API_KEY": "k", "HF_HUB_OFFLINE": "1"},
        )  # fmt: skip
    assert second.returncode == 1
    assert "no outbox message contains 'hello team'" in " ".join(second.stdout.split())
