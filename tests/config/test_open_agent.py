"""`react_repl.open_agent`: a script gets the agent `react-repl run` builds, from the same config.

Against a scripted OpenAI-compatible server on 127.0.0.1, with the real index, sandbox and logs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import react_repl
from react_repl.llm import ScriptedServer

MODULE = '''
def get_city_temperature(city: str) -> float:
    """Return the current air temperature in degrees Celsius for a city."""
    return 21.5 if city == "Paris" else 10.0
'''
CONFIG = """
[model]
temperature = 0.25
max_tokens = 300

[agent]
max_steps = 4
few_shot = false

[sandbox]
memory_mb = 700
"""
TASK = "What is the temperature in Paris?"


def script(server: ScriptedServer) -> None:
    server.enqueue("1. Find the temperature in Paris")
    server.enqueue(
        'THOUGHT: look it up\nACTION:\n```python\nt = get_city_temperature("Paris")\n```'
    )
    server.enqueue('THOUGHT: done\nACTION:\n```python\nstop(f"{t} degrees")\n```')


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "react-repl.toml").write_text(CONFIG)
    (tmp_path / "apis").mkdir()
    (tmp_path / "myapis").mkdir()
    (tmp_path / "myapis" / "weather_station.py").write_text(MODULE)
    for name in list(os.environ):
        if name.startswith(("OPENAI_", "REACT_REPL_")):
            monkeypatch.delenv(name)
    monkeypatch.setenv("REACT_REPL_BUILTIN_APIS", str(tmp_path / "apis"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def header(logs: Path) -> dict[str, Any]:
    log = next(logs.rglob("*.jsonl"))
    first: dict[str, Any] = json.loads(log.read_text().splitlines()[0])
    return first


def test_a_script_runs_what_the_config_file_says(project: Path) -> None:
    with ScriptedServer() as server:
        script(server)
        agent = react_repl.open_agent(
            base_url=server.base_url, api_key="test-key", apis=[project / "myapis"]
        )
        result = agent.run(TASK)

    assert result.status == "finished" and result.answer == "21.5 degrees"
    assert agent.options.max_steps == 4 and agent.options.few_shot is False
    assert agent.sandbox_settings["memory_mb"] == 700
    assert agent.model.settings.temperature == 0.25
    assert result.log_path is not None and result.log_path.is_relative_to(project / "logs")
    assert (project / "index" / "manifest.json").is_file()


def test_the_cli_builds_the_same_agent(project: Path) -> None:
    """`react-repl run` and `open_agent` record the same settings for the same config."""
    with ScriptedServer() as server:
        script(server)
        react_repl.open_agent(
            base_url=server.base_url, api_key="test-key", apis=[project / "myapis"],
            logs_dir=project / "script-logs",
        ).run(TASK)  # fmt: skip
        script(server)
        cli = subprocess.run(
            [str(Path(sys.executable).with_name("react-repl")), "run", TASK, "--quiet",
             "--base-url", server.base_url, "--api-key", "test-key",
             "--apis", str(project / "myapis"), "--logs-dir", str(project / "cli-logs")],
            cwd=project, env=dict(os.environ), capture_output=True, text=True, timeout=300,
        )  # fmt: skip

    assert cli.returncode == 0, cli.stderr
    from_script, from_cli = header(project / "script-logs"), header(project / "cli-logs")
    for record in (from_script, from_cli):
        record.pop("started", None)
        record.pop("id", None)
    assert from_script["settings"] == from_cli["settings"]
    assert from_script["settings"]["max_steps"] == 4
    assert from_script["settings"]["few_shot"] is False


def test_a_bad_config_is_a_config_error_before_anything_starts(project: Path) -> None:
    (project / "react-repl.toml").write_text("[agent]\nmax_step = 4\n")

    with pytest.raises(react_repl.ConfigError, match=r"unknown key `max_step` in \[agent\]"):
        react_repl.open_agent(base_url="http://127.0.0.1:9/v1", api_key="k")

    assert not (project / "index").exists()


def test_overrides_and_a_loaded_config(project: Path) -> None:
    config = react_repl.Config.load(project / "react-repl.toml")
    with ScriptedServer() as server:
        agent = react_repl.open_agent(
            config, base_url=server.base_url, api_key="k", options={"max_steps": 9}
        )

    assert agent.options.max_steps == 9 and agent.options.few_shot is False
    with pytest.raises(react_repl.ConfigError, match="max_steps: input should be greater than 0"):
        react_repl.open_agent(config, base_url="http://127.0.0.1:9/v1", options={"max_steps": 0})


class ListingCounter(ScriptedServer):
    """Counts GET /v1/models: each one is a round trip before the first request."""

    listings = 0

    def models_payload(self) -> dict[str, Any]:
        self.listings += 1
        return super().models_payload()


def test_a_run_asks_the_server_for_its_model_list_once(project: Path) -> None:
    """The name check reads /v1/models; the model's context window comes from that same reading
    (vLLM's max_model_len), so a slow hosted server is not asked twice before the first request."""
    with ListingCounter(context_window=8192) as server:
        script(server)
        agent = react_repl.open_agent(
            model="scripted", base_url=server.base_url, api_key="k", apis=[project / "myapis"]
        )
        result = agent.run(TASK)

    assert result.status == "finished"
    assert agent.model.context_window() == 8192
    assert server.listings == 1
