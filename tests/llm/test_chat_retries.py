"""Transient failures are retried a bounded number of times; permanent ones are not."""

from __future__ import annotations

import socket
import time

import pytest

from react_repl.llm import ChatModel, ModelError, ModelSettings, ScriptedReply, ScriptedServer

USER = [{"role": "user", "content": "hi"}]


def test_server_error_then_success(server: ScriptedServer, model_for) -> None:
    server.enqueue(ScriptedReply(status=500), "recovered")
    completion = model_for(server).complete(USER)
    assert completion.text == "recovered"
    assert completion.retries == 1
    assert len(server.requests) == 2


def test_rate_limit_honours_retry_after(server: ScriptedServer, model_for) -> None:
    server.enqueue(ScriptedReply(status=429, headers={"Retry-After": "0.4"}), "ok")
    started = time.perf_counter()
    completion = model_for(server).complete(USER)
    assert time.perf_counter() - started >= 0.4
    assert (completion.text, completion.retries) == ("ok", 1)


def test_first_token_timeout_then_success(server: ScriptedServer, model_for) -> None:
    server.enqueue(ScriptedReply("too late", delay=30.0), "in time")
    completion = model_for(server, first_token_timeout=1.5).complete(USER)
    assert (completion.text, completion.retries) == ("in time", 1)
    assert completion.retry_log[0].cause == "no reply within 1.5 s"


def test_silent_server_names_the_setting_to_raise(server: ScriptedServer, model_for) -> None:
    server.enqueue(*[ScriptedReply(delay=2.0)] * 2)
    with pytest.raises(ModelError, match=r"sent nothing for 0\.3 s \(2 attempts\)") as caught:
        model_for(server, first_token_timeout=0.3, max_retries=1).complete(USER)
    assert "first_token_timeout" in str(caught.value)
    assert caught.value.status is None


def test_whole_reply_timeout_applies_when_not_streaming(server: ScriptedServer, model_for) -> None:
    server.enqueue(*[ScriptedReply(delay=2.0)] * 2)
    model = model_for(server, stream=False, timeout=0.3, max_retries=1)
    with pytest.raises(ModelError, match=r"0\.3 s timeout \(2 attempts\)") as caught:
        model.complete(USER)
    assert "timeout =" in str(caught.value)
    assert "stream" not in server.requests[0]


def test_retries_are_bounded(server: ScriptedServer, model_for) -> None:
    server.enqueue(*[ScriptedReply(status=503, error_message="overloaded")] * 5)
    with pytest.raises(ModelError, match=r"after 3 attempts.*503: overloaded") as caught:
        model_for(server, max_retries=2).complete(USER)
    assert len(server.requests) == 3
    assert server.pending() == 2
    assert caught.value.status == 503


@pytest.mark.parametrize("status", [400, 401, 403, 404])
def test_client_errors_are_not_retried(server: ScriptedServer, model_for, status: int) -> None:
    server.enqueue(ScriptedReply(status=status), "never played")
    with pytest.raises(ModelError) as caught:
        model_for(server).complete(USER)
    assert caught.value.status == status
    assert len(server.requests) == 1


def test_backoff_grows_between_attempts(server: ScriptedServer, model_for) -> None:
    server.enqueue(*[ScriptedReply(status=502)] * 3, "ok")
    started = time.perf_counter()
    completion = model_for(server, retry_base_delay=0.1).complete(USER)
    # Attempts wait at least base/2 * (1 + 2 + 4) with jitter; no upper bound on a shared box.
    assert time.perf_counter() - started >= 0.35
    assert completion.retries == 3


def test_nothing_listening_names_the_url() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1"
    model = ChatModel(ModelSettings("m", base_url=url, max_retries=1, retry_base_delay=0.01))
    with pytest.raises(ModelError, match=f"Nothing answered at {url}") as e:
        model.complete(USER)
    assert "2 attempts" in str(e.value)
    assert "bundled local model" in str(e.value)
