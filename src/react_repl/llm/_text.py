"""Text rules shared by the client and the scripted server, so both cut and count alike."""

from __future__ import annotations

from collections.abc import Iterable


def estimate_tokens(text: str) -> int:
    """Rough token count (about four characters per token) for servers that omit `usage`."""
    return (len(text) + 3) // 4


def cut_at_stop(text: str, stops: Iterable[str]) -> tuple[str, bool]:
    """Cut `text` before the earliest stop string; True when one was found.

    Servers disagree on stop handling (limits on how many, case, whether the match may span
    tokens), so the client applies it again to make the contract hold whatever the server did.
    """
    cut = min((i for i in (text.find(s) for s in stops if s) if i >= 0), default=-1)
    return (text[:cut], True) if cut >= 0 else (text, False)
