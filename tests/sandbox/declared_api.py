"""APIs that declare their side effects and call budgets, both ways the sandbox reads."""

from __future__ import annotations

from react_repl.registry import api

__react_repl__ = {"post_note": {"side_effects": True, "max_calls_per_action": 2}}

SENT: list[str] = []


@api(side_effects=True, max_calls_per_run=3)
def send_note(text: str) -> str:
    """Sends a note (pretend); declared with the decorator."""
    SENT.append(text)
    return f"sent {text}"


def post_note(text: str) -> str:
    """Posts a note (pretend); declared at module level."""
    return f"posted {text}"


def count(n: int) -> int:
    """A trivial API with no declaration: the defaults apply."""
    return n
