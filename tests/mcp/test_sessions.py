"""The served REPL's sessions: each its own sandbox, bounded in number, unknown handles refused."""

from __future__ import annotations

import pytest

from react_repl.mcp._sessions import SessionStore, UnknownSession
from react_repl.sandbox import Sandbox


def test_the_least_recently_used_session_is_closed_to_make_room() -> None:
    store = SessionStore(Sandbox, max_sessions=2)
    try:
        first, a = store.new()
        second, b = store.new()
        a.run("kept = 'a'")
        b.run("kept = 'b'")
        assert store.get(first) is a  # now the most recently used
        third, _ = store.new()
        assert len(store) == 2
        with pytest.raises(UnknownSession, match=f"no session {second!r}"):
            store.get(second)
        assert store.get(first).run("print(kept)").text == "a"
        assert first != third and first.startswith("s-") and len(first) > 20
    finally:
        store.close()
    assert len(store) == 0


def test_the_default_session_is_made_once_and_kept() -> None:
    store = SessionStore(Sandbox, max_sessions=1)
    try:
        store.default().run("value = 41")
        assert store.default().run("print(value + 1)").text == "42"
    finally:
        store.close()


def test_at_least_one_session_is_required() -> None:
    with pytest.raises(ValueError, match="max_sessions must be at least 1"):
        SessionStore(Sandbox, max_sessions=0)
