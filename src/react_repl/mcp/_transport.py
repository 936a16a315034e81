"""The SDK transport for one server, with every channel bounded.

stdio: the server runs under `_guard.py`, which caps the length of a message line and keeps a
tail of its stderr for error messages. Its environment is the SDK's safe default plus exactly
what the server's description gives (never `os.environ`).

Streamable HTTP: a JSON response is read through a transport that stops at `max_bytes`; an event
stream may run long, so the SDK caps each of its events at the same size instead.

Both write their account of a stop to `errlog` (the guard's stderr, or our own note), where the
connection reads why a server stopped working.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import httpx2
from mcp import StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from react_repl.mcp._config import McpServerConfig

GUARD_SCRIPT = str(Path(__file__).with_name("_guard.py"))
DEFAULT_MAX_MESSAGE_BYTES = 8 * 1024 * 1024
_HTTP_TIMEOUT = httpx2.Timeout(30.0, read=300.0)


class ResponseTooLarge(Exception):
    """An HTTP response body outgrew the limit for one message."""


def stdio_parameters(server: McpServerConfig, max_bytes: int) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-I", GUARD_SCRIPT, str(max_bytes), "--", str(server.command), *server.args],
        env=server.process_environment(),
        cwd=server.cwd,
    )


@asynccontextmanager
async def open_transport(
    server: McpServerConfig, max_bytes: int, errlog: TextIO
) -> AsyncIterator[Any]:
    if server.url is None:
        async with stdio_client(stdio_parameters(server, max_bytes), errlog=errlog) as streams:
            yield streams
        return
    async with AsyncExitStack() as stack:
        http = await stack.enter_async_context(
            httpx2.AsyncClient(
                headers=dict(server.headers),
                timeout=_HTTP_TIMEOUT,
                transport=_BoundedTransport(httpx2.AsyncHTTPTransport(), max_bytes, errlog),
            )
        )
        streams = await stack.enter_async_context(
            streamable_http_client(server.url, http_client=http, max_sse_event_size=max_bytes)
        )
        yield streams


@dataclass(eq=False)
class _BoundedTransport(httpx2.AsyncBaseTransport):
    _inner: httpx2.AsyncBaseTransport
    _max_bytes: int
    _errlog: TextIO

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        response = await self._inner.handle_async_request(request)
        stream = response.stream
        events = response.headers.get("content-type", "").startswith("text/event-stream")
        if isinstance(stream, httpx2.AsyncByteStream) and not events:
            response.stream = _BoundedStream(stream, self._max_bytes, self._errlog)
        return response

    async def aclose(self) -> None:
        await self._inner.aclose()


@dataclass(eq=False)
class _BoundedStream(httpx2.AsyncByteStream):
    _inner: httpx2.AsyncByteStream
    _max_bytes: int
    _errlog: TextIO

    async def __aiter__(self) -> AsyncIterator[bytes]:
        received = 0
        async for chunk in self._inner:
            received += len(chunk)
            if received > self._max_bytes:
                account = f"the server sent a response longer than {self._max_bytes} bytes"
                self._errlog.write(account + "; it was not read\n")
                raise ResponseTooLarge(account)
            yield chunk

    async def aclose(self) -> None:
        await self._inner.aclose()
