"""The whole agent against the real local model (0.5B): run alone with `pytest -m slow`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from react_repl.agent import PROFILES, Agent, Status
from react_repl.index import MethodIndex, method_search_function
from react_repl.llm import ChatModel, ModelSettings
from react_repl.local import ensure_server, fetch_model
from react_repl.registry import ApiRegistry


@pytest.mark.slow
def test_agent_runs_end_to_end_on_the_local_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model_file = fetch_model("qwen2.5-coder-0.5b")
    monkeypatch.setenv("REACT_REPL_CACHE", str(tmp_path / "cache"))  # our own server
    registry = ApiRegistry.discover()
    index = MethodIndex.open(tmp_path / "index")
    index.build(registry)
    server = ensure_server(model_file, ctx_size=4096)
    try:
        settings = ModelSettings(model=server.model_name, base_url=server.base_url,
                                 api_key="local", max_tokens=256, timeout=300)  # fmt: skip
        agent = Agent(
            ChatModel(settings),
            apis=registry.callables(),
            method_search=method_search_function(index),
            options=PROFILES["small-local"].agent_options(
                {"max_steps": 4, "techniques": ["+decompose"]},  # method_search runs for real
            ),
            logs_dir=tmp_path / "logs",
            sandbox_settings={"env": {"REACT_REPL_WORKSPACE": str(tmp_path / "workspace")}},
        )
        result = agent.run("Print the current date.")
    finally:
        server.stop()

    # A 0.5B model may wander; what must hold is that every layer ran for real, and that any
    # failure is the model's behaviour, never the transport, the server or the sandbox.
    assert result.status is not Status.ERROR or "no action" in (result.error or ""), result.error
    assert any(step.kind == "step" and step.action for step in result.steps)
    assert result.usage.prompt_tokens > 0 and result.usage.completion_tokens > 0
    ran = [step for step in result.steps if step.action]
    assert ran, "the model never produced an action the sandbox ran"
    searches = [step.observation for step in ran if step.action.startswith("method_search")]
    assert any(re.search(r"^`\w+\(", text, re.MULTILINE) for text in searches)
    log = result.log_path.read_text()
    assert log.startswith("# Print the current date.")
    assert f"- Status: **{result.status.value}**" in log
