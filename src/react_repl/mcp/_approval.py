"""People stay in charge of what a served REPL does: `run_python` code that has side effects waits
for the host's user.

The policy is `run --approve`'s (`Approver`: side-effecting APIs and MCP tools without
`readOnlyHint`, every call, or rules over the code); the question goes to the host's user by MCP
elicitation. A host that cannot ask (it declared no elicitation capability) gets a refusal that
says so, never a silent run. The check reads the code before it runs, so a side-effecting MCP
tool reached some other way (an alias, a lookup) is refused when called: only code the person
saw may call one.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from pydantic import BaseModel, Field

from react_repl.context import ApiDoc
from react_repl.techniques import Approver

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
