"""The published mcp-server-time, over stdio: found by search among the real APIs, and called.

Two releases are checked, because the SDK's 2.x release renamed much of 1.x and servers on the
index still pin 1.x: mcp-server-time 2026.10.19 (SDK 2.x, installed with react-repl's tests) and
2026.10.10 (SDK 1.x), which lives in its own environment `.venv-mcp1` as such servers do
(uvx, pipx); `scripts/install.sh --tests` makes it.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from mcp_fixtures import REPOSITORY, react_repl, time_config

from react_repl.mcp import McpServerConfig, McpServers, McpToolError, server_apis
from react_repl.sandbox import Sandbox

SDK1_PYTHON = REPOSITORY / ".venv-mcp1" / "bin" / "python"
QUERY = "current time in a time zone"


def _search(home: Path) -> list[str]:
    result = react_repl("search", QUERY, "--json", "--k", "5", home=home)
    assert result.returncode == 0, result.stderr
    return [hit["name"] for hit in json.loads(result.stdout)]


def test_apis_add_then_search_finds_the_time_tools(tmp_path: Path) -> None:
    """The built-in APIs are indexed too, so the tools must stand out among real ones."""
    home = tmp_path
    source = f"mcp:time={time_config().label()}"
    added = react_repl("apis", "add", source, home=home)
    assert added.returncode == 0, added.stderr
    assert "Registered 2 API(s)" in added.stdout
    assert "registered as 'time_get_current_time'" in added.stderr, "the clock API keeps its name"
    assert "time_get_current_time" in _search(home)
    shown = react_repl("apis", "show", "convert_time", home=home)
    assert "convert_time(source_timezone: str, time: str, target_timezone: str) -> dict" in (
        shown.stdout
    )
    removed = react_repl("apis", "remove", "mcp:time", home=home)
    assert removed.returncode == 0, removed.stderr
    assert "time_get_current_time" not in _search(home)


def test_a_config_table_is_indexed_by_index_build(tmp_path: Path) -> None:
    home = tmp_path
    server = time_config()
    (home / "react-repl.toml").write_text(
        f"[mcp.servers.time]\ncommand = {json.dumps(server.command)}\n"
        f'args = ["-m", "mcp_server_time"]\nprefix = "tz_"\n'
    )
    built = react_repl("index", "build", home=home)
    assert built.returncode == 0, built.stderr
    assert "tz_get_current_time" in _search(home)
    listed = react_repl("apis", "list", "--json", home=home)
    by_name = {spec["name"]: spec for spec in json.loads(listed.stdout)}
    assert by_name["tz_convert_time"]["module"] == "mcp:time"
    assert by_name["tz_convert_time"]["side_effects"] is False, "the tool is read-only"


def test_the_tools_are_called_from_actions() -> None:
    found = server_apis(time_config())
    with (
        McpServers() as servers,
        Sandbox(
            host_functions=servers.host_functions(shape for _, shape in found.specs)
        ) as sandbox,
    ):
        kept = sandbox.run('now = get_current_time("Asia/Tokyo")\nprint(now["timezone"])')
        assert kept.text == "Asia/Tokyo", "structured content is a plain dict in the namespace"
        assert sandbox.run("print(now['is_dst'] is False)").text == "True"
        converted = sandbox.run('convert_time("Europe/Paris", "14:00", "Asia/Tokyo")')
        assert "'time_difference': '+8.0h'" in converted.text
        refused = sandbox.run('get_current_time("Mars/Olympus_Mons")')
        assert "McpToolError: get_current_time (MCP server 'time') failed:" in refused.text
        assert "Invalid timezone" in refused.text


def test_a_server_on_the_1x_sdk_is_listed_and_called() -> None:
    assert SDK1_PYTHON.exists(), (
        f"{SDK1_PYTHON} is missing: run scripts/install.sh --tests (it installs "
        "mcp-server-time==2026.10.10, the last release on SDK 1.x, in its own environment)"
    )
    server = McpServerConfig(name="time1", command=str(SDK1_PYTHON), args=("-m", "mcp_server_time"))
    found = server_apis(server)
    assert found.problems == []
    assert [spec.name for spec, _ in found.specs] == ["get_current_time", "convert_time"]
    with McpServers() as servers:
        tools = servers.host_functions(shape for _, shape in found.specs)
        text = tools["get_current_time"]("Europe/Paris")
        assert isinstance(text, str), "SDK 1.x servers answer with text, not structured content"
        moment = datetime.fromisoformat(json.loads(text)["datetime"])
        assert moment.utcoffset() in (timedelta(hours=1), timedelta(hours=2))
        with pytest.raises(McpToolError, match="Invalid timezone"):
            tools["get_current_time"]("Nowhere/Else")
