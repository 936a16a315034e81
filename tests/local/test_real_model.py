"""The real runtime with the real 0.5B model: run with `pytest -m slow tests/local`."""

from __future__ import annotations

from pathlib import Path

import pytest
from openai import OpenAI

from react_repl.local import ensure_server, fetch_model, find_llama_server, list_servers
from react_repl.local._cpu import loaded_variant, variant_name
from react_repl.local._start_profiles import fallback_profiles, remember

from .conftest import processes_running


@pytest.mark.slow
def test_real_server_answers_through_openai_and_stops_clean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = fetch_model("qwen2.5-coder-0.5b")  # the real cache: assembled once, then reused
    monkeypatch.setenv("REACT_REPL_CACHE", str(tmp_path))  # our own server, not the shared one
    messages: list[str] = []

    server = ensure_server(model, ctx_size=2048, progress=messages.append)
    try:
        assert [info.server for info in list_servers()] == [server]
        assert ensure_server(model, ctx_size=2048).pid == server.pid
        assert server.ctx_size == 2048
        client = OpenAI(base_url=server.base_url, api_key="local")
        reply = client.chat.completions.create(
            model=server.model_name,
            messages=[{"role": "user", "content": "What is 2+3? Answer with the number only."}],
            temperature=0,
            max_tokens=8,
        )
    finally:
        server.stop()

    assert "5" in (reply.choices[0].message.content or "")
    assert any("loading" in message for message in messages)
    assert processes_running(f"--port\0{server.port}\0".encode()) == []
    assert list_servers() == []


@pytest.mark.slow
def test_real_server_starts_on_its_first_fallback_profile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fallback really runs: a pinned lower CPU variant (portable build) or --no-repack."""
    model = fetch_model("qwen2.5-coder-0.5b")
    monkeypatch.setenv("REACT_REPL_CACHE", str(tmp_path))
    binary = find_llama_server()
    fallback = fallback_profiles(binary.resolve().parent, loaded=None)[0]
    remember(binary, fallback, "test: start straight on the first fallback")

    server = ensure_server(model, ctx_size=2048)
    try:
        library = loaded_variant(server.pid)
        client = OpenAI(base_url=server.base_url, api_key="local")
        reply = client.chat.completions.create(
            model=server.model_name,
            messages=[{"role": "user", "content": "What is 2+3? Answer with the number only."}],
            temperature=0,
            max_tokens=8,
        )
    finally:
        server.stop()

    assert server.profile == fallback.describe()
    assert "5" in (reply.choices[0].message.content or "")
    if fallback.variant:
        assert library is not None and variant_name(library) == fallback.variant
