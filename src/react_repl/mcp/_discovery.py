"""An MCP server as a source of APIs for the registry: its tools as `ApiSpec`s.

The tools come from the listing kept next to the index (`mcp_tools.json`) when there is one, so
that building the registry for a run starts no server; otherwise (and always when `refresh` is
asked, as `react-repl index build` does) the server is started, listed and stopped. A server
that cannot be listed is a registration problem, like a module that fails to import, and its
last good listing is kept in use. The file is a cache: a listing whose server description
changed (another command, URL, prefix or set of variables) is ignored, and a file that cannot be
read only means listing again.

Tool names are short and common (`search`, `get_current_time`), so a tool whose name is already
taken by another API is registered under its server's name (`time_get_current_time`) rather
than dropped; a `prefix` in the server's table names all its tools that way.
"""

from __future__ import annotations

import json
import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from react_repl.mcp._config import McpServerConfig, parse_source
from react_repl.mcp._json_schema import python_identifier
from react_repl.mcp._servers import McpServers
from react_repl.mcp._tools import ToolShape, listing_hash, tool_shapes
from react_repl.registry import ApiSpec, RegistrationProblem
from react_repl.registry._sources import write_json_atomically
from react_repl.sandbox import McpError

SNAPSHOT_FILE = "mcp_tools.json"


@dataclass
class ServerApis:
    specs: list[tuple[ApiSpec, ToolShape]] = field(default_factory=list)
    problems: list[RegistrationProblem] = field(default_factory=list)


class McpDiscovery:
    """What the registry asks of MCP (`ApiRegistry.discover(mcp=...)`): the server an `mcp:`
    source names, and a server's tools as specs, from the listing kept in `cache_dir` unless
    `refresh` asks the server again."""

    def __init__(self, cache_dir: Path | None = None, *, refresh: bool = False) -> None:
        self.cache_dir = cache_dir
        self.refresh = refresh

    def parse(self, source: str, origin: str) -> McpServerConfig:
        return parse_source(source, origin)

    def apis(self, server: McpServerConfig, taken: Collection[str]) -> ServerApis:
        return server_apis(server, self.cache_dir, refresh=self.refresh, taken=taken)


def server_apis(
    server: McpServerConfig,
    cache_dir: Path | None = None,
    *,
    refresh: bool = False,
    taken: Collection[str] = (),
) -> ServerApis:
    """Specs for the server's tools; names in `taken` are avoided (see the module docstring)."""
    found = ServerApis()
    tools = _tools(server, cache_dir, refresh, found.problems)
    if tools is None:
        return found
    module_hash = listing_hash(tools)
    for shape in tool_shapes(server, tools):
        if shape.python_name in taken:
            renamed = f"{python_identifier(server.name, 'server')}_{shape.python_name}"
            message = (
                f"the name {shape.python_name!r} of tool {shape.tool_name!r} is already taken; "
                f"registered as {renamed!r}"
            )
            found.problems.append(_problem(server, message, skipped=False))
            shape = replace(shape, python_name=renamed)
        found.specs.append((shape.spec(module_hash), shape))
    if tools and not found.specs:
        found.problems.append(_problem(server, "its tool listing holds no usable tool"))
    return found


def _tools(
    server: McpServerConfig,
    cache_dir: Path | None,
    refresh: bool,
    problems: list[RegistrationProblem],
) -> list[dict[str, Any]] | None:
    stored = _stored(cache_dir, server) if cache_dir is not None else {}
    cached = stored.get("tools")
    if cached is not None and not refresh:
        return cached
    try:
        with McpServers([server]) as servers:
            tools = servers.list_tools(server.name)
    except McpError as error:
        listed = stored.get("listed_at") if cached else None
        kept = f"; using its tools as listed on {listed}" if listed else ""
        problems.append(_problem(server, f"cannot list its tools: {error}{kept}"))
        return cached
    if cache_dir is not None:
        try:
            save_listing(cache_dir, server, tools)
        except OSError as error:
            problems.append(_problem(server, f"cannot keep its tool listing: {error}"))
    return tools


def _problem(server: McpServerConfig, message: str, *, skipped: bool = True) -> RegistrationProblem:
    source = server.origin or f"mcp:{server.name}"
    return RegistrationProblem(source, None, f"MCP server {server.name!r}: {message}", skipped)


def _stored(index_dir: Path, server: McpServerConfig) -> dict[str, Any]:
    """The server's entry as it is configured now; {} when there is none (or a damaged one)."""
    entry = _read(index_dir).get(server.name)
    if not isinstance(entry, dict) or entry.get("fingerprint") != server.fingerprint():
        return {}
    tools = entry.get("tools")
    valid = isinstance(tools, list) and all(isinstance(tool, dict) for tool in tools)
    return entry if valid else {}


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
