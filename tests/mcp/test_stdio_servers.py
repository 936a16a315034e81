"""A real stdio server (the toolbox, written with the SDK): results, errors, limits, lifecycle."""

from __future__ import annotations

import functools
import io
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from mcp_fixtures import toolbox_config
from PIL import Image

from react_repl.mcp import (
    McpImage,
    McpServerConfig,
    McpServerError,
    McpServers,
    McpTimeoutError,
    McpToolError,
)
from react_repl.mcp._tools import tool_shapes
from react_repl.registry import declaration_of
from react_repl.sandbox import HostImage, Sandbox


@functools.cache
def _listing() -> tuple[dict, ...]:
    """The toolbox's tools, listed once: every test starts its own server only when it calls."""
    with McpServers([toolbox_config()]) as servers:
        return tuple(servers.list_tools("toolbox"))


def _tools(servers: McpServers, server: McpServerConfig) -> dict:
    return servers.host_functions(tool_shapes(server, _listing()))


def _gone(pid: int, within: float = 10.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


@pytest.fixture(scope="module")
def toolbox() -> dict:
    """One toolbox server shared by the tests that leave it healthy."""
    with McpServers() as servers:
        tools = _tools(servers, toolbox_config(timeout=5))
        # started here with room to spare: the 5 s limit counts a start, slow on a busy machine
        servers.call_tool("toolbox", "whoami", {}, timeout=60)
        yield tools


def test_results_come_back_as_values(toolbox: dict) -> None:
    assert toolbox["search_items"]("lamps", from_="1999", unit="celsius") == {
        "arguments": {"query": "lamps", "from": "1999", "unit": "celsius"}
    }
    assert toolbox["whoami"]().isdigit()
    picture = toolbox["picture"]()
    assert isinstance(picture, HostImage) and picture.caption == "", "the sandbox's image carrier"
    assert Image.open(io.BytesIO(picture.data)).size == (3, 2)
    with McpServers([toolbox_config()]) as servers:
        caption, image = servers.call_tool("toolbox", "pieces", {})
    assert caption == "a caption" and isinstance(image, McpImage)
    assert image.mime_type == "image/png" and image.data == picture.data


def test_host_functions_declare_side_effects_as_api_functions_do(toolbox: dict) -> None:
    """Approval policies read declarations; a tool writes unless it says it is read-only."""
    assert declaration_of(toolbox["environment"]).side_effects is False
    assert declaration_of(toolbox["fail"]).side_effects is True


def test_a_tool_error_raises_with_the_tools_own_message(toolbox: dict) -> None:
    with pytest.raises(McpToolError, match=r"fail \(MCP server 'toolbox'\) failed: cannot: nope"):
        toolbox["fail"]("nope")


def test_a_hanging_tool_times_out_and_its_server_keeps_serving(toolbox: dict) -> None:
    pid = toolbox["whoami"]()
    started = time.monotonic()
    with pytest.raises(McpTimeoutError, match=r"hang \(MCP server 'toolbox'\) did not answer"):
        toolbox["hang"](60)
    assert 4.5 < time.monotonic() - started < 15
    assert toolbox["whoami"]() == pid


def test_stderr_chatter_stays_out_of_our_terminal(toolbox: dict, capfd) -> None:
    assert toolbox["chatter"](5_000) == "chattered"
    assert "chatter line" not in capfd.readouterr().err


def test_servers_start_on_first_call_are_reused_and_stop_at_the_end(tmp_path: Path) -> None:
    """Even a server that ignores the end of its input and SIGTERM is stopped at the end."""
    log = tmp_path / "starts.log"
    server = toolbox_config(env=(("TOOLBOX_LOG", str(log)), ("TOOLBOX_LINGER", "1")))
    with McpServers() as servers:
        tools = _tools(servers, server)
        assert servers.running() == [] and not log.exists(), "nothing starts before a call"
        pid = int(tools["whoami"]())
        assert tools["whoami"]() == str(pid)
        assert servers.running() == ["toolbox"] and servers.starts("toolbox") == 1
        assert log.read_text() == "start\n"
    assert _gone(pid), "the server outlived the run"


def test_a_server_sees_only_the_environment_its_description_gives(planted_secret: str) -> None:
    server = toolbox_config(env=(("PROBE", "given"),), env_passthrough=("REACT_REPL_TEST_SECRET",))
    with McpServers() as servers:
        names, probe = _tools(servers, server)["environment"]().split("\n")
    assert probe == "PROBE=given"
    assert "REACT_REPL_TEST_SECRET" in names.split(), "passed through because the config says so"
    assert "OPENAI_API_KEY" not in names.split()
    with McpServers() as servers:
        names, _ = _tools(servers, toolbox_config())["environment"]().split("\n")
    assert set(names.split()) <= {"HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "LC_CTYPE"}


def test_a_server_that_dies_is_reported_with_its_last_words_then_restarted() -> None:
    with McpServers() as servers:
        tools = _tools(servers, toolbox_config())
        tools["chatter"](2_000)
        with pytest.raises(McpServerError) as raised:
            tools["die"](status=3)
        message = str(raised.value)
        assert "MCP server 'toolbox'" in message and "stopped working" in message
        assert "the server exited with status 3" in message
        assert "about to exit on purpose" in message
        assert "…\nchatter line" in message and "chatter line 0\n" not in message
        assert len(message) < 3_000, "only a bounded tail, cut at a line"
        assert tools["whoami"]().isdigit()
        assert servers.starts("toolbox") == 2


def test_a_flooding_server_is_stopped_before_it_fills_our_memory() -> None:
    with McpServers(max_message_bytes=200_000) as servers:
        tools = _tools(servers, toolbox_config())
        started = time.monotonic()
        with pytest.raises(McpServerError, match="sent a message longer than 200000 bytes"):
            tools["flood_line"](50_000_000)
        assert time.monotonic() - started < 10
        with pytest.raises(McpServerError, match="longer than 200000 bytes"):
            tools["big_text"](300_000)
        assert len(tools["big_text"](100_000)) == 100_000


def test_a_missing_command_is_a_clear_error() -> None:
    missing = McpServerConfig(name="ghost", command="no-such-mcp-server-7f3a", args=("--x",))
    with McpServers([missing]) as servers, pytest.raises(McpServerError) as raised:
        servers.list_tools("ghost")
    assert str(raised.value) == (
        "MCP server 'ghost' (no-such-mcp-server-7f3a --x) could not be started: "
        "cannot start 'no-such-mcp-server-7f3a': No such file or directory"
    )


def test_a_server_that_fails_at_start_shows_why() -> None:
    script = "import sys; sys.stderr.write('boom: no API key configured\\n'); sys.exit(2)"
    broken = McpServerConfig(name="broken", command=sys.executable, args=("-c", script))
    with McpServers([broken]) as servers, pytest.raises(McpServerError) as raised:
        servers.list_tools("broken")
    assert "could not be started: the server exited with status 2" in str(raised.value)
    assert "boom: no API key configured" in str(raised.value)


def test_a_server_that_never_answers_times_out_at_start() -> None:
    silent = McpServerConfig(
        name="silent", command=sys.executable, args=("-c", "import time; time.sleep(120)")
    )
    started = time.monotonic()
    with (
        McpServers([silent], start_timeout=2) as servers,
        pytest.raises(McpTimeoutError, match=r"'silent' \(.*\) did not start within 2 s") as raised,
    ):
        servers.list_tools("silent")
    assert time.monotonic() - started < 15
    first_line, _, account = str(raised.value).partition("\n")
    assert (first_line[-1], account) == (".", "the server was killed by SIGKILL")


def test_a_slow_start_goes_on_in_the_background_while_the_call_fails_in_time() -> None:
    """A server that takes longer to start than a call may wait (uvx installing it) is not
    killed and restarted by every call: the start continues and a later call finds it up."""
    slow = toolbox_config(timeout=2, env=(("TOOLBOX_START_DELAY", "5"),))
    with McpServers() as servers:
        tools = _tools(servers, slow)
        started = time.monotonic()
        with pytest.raises(McpTimeoutError, match="is still starting after 2 s; it goes on"):
            tools["whoami"]()
        assert time.monotonic() - started < 5
        deadline = time.monotonic() + 60
        while True:
            try:
                assert tools["whoami"]().isdigit()
                break
            except McpTimeoutError:
                assert time.monotonic() < deadline
        assert servers.starts("toolbox") == 1


def test_calls_after_the_end_of_the_run_are_refused() -> None:
    servers = McpServers([toolbox_config()])
    servers.close()
    with pytest.raises(McpServerError, match="already stopped"):
        servers.call_tool("toolbox", "whoami", {})
    with pytest.raises(McpServerError, match="no MCP server named 'other'"):
        McpServers().call_tool("other", "x", {})


def test_servers_die_with_the_agent_process(tmp_path: Path) -> None:
    """Killed without any cleanup (SIGKILL), the agent still takes its servers down, even one
    that would outlive the end of its input."""
    script = textwrap.dedent(
        f"""
        import os, signal, sys
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        from mcp_fixtures import toolbox_config
        from react_repl.mcp import McpServers
        servers = McpServers([toolbox_config(env=(("TOOLBOX_LINGER", "1"),))])
        print(servers.call_tool("toolbox", "whoami", {{}}), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    agent = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert agent.returncode == -signal.SIGKILL
    assert _gone(int(agent.stdout.strip())), "the server outlived the killed agent"


def test_tools_are_called_from_actions_through_the_host(toolbox: dict) -> None:
    with Sandbox(host_functions=toolbox) as sandbox:
        found = sandbox.run("print(search_items('lamps', max_results=2))")
        assert "'max-results': 2" in found.text and found.ok
        failed = sandbox.run("fail('out of stock')")
        expected = "McpToolError: fail (MCP server 'toolbox') failed: cannot: out of stock"
        assert expected in failed.text and "RuntimeError" not in failed.text
        caught = sandbox.run(
            "try:\n    hang(60)\nexcept McpTimeoutError as error:\n"
            "    print('caught', isinstance(error, TimeoutError), isinstance(error, McpError))"
        )
        assert caught.text == "caught True True", "code catches the documented errors by name"
        assert (
            "search_items(query: str, from_: str = '2020'" in sandbox.run("help(search_items)").text
        )
        assert "ImportError" in sandbox.run("import os").text
