"""`react-repl mcp serve`: code mode for any MCP host, in front of every registered API.

The host sees two tools whatever stands behind them (Python API folders, MCP servers of a
thousand tools): `method_search` finds the functions for a task, `run_python` runs code that
calls and chains them in a sandboxed, persistent namespace (imports blocked, only the registered
APIs in scope, the same time, memory and call limits as the agent's). The underlying tools are
never listed, so the host's context holds two schemas instead of every tool's.

People stay in charge of what a served REPL does: code that has side effects waits for the
host's user. The policy is `run --approve`'s (`Approver`: side-effecting APIs and MCP tools
without `readOnlyHint`, every call, or rules over the code); the question goes to the host's
user by MCP elicitation. A host that cannot ask (it declared no elicitation capability) gets a
refusal that says so, never a silent run. The check reads the code before it runs, so a
side-effecting MCP tool reached some other way (an alias, a lookup) is refused when called: only
code the person saw may call one.

Sessions: over stdio one process serves one client, so a call without `session` uses that
client's namespace. Over streamable HTTP requests carry no identity (MCP 2026-07-28 is
stateless), so a call without `session` starts a new namespace and says its handle; passing the
handle back continues it, from any connection.

No `from __future__ import annotations` here: the SDK reads the tools' annotations, and the
approval resolver they name is local to `build_server`.
"""

import functools
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Annotated, Any, Literal

import anyio
from mcp.server.mcpserver import (
    AcceptedElicitation,
    Context,
    Elicit,
    ElicitationResult,
    MCPServer,
    Resolve,
)
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from react_repl.context import ApiDoc
from react_repl.mcp._sessions import Session, SessionStore, UnknownSession
from react_repl.sandbox import SandboxError
from react_repl.techniques import Approver

Transport = Literal["stdio", "http"]
_INSTRUCTIONS = (
    "Code mode over many APIs: a sandboxed Python REPL and a search over the functions it can "
    "call. First call method_search with what you need in plain words; it lists matching "
    "functions (signature and summary), MCP tools of other servers included. Then call "
    "run_python with code that calls what you found, chains the results in Python (loops, "
    "filters, arithmetic) and print()s only what you need to see: one run_python call can do "
    "what would take many tool calls. Variables persist between run_python calls of one "
    "session; imports are not available. Code that calls a function with side effects waits "
    "for the user's approval."
)
_CODE = Field(
    description="Python statements that call functions found by method_search; print() results."
)
_SESSION = Field(
    description=(
        "The session handle a previous run_python call reported. Leave empty to use this "
        "connection's namespace (stdio) or to start a new session (HTTP)."
    )
)
_QUERY = Field(description='What you need, in plain words, e.g. "current time in a time zone".')
_K = Field(description="How many functions to list (1 to 10).", ge=1, le=10)
_NO_ELICITATION = (
    "held for approval and refused: this code {why}, and this MCP host cannot ask its user "
    "(it declared no elicitation capability). Run it from a host that supports elicitation, "
    "or without the side-effecting call."
)
_MAX_SHOWN_CODE = 4000


class Approval(BaseModel):
    """What the host's user answers."""

    approve: bool = Field(description="Run this code?")


class ApprovalGate:
    """The approval policy of one served REPL and the guard on its side-effecting MCP tools."""

    def __init__(self, approver: Approver | None, docs: Mapping[str, ApiDoc]) -> None:
        self._approver = approver
        self._docs = docs
        self._approved = threading.local()

    def reasons(self, code: str) -> tuple[str, ...]:
        """Why `code` needs the user's approval; empty when it may run unasked."""
        return () if self._approver is None else self._approver.reasons_in(code, self._docs)

    def question(self, code: str, reasons: tuple[str, ...]) -> str:
        shown = code if len(code) <= _MAX_SHOWN_CODE else code[:_MAX_SHOWN_CODE] + "\n…"
        why = "\n".join(f"- {reason}" for reason in reasons)
        return f"The model wants to run this Python code:\n\n{shown}\n\nWhy you are asked:\n{why}"

    @contextmanager
    def running(self, approved: bool) -> Iterator[None]:
        """While code runs in this thread: whether the user approved it (host functions run in
        the thread that runs the code, see Sandbox.run)."""
        self._approved.value = approved
        try:
            yield
        finally:
            self._approved.value = False

    def guarded(
        self, host_functions: Mapping[str, Callable[..., Any]]
    ) -> dict[str, Callable[..., Any]]:
        """The host functions, side-effecting ones refusing to run in code nobody approved."""
        if self._approver is None:
            return dict(host_functions)
        return {
            name: self._guard(name, function) if self.side_effects(name) else function
            for name, function in host_functions.items()
        }

    def side_effects(self, name: str) -> bool:
        doc = self._docs.get(name)
        return doc is not None and doc.side_effects

    def _guard(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            if not getattr(self._approved, "value", False):
                raise PermissionError(
                    f"{name}() has side effects and was not approved: call it by its name in "
                    "the code, so that the host's user is asked before the code runs"
                )
            return function(*args, **kwargs)

        return guarded


def build_server(
    store: SessionStore,
    method_search: Callable[..., str],
    transport: Transport,
    gate: ApprovalGate,
    name: str = "react-repl",
) -> MCPServer:
    app = MCPServer(name, instructions=_INSTRUCTIONS, log_level="WARNING")
    per_connection = transport == "stdio"
    search_lock = threading.Lock()

    async def ask_user(code: str, ctx: Context) -> Approval | Elicit[Approval]:
        reasons = gate.reasons(code)
        if not reasons:
            return Approval(approve=True)
        capabilities = ctx.client_capabilities
        if capabilities is None or capabilities.elicitation is None:
            raise ToolError(_NO_ELICITATION.format(why="; ".join(reasons)))
        return Elicit(gate.question(code, reasons), Approval)

    @app.tool(
        structured_output=False,
        annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, openWorldHint=True),
    )
    async def run_python(
        code: Annotated[str, _CODE],
        approval: Annotated[ElicitationResult[Approval], Resolve(ask_user)],
        session: Annotated[str, _SESSION] = "",
    ) -> str:
        """Step 2: run Python that calls the functions method_search found; returns what it printed.

        Chain several calls in one piece of code and print only what you need. Variables,
        functions and classes stay defined for later calls of the same session. Imports are
        blocked: the API functions, method_search() and datetime, math, json and re are already
        there; help(function) shows one's full documentation. The value of a last bare
        expression is shown; an error comes back with its traceback. Code calling a function with
        side effects waits for the user's approval.
        """
        asked = bool(gate.reasons(code))
        if asked and not (isinstance(approval, AcceptedElicitation) and approval.data.approve):
            raise ToolError("not run: the user did not approve this code")
        review = "approved by the host's user" if asked else ""
        return await anyio.to_thread.run_sync(
            _run, store, gate, code, session, per_connection, review
        )

    @app.tool(
        name="method_search",
        structured_output=False,
        annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False),
    )
    async def search_apis(query: Annotated[str, _QUERY], k: Annotated[int, _K] = 5) -> str:
        """Step 1: find the functions run_python can call for a task, each with its signature
        and summary. Search again with other words when nothing fits."""

        def search() -> str:
            with search_lock:  # one query at a time through the shared index and encoder
                return method_search(query, k=k)

        return await anyio.to_thread.run_sync(search)

    return app


def serve(
    store: SessionStore,
    method_search: Callable[..., str],
    gate: ApprovalGate,
    transport: Transport = "stdio",
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
) -> None:
    """Serve until the client disconnects (stdio) or the process is interrupted (HTTP)."""
    app = build_server(store, method_search, transport, gate)

    async def main() -> None:
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(_expire_idle, store)
            if transport == "stdio":
                await app.run_stdio_async()
            else:
                await app.run_streamable_http_async(host=host, port=port)
            tasks.cancel_scope.cancel()

    try:
        anyio.run(main)
    finally:
        store.close()


async def _expire_idle(store: SessionStore) -> None:
    while True:
        await anyio.sleep(min(60.0, max(store.idle_seconds / 4, 0.5)))
        await anyio.to_thread.run_sync(store.expire_idle)


def _run(
    store: SessionStore,
    gate: ApprovalGate,
    code: str,
    handle: str,
    per_connection: bool,
    review: str,
) -> str:
    note = ""
    try:
        session: Session
        if handle:
            session = store.get(handle)
        elif per_connection:
            session = store.default()
        else:
            handle, session = store.new()
            note = f'[new session {handle}: pass session="{handle}" to keep these variables]\n'
    except (UnknownSession, SandboxError) as error:
        raise ToolError(str(error)) from None
    with gate.running(approved=bool(review)):
        observation = session.sandbox.run(code)
    session.record(store.logs_dir, code, observation, review)
    text = note + observation.text
    if not observation.ok:
        raise ToolError(text)
    return text
