"""MCP: any MCP server's tools as searchable APIs, and react-repl's REPL served over MCP.

A server is declared in the config file (`[mcp.servers.NAME]`) or added with
`react-repl apis add mcp:...`. Its tools become `ApiSpec`s (signature from the input schema,
docstring from the descriptions) that the index embeds like any API, and callables that run in
the agent's process (host functions) through `McpServers`, which starts each server on the first
call of one of its tools and stops them all at the end of the run.

`react-repl mcp serve` is the other direction, code mode for any MCP host: `method_search` over
the registered APIs and `run_python` in a sandboxed, persistent namespace per session, with
side-effecting code approved by the host's user (see _serve.py).

The official `mcp` SDK does all protocol work; it is imported only when a server is contacted.
"""

from react_repl.mcp._config import (
    DEFAULT_CALL_TIMEOUT,
    McpConfigError,
    McpServerConfig,
    is_mcp_source,
    parse_source,
    servers_from_config,
)
from react_repl.mcp._discovery import McpDiscovery, ServerApis, server_apis
from react_repl.mcp._servers import McpServers, McpToolsPlugin
from react_repl.mcp._tools import McpImage, McpTool, ToolShape, tool_shape
from react_repl.sandbox import McpError, McpServerError, McpTimeoutError, McpToolError

__all__ = [
    "DEFAULT_CALL_TIMEOUT",
    "McpConfigError",
    "McpDiscovery",
    "McpError",
    "McpImage",
    "McpServerConfig",
    "McpServerError",
    "McpServers",
    "McpTimeoutError",
    "McpTool",
    "McpToolError",
    "McpToolsPlugin",
    "ServerApis",
    "ToolShape",
    "is_mcp_source",
    "parse_source",
    "server_apis",
    "servers_from_config",
    "tool_shape",
]
