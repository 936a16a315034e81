"""Turning a model reply into a THOUGHT and one ACTION.

Models rarely follow the format to the letter: fences say ```Python or ```py, the fence is
missing, prose trails the code, several blocks appear, or the model starts writing its own
OBSERVATION. Parsing is lenient about all of that and strict about one thing: at most one
action is run per step, and the caller is told when the reply held none.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from react_repl.llm import action_index, fenced_blocks, reasoning_end, stop_cut

_OBSERVATION = re.compile(r"^\s*\**\s*observation\b", re.IGNORECASE | re.MULTILINE)
_THOUGHT_LABEL = re.compile(r"^\s*\**\s*thought\s*\d*\s*\**\s*:?\s*\**", re.IGNORECASE)
_ACTION_LABEL = re.compile(
    r"^\s*\**\s*action\s*\d*\s*\**\s*:?\s*\**\s*$", re.IGNORECASE | re.MULTILINE
)


@dataclass(frozen=True)
class ParsedReply:
    thought: str
    action: str | None
    extra_blocks: int  # the reply's other code blocks, which are not run
    text: str  # the reply as kept in the transcript (cut before any OBSERVATION the model wrote)
    open_ended: bool = False  # the action runs to the reply's end: no fence closed it


def cut_at_observation(text: str) -> str:
    """Drop anything from a model-written OBSERVATION on: only the sandbox writes observations.

    Inside a code block the word is code (`observations = []`), so only a line outside the
    fences counts, by the same rule the model client cuts its stops with.
    """
    blocks = fenced_blocks(text)
    for match in _OBSERVATION.finditer(text):
        first = match.start() + len(match.group()) - len(match.group().lstrip())
        cut = stop_cut(text, blocks, match.start(), first)
        if cut is not None:
            return text[:cut].rstrip()
    return text.rstrip()


def parse_reply(reply: str) -> ParsedReply:
    text = without_reasoning(cut_at_observation(reply))
    blocks = fenced_blocks(text)
    number = action_index(text, blocks)
    if number < len(blocks):
        chosen = blocks[number]
        thought = _clean_thought(text[: chosen.opened])
        action = _dedent_code(text[chosen.start : chosen.end])
        ignored = sum(block.is_code for block in blocks) - 1
        return ParsedReply(thought, action or None, ignored, text, open_ended=not chosen.closed)
    return _parse_unfenced(text)


def without_reasoning(text: str) -> str:
    """The reply without the model's `<think>` part: its drafts are not actions, and a later
    prompt needs only what it concluded."""
    return text[reasoning_end(text) :].strip()


def summary_of(reply: str) -> str:
    """A wrap-up reply as the run's summary: its thought, else its action's code (a model told
    that nothing more runs may still answer with `stop(value)`), with what follows the action
    dropped, as a model that goes on after it writes made-up turns."""
    reply = without_reasoning(reply)
    blocks = fenced_blocks(reply)
    number = action_index(reply, blocks)
    if number == len(blocks):
        return _clean_thought(reply)
    chosen = blocks[number]
    return _clean_thought(reply[: chosen.opened]) or _dedent_code(reply[chosen.start : chosen.end])


def _parse_unfenced(text: str) -> ParsedReply:
    """A reply with an ACTION label but no fence: take what follows if it is valid Python."""
    label = _ACTION_LABEL.search(text)
    if label is None:
        return ParsedReply(_clean_thought(text), None, 0, text)
    code = _dedent_code(text[label.end() :])
    thought = _clean_thought(text[: label.start()])
    if code and _is_python(code):
        return ParsedReply(thought, code, 0, text, open_ended=True)
    return ParsedReply(thought, None, 0, text)


def _clean_thought(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if not _ACTION_LABEL.fullmatch(line)]
    thought = "\n".join(lines).strip()
    return _THOUGHT_LABEL.sub("", thought, count=1).strip()


def _dedent_code(code: str) -> str:
    lines = code.strip("\n").splitlines()
    indents = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
    margin = min(indents, default=0)
    return "\n".join(line[margin:] for line in lines).strip()


def _is_python(code: str) -> bool:
    try:
        ast.parse(code)
    except SyntaxError:
        return False
    return True
