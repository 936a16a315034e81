"""Assembling one reply from stream chunks (or a plain body): its text, end and token counts."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ._text import estimate_tokens, find_stop, unsettled_from

TextSink = Callable[[str], None]


class StreamedText:
    """The reply's text as it grows, released to `on_text` without ever passing a stop.

    The last `len(longest stop) - 1` characters are held back until more text arrives, so a stop
    split across two chunks ("OBSERV" + "ATION:") is caught before any of it is shown. So is a
    fence opened after the action with nothing in it yet: a stop that begins it takes it back.
    """

    def __init__(self, stops: Sequence[str], on_text: TextSink | None) -> None:
        self._stops = [s for s in stops if s]
        self._hold = max((len(s) for s in self._stops), default=1) - 1
        self._on_text = on_text
        self._raw = ""
        self._cut: int | None = None
        self._released = 0

    @property
    def text(self) -> str:
        return self._raw if self._cut is None else self._raw[: self._cut]

    @property
    def raw(self) -> str:
        """Everything the model sent, stop and all: an empty reply is judged on this."""
        return self._raw

    @property
    def stopped(self) -> bool:
        return self._cut is not None

    def add(self, piece: str) -> bool:
        """Append `piece`; True once a stop appeared outside code (the reply ends there)."""
        if self._cut is not None or not piece:
            return self._cut is not None
        self._raw += piece
        cut = find_stop(self._raw, self._stops)
        if cut >= 0:
            self._cut = cut
            self._release(cut)
            return True
        self._release(min(len(self._raw) - self._hold, unsettled_from(self._raw)))
        return False

    def close(self) -> None:
        """The reply is complete: release what was held back."""
        self._release(len(self.text))

    def _release(self, end: int) -> None:
        if end > self._released:
            piece, self._released = self._raw[self._released : end], end
            if self._on_text is not None:
                self._on_text(piece)


class ReplyParts:
    """What the server said about one reply, from chunks or a whole body, choice 0 only."""

    def __init__(self, text: StreamedText) -> None:
        self.text = text
        self.finish_reason: str | None = None
        self.choices_seen = False
        self._usage: Mapping[str, Any] | None = None
        self._timings: Mapping[str, Any] | None = None

    def add(self, data: Mapping[str, Any]) -> bool:
        """One chat.completion.chunk, or a whole chat.completion from a server that did not
        stream, as a dict; True once a stop ends the reply."""
        self._note_counts(data)
        for choice in _choices(data):
            self.choices_seen = True
            self.finish_reason = choice.get("finish_reason") or self.finish_reason
            part = choice.get("delta", choice.get("message"))
            content = part.get("content") if isinstance(part, Mapping) else None
            if isinstance(content, str) and self.text.add(content):
                return True
        return False

    def token_counts(self, messages: Sequence[Mapping[str, Any]]) -> tuple[int, int, bool]:
        """(prompt, completion, estimated): the server's `usage`, else llama.cpp's per-token
        timings (exact even when the stream was closed at a stop), else a flagged estimate."""
        usage = self._usage
        if usage is not None and _count(usage.get("prompt_tokens")) is not None:
            return int(usage["prompt_tokens"]), _count(usage.get("completion_tokens")) or 0, False
        timings = self._timings
        if timings is not None and _count(timings.get("predicted_n")) is not None:
            prompt = (_count(timings.get("prompt_n")) or 0) + (_count(timings.get("cache_n")) or 0)
            return prompt, int(timings["predicted_n"]), False
        prompt_text = "".join(str(m.get("content") or "") for m in messages)
        return estimate_tokens(prompt_text), estimate_tokens(self.text.text), True

    def _note_counts(self, data: Mapping[str, Any]) -> None:
        if isinstance(data.get("usage"), Mapping):
            self._usage = data["usage"]
        if isinstance(data.get("timings"), Mapping):
            self._timings = data["timings"]


def _choices(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    choices = data.get("choices")
    if not isinstance(choices, list):
        return []
    return [c for c in choices if isinstance(c, Mapping) and c.get("index", 0) == 0]


def _count(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
