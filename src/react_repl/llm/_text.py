"""Text rules shared by the client, the scripted server and the agent's action parser, so all
three cut, count and read code blocks alike."""

from __future__ import annotations

import codeop
import io
import re
import tokenize
import warnings
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

# CommonMark fences: a line starting (after blanks) with three or more backticks or tildes opens
# a block; a line holding only the same character, at least as many times, closes it. A backtick
# fence's info string holds no backtick, so ```print(1)``` on one line is inline code.
_FENCE_OPEN = re.compile(
    r"[ \t]*(?P<fence>`{3,}(?=[^`]*$)|~{3,})[ \t]*(?P<language>[A-Za-z0-9_+-]*).*"
)
_FENCE_CLOSE = re.compile(r"[ \t]*(?P<fence>`{3,}|~{3,})[ \t]*")
# "ACTION:" (or "**Action 2:**") alone on its line: an unfenced action's code follows it
ACTION_LABEL = re.compile(
    r"^[ \t]*\**[ \t]*action[ \t]*\d*[ \t]*\**[ \t]*:?[ \t]*\**[ \t]*\r?$",
    re.IGNORECASE | re.MULTILINE,
)
_REASONING = re.compile(r"\s*<think>.*?(?P<closed></think>)|\s*<think>.*", re.DOTALL)
_THINK_CLOSE = "</think>"
_THOUGHT_LABEL = re.compile(r"^[ \t]*\**[ \t]*thought\b", re.IGNORECASE | re.MULTILINE)
CODE_LANGUAGES = frozenset({"", "python", "py", "python3", "ipython", "pycon"})
# f-strings end in a token of their own since Python 3.12
_STRING_ENDS = frozenset({tokenize.STRING, getattr(tokenize, "FSTRING_END", tokenize.STRING)})


@dataclass(frozen=True)
class Fence:
    """One fenced block: `opened` is where its opening line starts, `start`..`end` its code.

    `closed` is False while no closing fence has come, and the block runs to the end of the text.
    """

    opened: int
    start: int
    end: int
    language: str
    closed: bool

    @property
    def is_code(self) -> bool:
        """A block the agent would run: Python, or no language at all."""
        return self.language in CODE_LANGUAGES


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
    """Index where the earliest stop string outside code cuts `text`, else -1.

    A stop that begins with a line break also matches at the very start of the text, which
    begins a line too: a reply that opens with "OBSERVATION" is cut as one that writes it later.
    """
    blocks = fenced_blocks(text)
    action, drafts_end = action_index(text, blocks), reasoning_end(text, blocks)
    cuts = []
    for stop in stops:
        for start, first in _occurrences(text, stop):
            cut = _cut(text, blocks, action, drafts_end, start, first)
            if cut is not None:
                cuts.append(cut)
                break
    return min(cuts, default=-1)


def stop_cut(text: str, blocks: Sequence[Fence], start: int, first: int) -> int | None:
    """Where a stop found at `start` cuts `text`, or None when it is code that must run whole.

    `first` is the stop's first character other than a line break, so "\\nobservation" right
    after a ```python line is code while "\\nOBSERVATION" right after a closing ``` is not.
    Only the action runs, so blocks after it guard nothing: a model that opens another
    fence to write its own OBSERVATION is cut there, before that fence's opening line when the
    stop begins the block, so no empty block is left behind. The model's opening reasoning
    (`<think>…</think>`) is not cut either: it is not the reply.
    """
    return _cut(text, blocks, action_index(text, blocks), reasoning_end(text, blocks), start, first)


def _cut(
    text: str, blocks: Sequence[Fence], action: int, drafts_end: int, start: int, first: int
) -> int | None:
    """`stop_cut` with the action's place and the reasoning's end worked out once per text."""
    if first < drafts_end:
        return None
    number = next((n for n, block in enumerate(blocks) if block.start <= first < block.end), -1)
    if number < 0:
        return start
    if number <= action:
        return None
    block = blocks[number]
    return block.opened if not text[block.start : first].strip() else start


def unsettled_from(text: str) -> int:
    """Where the text a later stop could still take back begins: the opening line of a block
    after the action until its first line of text is complete (a stop beginning that block cuts
    before its fence), else the end of the text."""
    blocks = fenced_blocks(text)
    if not blocks or blocks[-1].closed or len(blocks) - 1 <= action_index(text, blocks):
        return len(text)
    last = blocks[-1]
    return len(text) if "\n" in text[last.start :].lstrip() else last.opened


def action_index(text: str, blocks: Sequence[Fence]) -> int:
    """The action's place among `blocks`, past which blocks guard nothing (all guard without one).

    It is the first code block, unless a thought quoted what the model read in a fence before
    its ACTION label: then the first code block after that label. A label inside a fence is
    code or a quote, and one after a new THOUGHT label belongs to a turn the model made up, so
    neither counts. Blocks before the action guard their text too. A block inside the model's
    opening reasoning (`<think>…</think>`) is a draft, never the action.
    """
    drafts_end = reasoning_end(text, blocks)
    candidates = [
        n for n, block in enumerate(blocks) if block.is_code and block.opened >= drafts_end
    ]
    if not candidates:
        return len(blocks)
    first = blocks[candidates[0]]
    label = _action_label(text, blocks, drafts_end)
    if label is None or label < first.opened or _THOUGHT_LABEL.search(text, first.end, label):
        return candidates[0]
    return next((n for n in candidates if blocks[n].opened > label), candidates[0])


def _action_label(text: str, blocks: Sequence[Fence], after: int) -> int | None:
    """Where the first ACTION label outside the fences and the reasoning begins."""
    for match in ACTION_LABEL.finditer(text, after):
        if not any(block.opened <= match.start() < block.end for block in blocks):
            return match.start()
    return None


def reasoning_end(text: str, blocks: Sequence[Fence] | None = None) -> int:
    """Where the model's opening reasoning (`<think>…</think>`, as Qwen3 and DeepSeek-R1 write it
    when the server does not split it off) ends: 0 without one, the text's end while it is open.
    Only a reply's opening counts: later, `<think>` is text, or code (`print("<think>")`).
    `blocks` are the text's fenced blocks when the caller has them already."""
    match = _REASONING.match(text)
    if match is None:
        return _prefilled_reasoning_end(text, blocks)
    return match.end() if match.group("closed") else len(text)


def _prefilled_reasoning_end(text: str, blocks: Sequence[Fence] | None) -> int:
    """A chat template that opens `<think>` itself (DeepSeek-R1's does) leaves the reply only the
    closing tag, so a first `</think>` with no opening before it ends the reasoning. Until it
    comes nothing tells reasoning from reply; one inside a closed code block is code."""
    end = text.find(_THINK_CLOSE)
    if end < 0 or "<think>" in text[:end]:
        return 0
    found = fenced_blocks(text) if blocks is None else blocks
    if any(block.closed and block.start <= end < block.end for block in found):
        return 0
    return end + len(_THINK_CLOSE)


def fenced_blocks(text: str) -> list[Fence]:
    """Every fenced block of `text`, in order; the last may still be open."""
    blocks: list[Fence] = []
    opening: re.Match[str] | None = None
    opened = start = position = 0
    for line in text.split("\n"):
        bare = line.removesuffix("\r")
        if opening is None:
            opening = _FENCE_OPEN.fullmatch(bare)
            opened, start = position, min(position + len(line) + 1, len(text))
        elif _closes(opening, bare) and not _inside_python_string(opening, text[start:position]):
            blocks.append(Fence(opened, start, position, _language(opening), closed=True))
            opening = None
        position += len(line) + 1
    if opening is not None:
        blocks.append(Fence(opened, start, len(text), _language(opening), closed=False))
    return blocks


def _closes(opening: re.Match[str], line: str) -> bool:
    closing = _FENCE_CLOSE.fullmatch(line)
    if closing is None:
        return False
    fence, opened_with = closing.group("fence"), opening.group("fence")
    return fence[0] == opened_with[0] and len(fence) >= len(opened_with)


def _inside_python_string(opening: re.Match[str], code: str) -> bool:
    """True when `code`, a Python block's text so far, ends inside a triple-quoted string.

    A fence line there is part of the string (`doc = '''` … a markdown snippet … `'''`), so
    it must not end the action. Only Python blocks are read this way; other blocks quote text.
    A block with no language may be prose quoting `'''`, so there what comes before the
    string must also read as Python.
    """
    language = _language(opening)
    if language not in CODE_LANGUAGES:
        return False
    for quote in ("'''", '"""'):
        if _closes_a_string(code + quote):
            return language != "" or _reads_as_python(code + quote)
    return False


def _closes_a_string(text: str) -> bool:
    """Whether `text`'s last characters end a string token: then they closed an open one.

    Read from the tokens, not the tokenizer's error messages, which differ between Pythons.
    """
    lines = text.split("\n")
    end = (len(lines), len(lines[-1]))
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type in _STRING_ENDS and token.end == end:
                return True
    except (tokenize.TokenError, SyntaxError):
        pass
    return False


def _reads_as_python(source: str) -> bool:
    """Valid Python so far: complete, or only missing its end (an open bracket, a block)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an odd escape in a string is not our concern here
        try:
            codeop.compile_command(source, "<action>", "exec")
        except (SyntaxError, ValueError, OverflowError, RecursionError, MemoryError):
            return False
    return True


def _language(opening: re.Match[str]) -> str:
    return opening.group("language").lower()


def _occurrences(text: str, stop: str) -> Iterator[tuple[int, int]]:
    """(start, first character after its leading line breaks) of each match, in order."""
    if not stop:
        return
    body = stop.lstrip("\r\n")
    if body and body != stop and text.startswith(body):
        yield 0, 0
    start = text.find(stop)
    while start >= 0:
        yield start, start + len(stop) - len(body)
        start = text.find(stop, start + 1)
