"""Text rules shared by the client and the scripted server, so both cut and count alike."""

from __future__ import annotations

import re
from collections.abc import Iterable

# The agent's action parser reads the same fences: a line starting (after blanks) with ``` opens
# a block, and a line holding only ``` (and blanks) closes it.
_FENCE_OPEN = re.compile(r"[ \t]*```")
_FENCE_CLOSE = re.compile(r"[ \t]*```[ \t]*\r?")


def estimate_tokens(text: str) -> int:
    """Rough token count (about four characters per token) for servers that omit `usage`."""
    return (len(text) + 3) // 4


def cut_at_stop(text: str, stops: Iterable[str]) -> tuple[str, bool]:
    """Cut `text` before the earliest stop string outside code; True when one was found.

    Stops exist so a model cannot write its own OBSERVATION, but inside a ``` block the same
    words are code (`observations = []`, `print("OBSERVATION:")`) and must survive whole.
    """
    cut = find_stop(text, stops)
    return (text[:cut], True) if cut >= 0 else (text, False)


def find_stop(text: str, stops: Iterable[str]) -> int:
    """Index of the earliest stop string that starts outside a fenced code block, else -1.

    A match counts as inside when its first character other than a line break is inside a
    block, so "\\nobservation" right after a ```python line is code, while "\\nOBSERVATION" right
    after a closing ``` is not.
    """
    blocks = code_blocks(text)
    earliest = -1
    for stop in stops:
        if not stop:
            continue
        lead = len(stop) - len(stop.lstrip("\r\n"))
        start = text.find(stop)
        while start >= 0 and (earliest < 0 or start < earliest):
            if not _inside(blocks, start + lead):
                earliest = start
                break
            start = text.find(stop, start + 1)
    return earliest


def code_blocks(text: str) -> list[tuple[int, int]]:
    """(start, end) of each fenced block's code: from the line after its opening fence to the
    start of its closing fence line, or to the end of the text while the block is still open."""
    blocks: list[tuple[int, int]] = []
    opened_at: int | None = None
    position = 0
    for line in text.split("\n"):
        line_end = position + len(line) + 1
        if opened_at is None:
            if _FENCE_OPEN.match(line):
                opened_at = min(line_end, len(text))
        elif _FENCE_CLOSE.fullmatch(line):
            blocks.append((opened_at, position))
            opened_at = None
        position = line_end
    if opened_at is not None:
        blocks.append((opened_at, len(text)))
    return blocks


def _inside(blocks: list[tuple[int, int]], index: int) -> bool:
    return any(start <= index < end for start, end in blocks)
