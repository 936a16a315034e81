"""MCP tools offered to an `Agent`'s runs, through the `host_functions` hook.

    with McpServers() as servers:
        tools = McpToolsPlugin(servers.host_functions(registry.mcp_tools()))
        Agent(model, apis=registry.callables(), method_search=search, plugins=[tools]).run(task)

The `McpServers` around the run is what starts each server on its first call and stops them all
when the block ends; the plugin only hands the callables to every run's sandbox.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from react_repl.hookspecs import hookimpl


class McpToolsPlugin:
    def __init__(self, functions: Mapping[str, Callable[..., Any]]) -> None:
        self._functions = dict(functions)

    @hookimpl
    def host_functions(self, run: Any) -> dict[str, Callable[..., Any]]:
        return dict(self._functions)
