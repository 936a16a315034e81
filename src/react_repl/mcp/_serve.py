"""`react-repl mcp serve`: the sandboxed REPL and method_search as tools of an MCP server.

Any MCP client (a desktop assistant, an IDE, another agent) gets the same guarded world the
agent has: `run_python(code, session)` runs in a persistent, restricted namespace (imports
blocked, only the registered APIs in scope, the same time and memory limits), and
`method_search(query)` finds the API functions to call there, MCP servers' tools included.

Sessions: over stdio one process serves one client, so a call without `session` uses that
client's namespace. Over streamable HTTP requests carry no identity (MCP 2026-07-28 is
stateless), so a call without `session` starts a new namespace and says its handle; passing the
handle back continues it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Annotated, Literal

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from react_repl.mcp._sessions import SessionStore, UnknownSession
from react_repl.sandbox import Sandbox, SandboxError

Transport = Literal["stdio", "http"]
_INSTRUCTIONS = (
    "A sandboxed Python REPL with semantic search over API functions. Call method_search with a "
    "description of what you need, then call the functions it lists from run_python. Variables "
    "persist between run_python calls of one session; imports are not available."
)
_CODE = Field(description="Python statements to run; print() what you want to see.")
_SESSION = Field(
    description=(
        "The session handle a previous run_python call reported. Leave empty to use this "
        "connection's namespace (stdio) or to start a new session (HTTP)."
    )
)
_QUERY = Field(description='What you need, in plain words, e.g. "current time in a time zone".')
_K = Field(description="How many functions to list (1 to 10).", ge=1, le=10)


def build_server(
    store: SessionStore,
    method_search: Callable[..., str],
    transport: Transport,
    name: str = "react-repl",
) -> MCPServer:
    """An `MCPServer` whose two tools run on `store`'s sandboxes and the given search."""
    app = MCPServer(name, instructions=_INSTRUCTIONS, log_level="WARNING")
    per_connection = transport == "stdio"
    search_lock = threading.Lock()

    @app.tool(
        structured_output=False,
        annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, openWorldHint=True),
    )
    async def run_python(
        code: Annotated[str, _CODE], session: Annotated[str, _SESSION] = ""
    ) -> str:
        """Run Python in a sandboxed, persistent namespace and return what it printed.

        Variables, functions and classes stay defined for later calls of the same session.
        Imports are blocked: the API functions (find them with method_search) and datetime,
        math, json and re are already there. The value of a last bare expression is shown;
        an error comes back with its traceback.
        """
        return await anyio.to_thread.run_sync(_run, store, code, session, per_connection)

    @app.tool(
        name="method_search",
        structured_output=False,
        annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False),
    )
    async def search_apis(query: Annotated[str, _QUERY], k: Annotated[int, _K] = 5) -> str:
        """Find the API functions run_python can call for a task: signature and summary each."""

        def search() -> str:
            with search_lock:  # one query at a time through the shared index and encoder
                return method_search(query, k=k)

        return await anyio.to_thread.run_sync(search)

    return app


def serve(
    make_sandbox: Callable[[], Sandbox],
    method_search: Callable[..., str],
    transport: Transport = "stdio",
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
    max_sessions: int = 8,
) -> None:
    """Serve until the client disconnects (stdio) or the process is interrupted (HTTP)."""
    store = SessionStore(make_sandbox, max_sessions)
    app = build_server(store, method_search, transport)
    try:
        if transport == "stdio":
            anyio.run(app.run_stdio_async)
        else:
            anyio.run(lambda: app.run_streamable_http_async(host=host, port=port))
    finally:
        store.close()


def _run(store: SessionStore, code: str, session: str, per_connection: bool) -> str:
    note = ""
    try:
        if session:
            sandbox = store.get(session)
        elif per_connection:
            sandbox = store.default()
        else:
            session, sandbox = store.new()
            note = f'[new session {session}: pass session="{session}" to keep these variables]\n'
    except (UnknownSession, SandboxError) as error:
        raise ToolError(str(error)) from None
    observation = sandbox.run(code)
    text = note + observation.text
    if not observation.ok:
        raise ToolError(text)
    return text
