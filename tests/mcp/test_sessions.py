"""The served REPL's sessions: each its own sandbox, bounded in number and idle time, logged."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from react_repl.mcp._sessions import SessionStore, UnknownSession
from react_repl.sandbox import Sandbox


def test_the_least_recently_used_session_is_closed_to_make_room() -> None:
    store = SessionStore(Sandbox, max_sessions=2)
    try:
        first, a = store.new()
        second, b = store.new()
        a.sandbox.run("kept = 'a'")
        b.sandbox.run("kept = 'b'")
        assert store.get(first) is a  # now the most recently used
        third, _ = store.new()
        assert len(store) == 2
        with pytest.raises(UnknownSession, match=f"no session {second!r}"):
            store.get(second)
        assert store.get(first).sandbox.run("print(kept)").text == "a"
        assert first != third and first.startswith("s-") and len(first) > 20
    finally:
        store.close()
    assert len(store) == 0


def test_an_idle_session_expires_and_its_log_says_why(tmp_path: Path) -> None:
    store = SessionStore(Sandbox, max_sessions=4, idle_seconds=0.5, logs_dir=tmp_path)
    try:
        handle, session = store.new()
        code = "value = 6 * 7\nprint(value)"
        session.record(tmp_path, code, session.sandbox.run(code), review="")
        kept = store.default()
        time.sleep(0.7)
        assert store.expire_idle() == 1
        with pytest.raises(UnknownSession, match=r"expired after 0\.5 s unused"):
            store.get(handle)
        assert store.default() is kept, "stdio's own session lives as long as its connection"
    finally:
        store.close()
    (log,) = tmp_path.rglob("*.jsonl")
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [r["type"] for r in records] == ["run", "step", "end"]
    assert records[1]["action"] == code and records[1]["observation"] == "42"
    assert records[2]["summary"] == "expired after 0.5 s unused"


def test_the_default_session_is_made_once_and_kept() -> None:
    store = SessionStore(Sandbox, max_sessions=1)
    try:
        store.default().sandbox.run("value = 41")
        assert store.default().sandbox.run("print(value + 1)").text == "42"
    finally:
        store.close()


def test_at_least_one_session_is_required() -> None:
    with pytest.raises(ValueError, match="max_sessions must be at least 1"):
        SessionStore(Sandbox, max_sessions=0)
