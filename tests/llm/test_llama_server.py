"""The client against the real bundled llama-server (0.5B): run alone with `pytest -m slow`."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from react_repl.llm import ChatModel, ModelCancelled, ModelSettings
from react_repl.local import LocalServer, ensure_server, fetch_model

COUNT = [{"role": "user", "content": "Count from 1 to 30, separated by commas, nothing else."}]


@pytest.fixture(scope="module")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalServer]:
    model_file = fetch_model("qwen2.5-coder-0.5b")
    with pytest.MonkeyPatch.context() as patch:
        cache: Path = tmp_path_factory.mktemp("cache")
        patch.setenv("REACT_REPL_CACHE", str(cache))  # our own server, never a shared one
        server = ensure_server(model_file, ctx_size=2048)
        try:
            yield server
        finally:
            server.stop()


def model_on(server: LocalServer, **overrides: object) -> ChatModel:
    values: dict[str, object] = {"model": server.model_name, "base_url": server.base_url}
    return ChatModel(ModelSettings(**{**values, "max_tokens": 200, **overrides}))  # type: ignore[arg-type]


@pytest.mark.slow
def test_a_stop_ends_the_stream_and_the_counts_stay_exact(llama: LocalServer) -> None:
    pieces: list[str] = []
    completion = model_on(llama).complete(COUNT, stop=["7,"], on_text=pieces.append)
    assert completion.text.replace(" ", "") == "1,2,3,4,5,6,"
    assert "".join(pieces) == completion.text
    assert len(pieces) > 3  # it streamed, token by token
    assert completion.finish_reason == "stop"
    # The stream was closed at the stop, before any usage chunk: the counts come from
    # llama-server's per-token timings, which the client asked for.
    assert completion.usage_estimated is False
    assert completion.prompt_tokens > 20
    assert 10 <= completion.completion_tokens <= 20


@pytest.mark.slow
def test_cancel_frees_the_server_at_once(llama: LocalServer) -> None:
    cancel = threading.Event()
    set_at: list[float] = []

    def on_text(_piece: str) -> None:
        if not set_at:
            set_at.append(time.perf_counter())
            threading.Timer(0.3, cancel.set).start()

    model = model_on(llama, max_tokens=1500)
    story = [{"role": "user", "content": "Write a very long story about a lighthouse."}]
    with pytest.raises(ModelCancelled) as caught:
        model.complete(story, on_text=on_text, cancel=cancel)
    assert time.perf_counter() - set_at[0] < 0.3 + 1.0
    assert caught.value.partial_text
    # llama-server saw the closed stream and stopped: its single slot answers the next call
    # at once instead of after 1,500 tokens of a story nobody reads.
    next_call = model.complete(COUNT, stop=["4,"])
    assert next_call.text.replace(" ", "") == "1,2,3,"
    assert next_call.duration < 30
