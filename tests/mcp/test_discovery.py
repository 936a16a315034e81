"""MCP servers in the registry and the index: listings kept, refreshed, indexed as data."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from mcp_fixtures import toolbox_config

from react_repl.compose import discover_apis
from react_repl.index import MethodIndex, OnnxMiniLM, method_search_function
from react_repl.mcp import McpServerConfig
from react_repl.registry import ApiRegistry, add_registered_source


def _discover(index: Path, *servers: McpServerConfig, refresh: bool = False) -> ApiRegistry:
    return discover_apis(
        builtin=False, shared=False, registered=index, servers=servers, refresh_mcp=refresh
    )


@pytest.fixture
def counted(tmp_path: Path) -> tuple[McpServerConfig, Path, Path]:
    """The toolbox with a start log and a file of extra tool names."""
    log, extra = tmp_path / "starts.log", tmp_path / "extra.txt"
    extra.write_text("first_extra\n")
    env = (("TOOLBOX_LOG", str(log)), ("TOOLBOX_TOOLS_FILE", str(extra)))
    return toolbox_config(env=env, origin="react-repl.toml"), log, extra


def _starts(log: Path) -> int:
    return len(log.read_text().splitlines()) if log.exists() else 0


def test_a_kept_listing_builds_the_registry_without_starting_the_server(
    tmp_path: Path, counted: tuple[McpServerConfig, Path, Path]
) -> None:
    server, log, _ = counted
    first = _discover(tmp_path, server)
    assert _starts(log) == 1 and first.problems == ()
    again = _discover(tmp_path, server)
    assert _starts(log) == 1, "the listing next to the index was used"
    assert [spec.name for spec in again] == [spec.name for spec in first]
    assert again.modules() == first.modules() == {"mcp:toolbox": again.get("hang").module_hash}


def test_reindexing_picks_up_a_changed_tool_list(
    tmp_path: Path, counted: tuple[McpServerConfig, Path, Path]
) -> None:
    server, log, extra = counted
    before = _discover(tmp_path, server)
    extra.write_text("second_extra\n")
    assert _discover(tmp_path, server).get("second_extra") is None, "no refresh, no new listing"
    after = _discover(tmp_path, server, refresh=True)
    assert after.get("second_extra") is not None and after.get("first_extra") is None
    assert after.modules() != before.modules(), "the index re-embeds the server's tools"
    assert _starts(log) == 2


def test_a_server_that_cannot_be_listed_keeps_its_last_listing(
    tmp_path: Path, counted: tuple[McpServerConfig, Path, Path]
) -> None:
    server, _, _ = counted
    _discover(tmp_path, server)
    hurried = replace(server, timeout=0.001)  # the same server, with no time to list
    refreshed = _discover(tmp_path, hurried, refresh=True)
    assert refreshed.get("hang") is not None
    problem = str(refreshed.problems[0])
    assert problem.startswith("react-repl.toml: MCP server 'toolbox': cannot list its tools:")
    assert "using its tools as listed on" in problem


def test_a_listing_belongs_to_the_server_as_described(
    tmp_path: Path, counted: tuple[McpServerConfig, Path, Path]
) -> None:
    server, _, _ = counted
    _discover(tmp_path, server)
    moved = replace(server, args=("/no/such/server.py",))
    registry = _discover(tmp_path, moved)
    assert registry.get("hang") is None, "another command is another server"
    assert "cannot list its tools" in str(registry.problems[0])


def test_mcp_tools_are_host_functions_never_worker_apis(tmp_path: Path) -> None:
    source = f"mcp:box={toolbox_config().label()}"
    add_registered_source(tmp_path, source)
    module = tmp_path / "local_api.py"
    module.write_text('def hang() -> str:\n    """Hang around."""\n    return "local"\n')
    registry = discover_apis([str(module)], builtin=False, shared=False, registered=tmp_path)
    assert registry.get("hang").module != "mcp:box", "the module came first and keeps the name"
    assert registry.get("box_hang").module == "mcp:box"
    assert "registered as 'box_hang'" in str(registry.problems[0])
    assert set(registry.callables()) == {"hang"}
    shapes = registry.mcp_tools()
    assert "box_hang" in {shape.python_name for shape in shapes}
    assert all(shape.server.origin == str(tmp_path / "sources.json") for shape in shapes)


def test_two_servers_with_one_name_are_a_problem_not_a_merge(tmp_path: Path) -> None:
    first = toolbox_config(name="twin", origin="react-repl.toml")
    second = McpServerConfig(name="twin", url="http://127.0.0.1:9/mcp", origin="sources.json")
    registry = _discover(tmp_path, first, second)
    assert [str(problem) for problem in registry.problems] == [
        "sources.json: duplicate MCP server name 'twin': already declared in react-repl.toml; "
        "this one is ignored"
    ]


def test_a_malformed_source_is_a_problem(tmp_path: Path) -> None:
    registry = discover_apis(["mcp:"], builtin=False, shared=False)
    assert "expected mcp:[NAME=]COMMAND" in str(registry.problems[0])


def test_descriptions_reach_method_search_as_data(tmp_path: Path) -> None:
    registry = _discover(tmp_path, toolbox_config())
    index = MethodIndex(tmp_path / "index", encoder=OnnxMiniLM())
    index.build(registry)
    found = method_search_function(index)("report the weather now", k=10)
    line = next(line for line in found.splitlines() if line.startswith("`described()"))
    assert "{{ 7*7 }} {% if true %}now{% endif %}." in line and "49" not in line


def test_without_an_mcp_client_an_mcp_source_is_a_problem_not_an_import(tmp_path: Path) -> None:
    """The registry speaks no protocol: MCP comes in through compose (the layers' contract)."""
    registry = ApiRegistry.discover(["mcp:box=python -m box"], builtin=False, entry_points=False)
    assert not registry.specs
    assert "need an MCP client (react_repl.compose.discover_apis)" in str(registry.problems[0])
