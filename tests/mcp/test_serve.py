"""`react-repl mcp serve`, driven by the SDK's own client as any MCP client would drive it.

The served project's built-in APIs are one module of its own, and mcp-server-time is in its
config file, so the REPL it serves also reaches another MCP server's tools, through the serving
process.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp_fixtures import free_port, react_repl, time_config, wait_for_port

NOTES = '''
def add_note(text: str) -> str:
    """Add a note to the user's notebook and return its number."""
    return "note 1"
'''
REACT_REPL = str(Path(sys.executable).with_name("react-repl"))


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("served")
    (root / "apis").mkdir()
    (root / "apis" / "notes.py").write_text(NOTES)
    (root / "react-repl.toml").write_text(
        f"[mcp.servers.time]\ncommand = {json.dumps(time_config().command)}\n"
        'args = ["-m", "mcp_server_time"]\nprefix = "tz_"\n'
    )
    built = react_repl("index", "build", home=root, env=_environment(root))
    assert built.returncode == 0, built.stderr
    return root


def _environment(home: Path) -> dict[str, str]:
    return {
        "REACT_REPL_HOME": str(home),
        "REACT_REPL_BUILTIN_APIS": str(home / "apis"),
        "HF_HUB_OFFLINE": "1",
        "PYTHONPATH": os.environ.get("PYTHONPATH", ""),  # the tree under test, not the install
    }


async def _text(client: Client, tool: str, **arguments: Any) -> tuple[bool, str]:
    result = await client.call_tool(tool, arguments)
    text = "".join(getattr(block, "text", "") for block in result.content)
    return result.is_error, text


def test_two_stdio_sessions_keep_their_own_variables_with_imports_blocked(home: Path) -> None:
    server = StdioServerParameters(
        command=REACT_REPL, args=["mcp", "serve"], env=_environment(home), cwd=str(home)
    )

    async def scenario() -> None:
        async with Client(server, read_timeout_seconds=120) as a, Client(server) as b:
            listed = await a.list_tools()
            assert sorted(tool.name for tool in listed.tools) == ["method_search", "run_python"]
            failed, text = await _text(a, "run_python", code="secret = 'alpha'")
            assert not failed and text.startswith("(no output")
            await _text(b, "run_python", code="secret = 'beta'")
            assert await _text(a, "run_python", code="print(secret)") == (False, "alpha")
            assert await _text(b, "run_python", code="print(secret)") == (False, "beta")
            failed, text = await _text(b, "run_python", code="import os\nos.system('id')")
            assert failed and "ImportError" in text and "uid=" not in text
            _, found = await _text(a, "method_search", query="current time in a time zone")
            assert "tz_get_current_time(timezone: str) -> dict" in found
            _, note = await _text(a, "run_python", code="print(add_note('buy milk'))")
            assert note == "note 1"
            code = 'now = tz_get_current_time("Asia/Tokyo")\nprint(now["timezone"])'
            assert await _text(a, "run_python", code=code) == (False, "Asia/Tokyo")
            _, hits = await _text(b, "run_python", code='method_search("write a note down")')
            assert "add_note(text: str) -> str" in hits, "method_search prints its hits"

    anyio.run(scenario)


def test_http_sessions_are_named_by_handles_that_isolate_them(home: Path) -> None:
    port = free_port()
    process = subprocess.Popen(
        [REACT_REPL, "mcp", "serve", "--transport", "http", "--port", str(port)],
        cwd=home,
        env=os.environ | _environment(home),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    async def scenario(url: str) -> None:
        async with Client(url) as a, Client(url) as b:
            first_failed, first = await _text(a, "run_python", code="value = 1")
            _, second = await _text(b, "run_python", code="value = 2")
            handles = [re.search(r"new session (s-\S+):", text)[1] for text in (first, second)]
            assert not first_failed and handles[0] != handles[1]
            assert await _text(a, "run_python", code="value", session=handles[0]) == (False, "1")
            assert await _text(b, "run_python", code="value", session=handles[1]) == (False, "2")
            unknown, text = await _text(a, "run_python", code="value", session="s-guessed")
            assert unknown and "no session 's-guessed'" in text
            _, found = await _text(b, "method_search", query="write a note down", k=1)
            assert found.startswith("`add_note(text: str) -> str`")

    try:
        wait_for_port(port, process, timeout=120)
        anyio.run(scenario, f"http://127.0.0.1:{port}/mcp")
    finally:
        process.terminate()
        process.wait(timeout=30)
