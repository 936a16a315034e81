"""The tool listings of MCP servers, kept next to the index in `mcp_tools.json`.

Listing a server's tools means starting it. Keeping the listing lets a run build its registry
and index without starting any server: a server starts only when an action first calls one of
its tools. `react-repl index build` lists again, so a changed tool list reaches the index.

The file is a cache: a listing whose server description changed (another command, URL, prefix
or set of variables) is ignored, and a file that cannot be read only means listing again.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from react_repl.mcp._config import McpServerConfig
from react_repl.registry._sources import write_json_atomically

SNAPSHOT_FILE = "mcp_tools.json"


def load_listing(index_dir: Path, server: McpServerConfig) -> list[dict[str, Any]] | None:
    """The stored listing of `server` as it is configured now; None when there is none."""
    entry = _read(index_dir).get(server.name)
    if not isinstance(entry, Mapping) or entry.get("fingerprint") != server.fingerprint():
        return None
    tools = entry.get("tools")
    if not isinstance(tools, list) or not all(isinstance(tool, dict) for tool in tools):
        return None
    return tools


def listed_at(index_dir: Path, server: McpServerConfig) -> str | None:
    entry = _read(index_dir).get(server.name)
    return entry.get("listed_at") if isinstance(entry, Mapping) else None


def save_listing(
    index_dir: Path, server: McpServerConfig, tools: Sequence[Mapping[str, Any]]
) -> None:
    servers = _read(index_dir)
    servers[server.name] = {
        "fingerprint": server.fingerprint(),
        "listed_at": time.strftime("%Y-%m-%d %H:%M:%S"),
        "tools": list(tools),
    }
    write_json_atomically(Path(index_dir) / SNAPSHOT_FILE, {"servers": servers})


def _read(index_dir: Path) -> dict[str, Any]:
    try:
        data = json.loads((Path(index_dir) / SNAPSHOT_FILE).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return {}
    servers = data.get("servers") if isinstance(data, dict) else None
    return dict(servers) if isinstance(servers, dict) else {}
