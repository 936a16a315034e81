"""Code mode as an MCP host meets it: the official `mcp` client against `react-repl mcp serve`.

Behind the gateway stand a Python API folder (one read-only API, one with side effects),
mcp-server-time, the toolbox server (tools without `readOnlyHint`, one that hangs, one that
crashes) and a server that worked when indexed but no longer starts. The host must see two
tools, find and chain the APIs, be asked before side effects (by elicitation) or be refused, and
keep its HTTP session across connections; a broken server must cost only its own calls.
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
from mcp import types as mcp_types
from mcp_fixtures import TOOLBOX, free_port, react_repl, time_config, wait_for_port

APIS = '''
from react_repl.registry import api


def shout(text: str) -> str:
    """Return the text in capital letters."""
    return text.upper()


def whoami() -> str:
    """Return the name of the user this notebook belongs to."""
    return "ada"


@api(side_effects=True)
def add_note(text: str) -> str:
    """Add a note to the user's notebook and return its number."""
    return "note 1"
'''
FLAKY = f"""
import os, runpy, sys
if os.path.exists(os.environ["FLAKY_MARKER"]):
    sys.exit("cannot start: the database is locked")
runpy.run_path({str(TOOLBOX)!r}, run_name="__main__")
"""
REACT_REPL = str(Path(sys.executable).with_name("react-repl"))
CHAIN = 'print(shout(get_current_time("Asia/Tokyo")["timezone"]))'


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("gateway")
    (root / "apis").mkdir()
    (root / "apis" / "notes.py").write_text(APIS)
    (root / "flaky.py").write_text(FLAKY)
    python = json.dumps(time_config().command)
    (root / "react-repl.toml").write_text(
        f'[mcp.servers.time]\ncommand = {python}\nargs = ["-m", "mcp_server_time"]\n'
        f"[mcp.servers.box]\ncommand = {python}\nargs = [{json.dumps(str(TOOLBOX))}]\n"
        "timeout = 15\n"  # a start on a loaded machine, and how long hang() holds a call
        f'[mcp.servers.flaky]\ncommand = {python}\nargs = ["flaky.py"]\nprefix = "flaky_"\n'
        'env_passthrough = ["FLAKY_MARKER"]\n'
    )
    built = react_repl("index", "build", home=root, env=_environment(root))
    assert built.returncode == 0, built.stderr
    assert "note " in built.stderr and "registered as 'box_whoami'" in built.stderr
    assert "skipped" not in built.stderr, "a renamed tool was registered, not skipped"
    (root / "flaky.marker").touch()  # from now on the flaky server fails to start
    return root


def _environment(home: Path) -> dict[str, str]:
    return {
        "REACT_REPL_HOME": str(home),
        "REACT_REPL_BUILTIN_APIS": str(home / "apis"),
        "REACT_REPL_LOGS": str(home / "logs"),
        "FLAKY_MARKER": str(home / "flaky.marker"),
        "HF_HUB_OFFLINE": "1",
        "PYTHONPATH": os.environ.get("PYTHONPATH", ""),  # the tree under test, not the install
    }


class ScriptedUser:
    """The host's user: answers each elicitation with the next scripted decision."""

    def __init__(self, *decisions: bool) -> None:
        self.decisions = list(decisions)
        self.questions: list[str] = []

    async def __call__(self, context: Any, params: Any) -> mcp_types.ElicitResult:
        self.questions.append(params.message)
        if self.decisions.pop(0):
            return mcp_types.ElicitResult(action="accept", content={"approve": True})
        return mcp_types.ElicitResult(action="decline")


async def _call(client: Client, tool: str, **arguments: Any) -> tuple[bool, str]:
    result = await client.call_tool(tool, arguments)
    return result.is_error, "".join(getattr(block, "text", "") for block in result.content)


async def _host_session(client: Client, user: ScriptedUser, session: str = "") -> None:
    """What every transport must give a host: two tools, search, a chain, approvals."""
    listed = await client.list_tools()
    assert sorted(tool.name for tool in listed.tools) == ["method_search", "run_python"]
    _, found = await _call(client, "method_search", query="current time in a time zone")
    assert "get_current_time(timezone: str) -> dict" in found
    _, found = await _call(client, "method_search", query="write a note down", k=3)
    assert "add_note(text: str) -> str" in found
    chain = CHAIN
    assert await _call(client, "run_python", code=chain, session=session) == (False, "ASIA/TOKYO")
    assert user.questions == [], "read-only code runs unasked"

    assert await _call(client, "run_python", code="print(add_note('milk'))", session=session) == (
        False,
        "note 1",
    )
    assert "print(add_note('milk'))" in user.questions[0]
    assert "calls add_note(), which has side effects" in user.questions[0]
    failed, text = await _call(client, "run_python", code="add_note('eggs')", session=session)
    assert failed and "the user did not approve" in text
    assert len(user.questions) == 2


def test_a_stdio_host_finds_chains_and_is_asked_before_side_effects(home: Path) -> None:
    server = StdioServerParameters(
        command=REACT_REPL, args=["mcp", "serve"], env=_environment(home), cwd=str(home)
    )
    user = ScriptedUser(True, False, True)

    async def scenario() -> None:
        async with Client(server, read_timeout_seconds=120, elicitation_callback=user) as host:
            await _host_session(host, user)
            hidden = "f = search_items\nprint(f('lamps'))"
            failed, text = await _call(host, "run_python", code=hidden)
            assert failed and "search_items() has side effects and was not approved" in text
            _, described = await _call(host, "run_python", code="help(search_items)")
            assert "Search the catalogue for items" in described and "max_results" in described
            held = "print(search_items('lamps')['arguments'])"
            assert await _call(host, "run_python", code=held) == (False, "{'query': 'lamps'}")
            assert "calls search_items(), which has side effects" in user.questions[-1]
        async with Client(server, read_timeout_seconds=120) as no_elicitation:
            failed, text = await _call(no_elicitation, "run_python", code="add_note('bread')")
            assert failed and "cannot ask its user" in text and "add_note()" in text

    anyio.run(scenario)
    logs = sorted((home / "logs").rglob("*.jsonl"))
    records = [json.loads(line) for line in logs[0].read_text().splitlines()]
    steps = [record for record in records if record["type"] == "step"]
    assert [step["action"] for step in steps][:2] == [CHAIN, ("print(add_note('milk'))")]
    assert steps[1]["review"] == "approved by the host's user" and steps[1]["observation"] == (
        "note 1"
    )
    assert records[-1]["type"] == "end", "the session's log is finished when the host leaves"


def test_an_http_host_reconnects_to_its_session_and_broken_servers_cost_only_their_calls(
    home: Path,
) -> None:
    port = free_port()
    process = subprocess.Popen(
        [REACT_REPL, "mcp", "serve", "--transport", "http", "--port", str(port)],
        cwd=home,
        env=os.environ | _environment(home),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/mcp"
    approve_all = ScriptedUser(*[True] * 8)

    async def scenario() -> None:
        async with Client(url, elicitation_callback=approve_all) as first:
            _, text = await _call(first, "run_python", code="value = 41")
            handle = re.search(r"new session (s-\S+):", text)[1]
        user = ScriptedUser(True, False)
        async with Client(url, elicitation_callback=user) as again:
            resumed = await _call(again, "run_python", code="print(value + 1)", session=handle)
            assert resumed == (False, "42"), "a new connection with the handle resumes"
            await _host_session(again, user, session=handle)
        async with Client(url, read_timeout_seconds=120, elicitation_callback=approve_all) as host:
            for code, expected in [
                ("hang(60)", "McpTimeoutError: hang (MCP server 'box') did not answer"),
                ("die()", "McpServerError:"),
                ("flaky_whoami()", "cannot start: the database is locked"),
            ]:
                failed, text = await _call(host, "run_python", code=code, session=handle)
                assert failed and expected in text, text
                still = await _call(host, "run_python", code=CHAIN)
                assert still[1].endswith("ASIA/TOKYO"), "the other servers keep serving"
            spree = "for number in range(21):\n    search_items(str(number))"
            failed, text = await _call(host, "run_python", code=spree, session=handle)
            assert failed and "CallBudgetExceeded" in text, "a side-effecting tool: 20 per call"
            caught = "try:\n    die()\nexcept McpServerError:\n    print('caught')"
            assert await _call(host, "run_python", code=caught, session=handle) == (
                False,
                "caught",
            )

    try:
        wait_for_port(port, process, timeout=120)
        anyio.run(scenario)
    finally:
        process.terminate()
        process.wait(timeout=30)
