"""`McpServers`: the MCP servers of one run, started on first use, reused, stopped at the end.

    with McpServers() as servers:
        host_functions = servers.host_functions(registry.mcp_tools())
        ...  # pass host_functions to the sandbox; each call starts its server if needed

Every wait has a deadline: a server gets `start_timeout` to start, each call the timeout of its
server's description, and closing is bounded too, so a server that hangs costs time, never the
run. The SDK (a second to import) is imported only when a server is first contacted, and the
event loop the connections live on (the agent, the sandbox and the CLI are synchronous, the SDK
async) starts on the first call, so a run that never calls an MCP tool never starts a thread.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Mapping
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, TypeVar

from react_repl.hookspecs import hookimpl
from react_repl.mcp._config import McpConfigError, McpServerConfig
from react_repl.mcp._tools import McpTool, ToolShape
from react_repl.sandbox import McpServerError, McpTimeoutError

if TYPE_CHECKING:
    from react_repl.mcp._connection import Connection

T = TypeVar("T")
DEFAULT_START_TIMEOUT = 60.0
"""Generous: `uvx` and `npx` may install the server on its first start."""
_MARGIN = 5.0  # beyond the inner deadlines: a stopped start still has to shut its server down
_CLOSE_TIMEOUT = 20.0


class McpServers(AbstractContextManager["McpServers"]):
    """Connections to MCP servers; thread-safe, and usable again only until `close()`."""

    def __init__(
        self,
        servers: Iterable[McpServerConfig] = (),
        *,
        start_timeout: float = DEFAULT_START_TIMEOUT,
        max_message_bytes: int | None = None,
    ) -> None:
        from react_repl.mcp._transport import DEFAULT_MAX_MESSAGE_BYTES

        self.start_timeout = float(start_timeout)
        self.max_message_bytes = int(max_message_bytes or DEFAULT_MAX_MESSAGE_BYTES)
        self._configs: dict[str, McpServerConfig] = {}
        self._connections: dict[str, Connection] = {}
        self._loop: LoopThread | None = None
        self._lock = threading.Lock()
        self._closed = False
        for server in servers:
            self.add(server)

    def add(self, server: McpServerConfig) -> None:
        """Make a server known; nothing starts until one of its tools is called."""
        with self._lock:
            known = self._configs.get(server.name)
            if known is not None and known.fingerprint() != server.fingerprint():
                raise McpConfigError(
                    f"two different MCP servers are named {server.name!r}: {known.label()} "
                    f"and {server.label()}"
                )
            self._configs.setdefault(server.name, server)

    def host_functions(self, tools: Iterable[ToolShape]) -> dict[str, McpTool]:
        functions: dict[str, McpTool] = {}
        for shape in tools:
            self.add(shape.server)
            functions[shape.python_name] = McpTool(shape, self)
        return functions

    def call_tool(
        self, server: str, tool: str, arguments: dict[str, Any], timeout: float | None = None
    ) -> Any:
        from react_repl.mcp._connection import result_value

        config = self._config(server)
        limit = timeout or config.timeout
        call = self._on(config, lambda connection: connection.call(tool, arguments, limit))
        result = self._run(call, limit + 2 * _MARGIN)
        return result_value(result, tool, server)

    def list_tools(self, server: str) -> list[dict[str, Any]]:
        config = self._config(server)
        listing = self._on(config, lambda connection: connection.list_tools(config.timeout))
        return self._run(listing, self.start_timeout + config.timeout + 3 * _MARGIN)

    def running(self) -> list[str]:
        return [name for name, connection in self._connections.items() if connection.running]

    def starts(self, server: str) -> int:
        """How often `server` was started; a server that died is started again when called."""
        connection = self._connections.get(server)
        return connection.starts if connection else 0

    def close(self) -> None:
        """Stop every server (stdio: close stdin, then terminate, then kill) and the loop."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            loop, self._loop = self._loop, None
        if loop is None:
            return
        try:
            loop.run(self._close_all(), _CLOSE_TIMEOUT)
        except TimeoutError:
            pass  # the guards die with the loop thread and take their servers with them
        finally:
            loop.stop(_MARGIN)

    def __exit__(self, *_: object) -> None:
        self.close()

    def _config(self, server: str) -> McpServerConfig:
        config = self._configs.get(server)
        if config is None:
            known = ", ".join(sorted(self._configs)) or "none"
            raise McpServerError(f"no MCP server named {server!r} is configured (known: {known})")
        return config

    def _run(self, coroutine: Coroutine[Any, Any, T], timeout: float) -> T:
        with self._lock:
            if self._closed:
                coroutine.close()
                raise McpServerError("the MCP servers of this run were already stopped")
            if self._loop is None:
                self._loop = LoopThread("react-repl-mcp")
            loop = self._loop
        try:
            return loop.run(coroutine, timeout)
        except TimeoutError as error:
            if isinstance(error, McpTimeoutError):
                raise
            raise McpTimeoutError(f"the MCP call got {error}") from None

    async def _on(self, config: McpServerConfig, use: Callable[[Connection], Awaitable[T]]) -> T:
        """Runs on the loop thread only, so no two connections to one server are made."""
        from react_repl.mcp._connection import Connection

        connection = self._connections.get(config.name)
        if connection is None:
            connection = Connection(config, self.max_message_bytes, self.start_timeout)
            self._connections[config.name] = connection
        return await use(connection)

    async def _close_all(self) -> None:
        connections = list(self._connections.values())
        await asyncio.gather(*(c.close() for c in connections), return_exceptions=True)


class McpToolsPlugin:
    """Hands the tools to every run's sandbox (`host_functions` hook); the `McpServers` around
    the runs is what starts and stops their servers."""

    def __init__(self, functions: Mapping[str, Callable[..., Any]]) -> None:
        self._functions = dict(functions)

    @hookimpl
    def host_functions(self, run: Any) -> dict[str, Callable[..., Any]]:
        return dict(self._functions)


class LoopThread:
    """An asyncio event loop in a daemon thread; callers submit coroutines with a deadline."""

    def __init__(self, name: str) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_forever()

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float) -> T:
        """Wait for the coroutine; on timeout or interruption it is cancelled, then re-raised."""
        if threading.current_thread() is self._thread:
            coroutine.close()
            raise RuntimeError("an MCP call was made from the MCP event loop itself")
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        try:
            return future.result(timeout)
        except concurrent.futures.TimeoutError:
            if future.done():  # the coroutine's own TimeoutError, not our wait running out
                raise
            future.cancel()
            raise TimeoutError(f"no answer within {timeout:g} s") from None
        except BaseException:
            future.cancel()
            raise

    def stop(self, timeout: float) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)
        if not self._thread.is_alive():
            self._loop.close()
