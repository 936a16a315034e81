"""What can go wrong with an MCP server, as exceptions a model or a person can act on.

The runtime errors are defined by the sandbox (see react_repl.sandbox._host) so that an action
catches them by name, `except McpTimeoutError:`; each message names the tool, the server and
what to do next.
"""

from __future__ import annotations

from react_repl.sandbox import McpError, McpServerError, McpTimeoutError, McpToolError

__all__ = ["McpConfigError", "McpError", "McpServerError", "McpTimeoutError", "McpToolError"]


class McpConfigError(McpError, ValueError):
    """An `[mcp.servers.NAME]` table or an `mcp:` source that cannot describe a server."""
