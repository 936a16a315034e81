"""What can go wrong with an MCP server, as exceptions a model or a person can act on.

Inside an action they arrive as `RuntimeError: McpToolError: ...` (the sandbox rebuilds foreign
exception types by name), so each message names the tool, the server and what to do next.
"""

from __future__ import annotations


class McpError(Exception):
    """Base of every MCP failure raised by react-repl."""


class McpConfigError(McpError, ValueError):
    """An `[mcp.servers.NAME]` table or an `mcp:` source that cannot describe a server."""


class McpServerError(McpError, ConnectionError):
    """The server could not be started or reached, broke the protocol, or stopped."""


class McpToolError(McpError):
    """The tool ran and reported a failure (the result's `isError`)."""


class McpTimeoutError(McpError, TimeoutError):
    """A server did not start, or a tool did not answer, within its time limit."""
