"""What MCP costs: server start, one call, a call from an action, discovery; prints a table.

Run: `python benchmarks/mcp_servers.py [--repeat 5]` (named so as not to hide the `mcp` SDK).
The server is the published mcp-server-time over stdio. "SDK alone" is the SDK's own stdio client
with no guard in between, to show what the guard process costs; everything else goes through
react-repl's code as a run would.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

from react_repl.mcp import McpServerConfig, McpServers, server_apis
from react_repl.sandbox import Sandbox

SERVER = McpServerConfig(name="time", command=sys.executable, args=("-m", "mcp_server_time"))
ARGUMENTS = {"timezone": "Asia/Tokyo"}


def _seconds(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def sdk_alone_start_and_call() -> float:
    async def scenario() -> None:
        parameters = StdioServerParameters(command=SERVER.command, args=list(SERVER.args))
        async with Client(parameters) as client:
            await client.call_tool("get_current_time", ARGUMENTS)

    return _seconds(lambda: anyio.run(scenario))


def guarded_start_and_call() -> float:
    def scenario() -> None:
        with McpServers([SERVER]) as servers:
            servers.call_tool("time", "get_current_time", ARGUMENTS)

    return _seconds(scenario)


def warm_calls(count: int) -> tuple[float, float]:
    """Median seconds of one call: directly, and from an action through the sandbox's host."""
    tools = [shape for _, shape in server_apis(SERVER).specs]
    with McpServers() as servers, Sandbox(host_functions=servers.host_functions(tools)) as sandbox:
        servers.call_tool("time", "get_current_time", ARGUMENTS)
        direct = [
            _seconds(lambda: servers.call_tool("time", "get_current_time", ARGUMENTS))
            for _ in range(count)
        ]
        action = 'get_current_time("Asia/Tokyo")'
        from_action = [_seconds(lambda: sandbox.run(action)) for _ in range(count)]
        baseline = [_seconds(lambda: sandbox.run("1 + 1")) for _ in range(count)]
    return statistics.median(direct), statistics.median(from_action) - statistics.median(baseline)


def discovery(index_dir: Path) -> tuple[float, float]:
    live = _seconds(lambda: server_apis(SERVER, index_dir, refresh=True))
    kept = _seconds(lambda: server_apis(SERVER, index_dir))
    return live, kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    repeat = options.repeat
    sdk = statistics.median(sdk_alone_start_and_call() for _ in range(repeat))
    guarded = statistics.median(guarded_start_and_call() for _ in range(repeat))
    direct, from_action = warm_calls(30)
    with tempfile.TemporaryDirectory() as folder:
        runs = [discovery(Path(folder)) for _ in range(repeat)]
    live = statistics.median(run[0] for run in runs)
    kept = statistics.median(run[1] for run in runs)
    print(f"mcp-server-time over stdio, median of {repeat} (warm calls: of 30)\n")
    print("| measure | time |")
    print("|---|---|")
    print(f"| start + 1 call + stop, SDK alone (no guard) | {sdk * 1000:.0f} ms |")
    print(f"| start + 1 call + stop, McpServers (guarded) | {guarded * 1000:.0f} ms |")
    print(f"| warm call, McpServers.call_tool | {direct * 1000:.1f} ms |")
    print(f"| warm call from an action, beyond the action itself | {from_action * 1000:.1f} ms |")
    print(f"| registry specs, listing the server | {live * 1000:.0f} ms |")
    print(f"| registry specs, kept listing | {kept * 1000:.1f} ms |")


if __name__ == "__main__":
    main()
