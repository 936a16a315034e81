"""A reply whose first words we wrote (assistant prefill), joined with what the model added.

Servers differ: llama.cpp's returns (and streams) the opening followed by the continuation, an
OpenAI-style `continue_final_message` server returns the continuation only. Either way the
reply kept in the transcript, parsed and shown live holds the opening exactly once.
"""

from __future__ import annotations

from collections.abc import Callable


class PrefilledReply:
    def __init__(self, opening: str, on_text: Callable[[str], None]) -> None:
        self.opening = opening
        self._on_text = on_text
        self._pending = ""
        self._decided = False

    def message(self) -> dict[str, str]:
        return {"role": "assistant", "content": self.opening}

    def on_text(self, text: str) -> None:
        """Hold the first pieces until they show whether the server echoes the opening."""
        if self._decided:
            self._on_text(text)
            return
        self._pending += text
        if len(self._pending) >= len(self.opening) or not self.opening.startswith(self._pending):
            self._flush()

    def full_text(self, text: str) -> str:
        if not self._decided:
            self._flush()
        return text if text.startswith(self.opening) else self.opening + text

    def _flush(self) -> None:
        self._decided = True
        if not self._pending.startswith(self.opening):
            self._on_text(self.opening)
        if self._pending:
            self._on_text(self._pending)
