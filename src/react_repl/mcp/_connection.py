"""One live connection to one MCP server, on the event loop of `McpServers`.

The SDK's `Client` must be entered and left by the same task (anyio cancel scopes), so one
owner task holds it open until it is told to stop; calls run as their own tasks on the same
session. A connection that breaks (the process died, the HTTP server went away) is taken down
completely and its reason kept, so the next call starts the server afresh.

A tool's result becomes the value an action receives: structured content (the tool declared an
output schema) as plain JSON values; otherwise each content block as a value (text as `str`, an
image as an `McpImage`, which the sandbox hands to the action as an opaque handle the image APIs
accept, a resource as its text or image), one block as itself, several as a list, none as None.
A result flagged `isError` raises `McpToolError` with the tool's own message.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import tempfile
from typing import Any

from mcp import Client, MCPError
from mcp.types import (
    CONNECTION_CLOSED,
    METHOD_NOT_FOUND,
    REQUEST_TIMEOUT,
    AudioContent,
    BlobResourceContents,
    CallToolResult,
    EmbeddedResource,
    ImageContent,
    Implementation,
    ResourceLink,
    TextContent,
    TextResourceContents,
)

from react_repl.mcp._config import McpServerConfig
from react_repl.mcp._json_schema import clean_text
from react_repl.mcp._tools import McpImage
from react_repl.mcp._transport import open_transport
from react_repl.sandbox import McpServerError, McpTimeoutError, McpToolError

MAX_TOOLS = 5_000
MAX_ERROR_CHARS = 2_000
_MAX_PAGES = 100
_STOP_GRACE = 10.0  # the SDK's own stdio shutdown waits at most ~6 s before killing
_MAX_LAST_WORDS = 4_000  # the guard writes one account of at most ~2 KB per server process
_MIN_CALL_SECONDS = 1.0  # what a call gets even when starting its server used its time up
_CLIENT = Implementation(name="react-repl", version="0.1.0")


class Connection:
    """Started on demand (`ensure_started`), stopped by `close`; safe for concurrent calls."""

    def __init__(self, server: McpServerConfig, max_bytes: int, start_timeout: float) -> None:
        self.server = server
        self._max_bytes = max_bytes
        self._start_timeout = start_timeout
        self._client: Client | None = None
        self._owner: asyncio.Task[None] | None = None
        self._starting: asyncio.Task[Client] | None = None
        self._stop = asyncio.Event()
        self._lock = asyncio.Lock()
        # Lives as long as the connection (closed in close()): the guard writes why a server ended.
        self._errlog = tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace")  # noqa: SIM115
        self.starts = 0

    @property
    def running(self) -> bool:
        return self._client is not None

    async def ensure_started(self, wait: float | None = None) -> Client:
        """The live client, starting the server if needed; waits at most `wait` seconds, or
        (None) until the start succeeds or fails, which its own timeout bounds.

        A start outlives an impatient caller: it goes on in the background up to the start
        timeout, so a server that installs itself on first use (uvx, npx) is ready for a later
        call instead of being killed and started afresh by every call.
        """
        async with self._lock:
            if self._client is not None:
                return self._client
            if self._starting is None:
                self.starts += 1
                self._starting = asyncio.create_task(self._start())
                self._starting.add_done_callback(_observed)
            starting = self._starting
        if wait is None:
            return await asyncio.shield(starting)
        try:
            return await asyncio.wait_for(asyncio.shield(starting), wait)
        except TimeoutError:
            raise McpTimeoutError(
                f"MCP server {self.server.name!r} ({self.server.label()}) is still starting "
                f"after {wait:g} s; it goes on starting in the background (for up to "
                f"{self._start_timeout:g} s): call again shortly"
            ) from None

    async def _start(self) -> Client:
        try:
            await self._shut_owner()
            self._stop = asyncio.Event()
            ready: asyncio.Future[Client] = asyncio.get_running_loop().create_future()
            self._owner = asyncio.create_task(self._own(ready), name=f"mcp:{self.server.name}")
            try:
                return await asyncio.wait_for(asyncio.shield(ready), self._start_timeout)
            except TimeoutError:
                ready.cancel()  # the owner's later failure has no one to tell
                await self._shut_owner()
                words = self._last_words()  # a sentence of its own, also on a flattened line
                raise McpTimeoutError(
                    f"MCP server {self.server.name!r} ({self.server.label()}) did not start "
                    f"within {self._start_timeout:g} s" + (f".\n{words}" if words else "")
                ) from None
            except McpServerError:
                await self._shut_owner()
                raise
        finally:
            self._starting = None

    async def _own(self, ready: asyncio.Future[Client]) -> None:
        try:
            transport = open_transport(self.server, self._max_bytes, self._errlog)
            async with Client(transport, client_info=_CLIENT, cache=None) as client:
                self._client = client
                ready.set_result(client)
                await self._stop.wait()
        except BaseException as error:  # the reason travels to the caller, never a traceback
            if not ready.done():
                ready.set_exception(self._failure("could not be started", error))
            if isinstance(error, asyncio.CancelledError):
                raise
        finally:
            self._client = None

    async def call(self, tool: str, arguments: dict[str, Any], timeout: float) -> CallToolResult:
        """`timeout` covers the whole call, a start included, so one call stays within it."""
        deadline = asyncio.get_running_loop().time() + timeout
        client = await self.ensure_started(timeout)
        remaining = max(deadline - asyncio.get_running_loop().time(), _MIN_CALL_SECONDS)
        try:
            return await client.call_tool(tool, arguments, read_timeout_seconds=remaining)
        except MCPError as error:
            if error.code == REQUEST_TIMEOUT:
                raise McpTimeoutError(
                    f"{tool} (MCP server {self.server.name!r}) did not answer within {timeout:g} s"
                ) from None
            if error.code == CONNECTION_CLOSED:
                raise await self._broken(error) from None
            raise McpToolError(
                f"{tool} (MCP server {self.server.name!r}) was refused: {error}"
            ) from None
        except Exception as error:  # a transport failure: the connection cannot be trusted
            raise await self._broken(error) from None

    async def list_tools(self, timeout: float) -> list[dict[str, Any]]:
        """Every page of the listing, as plain JSON dicts (what the snapshot stores)."""
        client = await self.ensure_started()
        tools: list[dict[str, Any]] = []
        cursor: str | None = None
        try:
            for _ in range(_MAX_PAGES):
                page = await asyncio.wait_for(
                    client.list_tools(cursor=cursor, cache_mode="bypass"), timeout
                )
                tools += [
                    t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in page.tools
                ]
                cursor = page.next_cursor
                if cursor is None or len(tools) >= MAX_TOOLS:
                    break
        except TimeoutError:
            raise McpTimeoutError(
                f"MCP server {self.server.name!r} did not list its tools within {timeout:g} s"
            ) from None
        except MCPError as error:
            if error.code == METHOD_NOT_FOUND:  # a server that offers no tools at all
                return []
            raise await self._broken(error) from None
        return tools[:MAX_TOOLS]

    async def close(self) -> None:
        async with self._lock:
            if self._starting is not None:
                self._starting.cancel()
            await self._shut_owner()
        self._errlog.close()

    async def _broken(self, error: BaseException) -> McpServerError:
        async with self._lock:
            await self._shut_owner()
        return self._failure("stopped working", error)

    async def _shut_owner(self) -> None:
        owner, self._owner = self._owner, None
        if owner is None:
            return
        self._stop.set()
        if self._client is None:
            owner.cancel()
        try:
            await asyncio.wait_for(asyncio.shield(owner), _STOP_GRACE)
        except TimeoutError:
            owner.cancel()
            with contextlib.suppress(BaseException):
                await owner
        except BaseException:  # the owner's failure was already reported to its caller
            pass

    def _failure(self, what: str, error: BaseException) -> McpServerError:
        """The guard's account of how the process ended says more than "connection closed"."""
        account = self._last_words()
        return McpServerError(
            f"MCP server {self.server.name!r} ({self.server.label()}) {what}: "
            f"{account or _reason(error)}"
        )

    def _last_words(self) -> str:
        """What the transport recorded since last asked: for stdio, the guard's account of how
        the server ended (exit status, end of its stderr); for HTTP, a response that was cut."""
        with contextlib.suppress(OSError, ValueError):
            self._errlog.flush()
            self._errlog.seek(0)
            text = self._errlog.read(_MAX_LAST_WORDS).strip()
            self._errlog.seek(0)
            self._errlog.truncate()
            return text
        return ""


def _observed(task: asyncio.Task[Any]) -> None:
    """A start nobody waits for any more must not log "exception was never retrieved"."""
    if not task.cancelled():
        task.exception()


def _reason(error: BaseException) -> str:
    """The innermost meaningful message of an error, also from inside an exception group."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    if isinstance(error, asyncio.CancelledError):
        return "cancelled"
    text = str(error).strip()
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def result_value(result: CallToolResult, tool: str, server: str) -> Any:
    if result.is_error:
        texts = [block.text for block in result.content if isinstance(block, TextContent)]
        message = clean_text("\n".join(texts), MAX_ERROR_CHARS) or "no message"
        raise McpToolError(f"{tool} (MCP server {server!r}) failed: {message}")
    if result.structured_content is not None:
        return result.structured_content
    values = [_block_value(block) for block in result.content]
    if not values:
        return None
    return values[0] if len(values) == 1 else values


def _block_value(block: Any) -> Any:
    if isinstance(block, TextContent):
        return block.text
    if isinstance(block, ImageContent):
        return McpImage(_decoded(block.data), block.mime_type)
    if isinstance(block, EmbeddedResource):
        return _resource_value(block.resource)
    if isinstance(block, ResourceLink):
        fields = {"uri", "name", "mime_type", "description"}
        return block.model_dump(mode="json", include=fields, exclude_none=True)
    if isinstance(block, AudioContent):
        size = len(_decoded(block.data))
        return f"[audio {block.mime_type}, {size} bytes: actions cannot play audio]"
    return f"[{getattr(block, 'type', type(block).__name__)} content: not supported in actions]"


def _resource_value(resource: Any) -> Any:
    if isinstance(resource, TextResourceContents):
        return resource.text
    if isinstance(resource, BlobResourceContents):
        data = _decoded(resource.blob)
        mime_type = resource.mime_type or "application/octet-stream"
        if mime_type.startswith("image/"):
            return McpImage(data, mime_type)
        return f"[resource {resource.uri}: {mime_type}, {len(data)} bytes of binary data]"
    return f"[resource {getattr(resource, 'uri', '?')}: unknown kind]"


def _decoded(data: str) -> bytes:
    try:
        return base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise McpToolError("the tool returned binary data that is not valid base64") from None
