"""Answering an approval from another process (the web view of `react-repl view`).

While a run waits for a decision it keeps the request in `<log>.approval.json`, beside its log.
An answer is `<log>.answer.json`, created exclusively (a finished temporary file hard-linked to
that name), so of the terminal and any number of browser tabs exactly one answer lands, whole,
and the others learn they were late. The run removes both files once it has its decision.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from react_repl._atomic import write_atomically
from react_repl.context import Review

_DECISIONS = ("run", "edit", "reject", "stop")


def pending_file(log_path: Path) -> Path:
    return Path(log_path).with_suffix(".approval.json")


def _answer_file(log_path: Path) -> Path:
    return Path(log_path).with_suffix(".answer.json")


@dataclass(frozen=True)
class PageChannel:
    """The files one pending approval of the run logged at `log_path` is answered through."""

    log_path: Path
    id: str

    @classmethod
    def offer(cls, log_path: Path, request: dict[str, Any]) -> PageChannel:
        channel = cls(Path(log_path), uuid.uuid4().hex)
        _answer_file(log_path).unlink(missing_ok=True)  # a killed run's leftover
        write_atomically(pending_file(log_path), json.dumps({"id": channel.id, **request}))
        return channel

    def answer(self) -> Review | None:
        """The page's decision once one landed; None while nobody has answered."""
        try:
            data = json.loads(_answer_file(self.log_path).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("id") != self.id:
            return None
        return _review(data)

    def claim(self, review: Review) -> bool:
        """Answer from this process (the terminal); False when the page answered first."""
        return give_answer(self.log_path, self.id, review)

    def close(self) -> None:
        pending_file(self.log_path).unlink(missing_ok=True)
        _answer_file(self.log_path).unlink(missing_ok=True)


def pending_approval(log_path: Path) -> dict[str, Any] | None:
    """The request a run is waiting on, as the run wrote it; None when it waits on none."""
    try:
        data = json.loads(pending_file(log_path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and isinstance(data.get("id"), str) else None


def give_answer(log_path: Path, request_id: str, review: Review) -> bool:
    """Answer the pending request `request_id`; False when it is gone or already answered."""
    pending = pending_approval(log_path)
    if pending is None or pending["id"] != request_id:
        return False
    body = {"id": request_id, "decision": review.decision, "code": review.code}
    body["reason"] = review.reason
    handle, name = tempfile.mkstemp(prefix=".answer.", dir=Path(log_path).parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(body, stream)
        try:
            os.link(name, _answer_file(log_path))
        except FileExistsError:
            return False
        return True
    finally:
        with contextlib.suppress(OSError):
            os.unlink(name)


def review_of(decision: str, code: str = "", reason: str = "") -> Review:
    """A Review from a form's fields; ValueError names what is wrong with them."""
    if decision not in _DECISIONS:
        raise ValueError(f"decision must be one of {', '.join(_DECISIONS)}, not {decision!r}")
    if decision == "edit" and not code.strip():
        raise ValueError("an edit needs the code to run instead")
    return Review(decision, code=code if decision == "edit" else "", reason=reason)  # type: ignore[arg-type]


def _review(data: dict[str, Any]) -> Review | None:
    try:
        return review_of(str(data["decision"]), str(data.get("code", "")), str(data["reason"]))
    except (KeyError, ValueError):
        return None
