"""Helpers shared by the MCP tests: how to start the servers they talk to.

No test reaches the network: stdio servers are child processes, the HTTP server listens on
127.0.0.1.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from react_repl.mcp import McpServerConfig

TOOLBOX = Path(__file__).with_name("toolbox_server.py").resolve()
REPOSITORY = Path(__file__).resolve().parents[2]
PLANTED_SECRET = "planted-mcp-secret-7f3a"


def toolbox_config(name: str = "toolbox", **values: object) -> McpServerConfig:
    """The toolbox server over stdio, with any other field of its description."""
    return McpServerConfig(name=name, command=sys.executable, args=(str(TOOLBOX),), **values)


def time_config(name: str = "time", **values: object) -> McpServerConfig:
    """The published mcp-server-time package, run by this interpreter."""
    return McpServerConfig(
        name=name, command=sys.executable, args=("-m", "mcp_server_time"), **values
    )


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listens on port {port} after {timeout} s")


def react_repl(
    *args: str, home: Path, env: dict[str, str] | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """The installed `react-repl`, run in the project folder `home` (where its config is)."""
    env = os.environ | {"REACT_REPL_HOME": str(home), "HF_HUB_OFFLINE": "1"} | (env or {})
    env.pop("REACT_REPL_INDEX", None)
    return subprocess.run(
        [str(Path(sys.executable).with_name("react-repl")), *args],
        cwd=home,
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
    )
