"""A scripted agent run that finds mcp-server-time's tools with method_search and calls them.

Everything but the model's words is real: the openai client against the ScriptedServer over
HTTP, the registry of the real built-in APIs plus the MCP server, the MiniLM + FAISS index, the
sandbox worker, and the server process started by the run's first call and stopped after it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp_fixtures import time_config

from react_repl.agent import Agent, AgentOptions, Status
from react_repl.compose import discover_apis
from react_repl.index import MethodIndex, OnnxMiniLM, method_search_function
from react_repl.llm import ChatModel, ModelSettings, ScriptedServer
from react_repl.mcp import McpServers, McpToolsPlugin
from react_repl.registry import ApiRegistry


def _fenced(thought: str, code: str) -> str:
    return f"THOUGHT: {thought}\nACTION:\n```python\n{code}\n```"


@pytest.fixture
def registry(tmp_path: Path) -> ApiRegistry:
    return discover_apis(shared=False, registered=tmp_path / "index", servers=[time_config()])


def test_a_run_searches_and_calls_the_time_servers_tools(
    registry: ApiRegistry, tmp_path: Path
) -> None:
    index = MethodIndex(tmp_path / "index", encoder=OnnxMiniLM())
    index.build(registry)
    script = [
        _fenced("Find a tool.", 'method_search("current time in a time zone")'),
        _fenced("Call it.", 'now = time_get_current_time("Asia/Tokyo")\nprint(now)'),
        _fenced("Convert.", 'convert_time("Europe/Paris", "14:00", "Asia/Tokyo")'),
        _fenced("Done.", 'stop(now["timezone"])'),
    ]
    with ScriptedServer(script) as model_server, McpServers() as servers:
        model = ChatModel(
            ModelSettings(model="scripted", base_url=model_server.base_url, api_key="test-key")
        )
        agent = Agent(
            model,
            apis=registry.callables(),
            method_search=method_search_function(index),
            options=AgentOptions(max_steps=6).with_values({"techniques": ["-decompose"]}),
            logs_dir=tmp_path / "logs",
            sandbox_settings={"env": {"REACT_REPL_WORKSPACE": str(tmp_path)}},
            plugins=[McpToolsPlugin(servers.host_functions(registry.mcp_tools()))],
        )
        assert servers.running() == [], "no server starts before a tool is called"
        result = agent.run("What time is it in Tokyo, and what is 14:00 in Paris there?")
        assert servers.running() == ["time"] and servers.starts("time") == 1

    assert result.status is Status.FINISHED, result.error
    assert result.answer == "Asia/Tokyo", "the tool's dict was kept in the namespace"
    searched, called, converted = (step.observation for step in result.steps[:3])
    assert "`time_get_current_time(timezone: str) -> dict`" in searched
    assert "'timezone': 'Asia/Tokyo'" in called
    assert "'time_difference': '+8.0h'" in converted
    seen_by_model = model_server.requests[2]["messages"][-1]["content"]
    assert "'timezone': 'Asia/Tokyo'" in seen_by_model, "the tool's answer reached the model"
