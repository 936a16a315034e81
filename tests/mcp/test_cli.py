"""The CLI's refusals around MCP: each a one-line message, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp_fixtures import react_repl


@pytest.mark.parametrize("command", [["apis", "list"], ["index", "build"], ["mcp", "serve"]])
def test_a_malformed_server_table_stops_every_command_that_reads_it(
    tmp_path: Path, command: list[str]
) -> None:
    config = '[mcp.servers.time]\ncommand = "uvx mcp-server-time"\n'
    (tmp_path / "react-repl.toml").write_text(config)
    result = react_repl(*command, home=tmp_path)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        f"Error: Config file {tmp_path / 'react-repl.toml'} has a problem:",
        "  [mcp.servers.time] command 'uvx mcp-server-time' holds arguments; "
        "write command = 'uvx' and args = ['mcp-server-time']",
    ]


def test_serving_beyond_this_machine_needs_to_be_asked_for(tmp_path: Path) -> None:
    result = react_repl("mcp", "serve", "--transport", "http", "--host", "0.0.0.0", home=tmp_path)
    assert result.returncode == 1
    assert "would let other machines run code" in result.stderr
    assert "--allow-remote" in result.stderr and "Traceback" not in result.stderr


def test_adding_a_server_that_cannot_start_records_nothing(tmp_path: Path) -> None:
    result = react_repl("apis", "add", "mcp:ghost=no-such-mcp-server-7f3a", home=tmp_path)
    assert result.returncode == 1
    assert "MCP server 'ghost': cannot list its tools" in result.stderr
    assert "No such file or directory" in result.stderr
    assert "defines no API; nothing was recorded" in result.stderr
    assert not (tmp_path / "index" / "sources.json").exists()
