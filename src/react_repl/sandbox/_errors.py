"""How a failed action reads to the model: its own lines only, then a hint that helps."""

from __future__ import annotations

from collections.abc import Mapping
from types import TracebackType

from ._wrappers import HINT_ATTRIBUTE, message_of

MAX_MESSAGE = 2000
MAX_SOURCE_LINE = 160
UNAVAILABLE = frozenset(
    {
        "type", "object", "super", "vars", "globals", "locals", "eval", "exec", "compile",
        "open", "input", "breakpoint", "memoryview", "exit", "quit", "__import__",
    }
)  # fmt: skip


def format_syntax_error(error: SyntaxError) -> str:
    column = f", column {error.offset}" if error.offset else ""
    where = f" (line {error.lineno}{column})" if error.lineno else ""
    lines = [f"SyntaxError: {error.msg}{where}"]
    if error.text:
        text = error.text.rstrip("\n")
        stripped = text.lstrip()
        shown, caret = _excerpt(stripped, max((error.offset or 0) - (len(text) - len(stripped)), 0))
        lines.append(f"    {shown}")
        if caret > 0:
            lines.append("    " + " " * (caret - 1) + "^")
    return "\n".join(lines)


def _excerpt(text: str, column: int = 0) -> tuple[str, int]:
    """Cuts a long source line to a window around `column` (1-based, 0 for none), so quoting the
    failing line cannot push an observation past `max_output`; returns it and the new column."""
    if len(text) <= MAX_SOURCE_LINE:
        return text, column
    start = max(0, min(column - 1 - MAX_SOURCE_LINE // 2, len(text) - MAX_SOURCE_LINE))
    prefix = "…" if start else ""
    suffix = "…" if start + MAX_SOURCE_LINE < len(text) else ""
    shown = prefix + text[start : start + MAX_SOURCE_LINE] + suffix
    return shown, column - start + len(prefix) if column else 0


def format_exception(
    error: BaseException, sources: Mapping[str, list[str]], current: str, hints: Mapping[str, str]
) -> str:
    frames = _agent_frames(error.__traceback__, sources, current)
    message = _message(error)
    lines = ["Traceback (most recent call last):", *frames] if frames else []
    lines.append(f"{type(error).__name__}: {message}" if message else type(error).__name__)
    hint = _hint(error, hints)
    if hint:
        lines.append(f"Hint: {hint}")
    return "\n".join(lines)


def _message(error: BaseException) -> str:
    text = message_of(error)
    if len(text) > MAX_MESSAGE:
        return text[:MAX_MESSAGE] + f"[... {len(text) - MAX_MESSAGE} characters truncated]"
    return text


def _agent_frames(
    traceback: TracebackType | None, sources: Mapping[str, list[str]], current: str
) -> list[str]:
    """Only frames compiled from the agent's actions; sandbox and API frames stay hidden."""
    frames = []
    while traceback is not None:
        code = traceback.tb_frame.f_code
        lines = sources.get(code.co_filename)
        if lines is not None:
            number = traceback.tb_lineno
            where = f"line {number}"
            if code.co_filename != current:
                where += f" of an earlier action ({code.co_filename.strip('<>')})"
            if code.co_name not in ("<module>", "<lambda>"):
                where += f", in {code.co_name}"
            text = _excerpt(lines[number - 1].strip())[0] if 0 < number <= len(lines) else ""
            frames.append(f"  {where}: {text}")
        traceback = traceback.tb_next
    return _collapse_repeats(frames)[-8:]


def _collapse_repeats(frames: list[str]) -> list[str]:
    """Deep recursion would otherwise fill the observation with one line."""
    collapsed: list[str] = []
    repeats = 0
    for frame in [*frames, ""]:
        if collapsed and frame == collapsed[-1]:
            repeats += 1
            continue
        if repeats:
            collapsed.append(f"  [previous line repeated {repeats} more times]")
            repeats = 0
        collapsed.append(frame)
    return collapsed[:-1]


def _hint(error: BaseException, hints: Mapping[str, str]) -> str | None:
    custom = getattr(error, HINT_ATTRIBUTE, None)
    if isinstance(custom, str):
        return custom
    if isinstance(error, NameError) and not isinstance(error, UnboundLocalError):
        name = getattr(error, "name", None)
        if name == "type":
            return "type() is not available in the sandbox; use isinstance(value, SomeType)."
        if name in UNAVAILABLE:
            return f"{name}() is not available in the sandbox."
        return hints.get("name")
    if isinstance(error, ImportError):
        return hints.get("import")
    if isinstance(error, RecursionError):
        return hints.get("recursion")
    if isinstance(error, MemoryError):
        return hints.get("memory")
    return None
