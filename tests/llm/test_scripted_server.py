"""The scripted server speaks the OpenAI wire format, checked with plain HTTP."""

from __future__ import annotations

import json
import time

import httpx
import pytest

from react_repl.llm import ScriptedReply, ScriptedServer

CHAT = {"model": "scripted", "messages": [{"role": "user", "content": "hello there"}]}


def test_error_replies_use_the_openai_error_shape(server: ScriptedServer) -> None:
    server.enqueue(
        ScriptedReply(status=429, error_message="slow down", headers={"Retry-After": "1"})
    )
    response = httpx.post(f"{server.base_url}/chat/completions", json=CHAT)
    assert response.status_code == 429
    assert response.headers["retry-after"] == "1"
    error = response.json()["error"]
    assert (error["message"], error["type"], error["code"]) == (
        "slow down",
        "rate_limit_error",
        "rate_limit_exceeded",
    )


def test_completion_payload_and_recorded_request(server: ScriptedServer) -> None:
    server.enqueue("Four. STOP more")
    body = httpx.post(f"{server.base_url}/chat/completions", json={**CHAT, "stop": "STOP"}).json()
    assert body["object"] == "chat.completion"
    assert body["choices"][0]["message"] == {"role": "assistant", "content": "Four. "}
    assert body["choices"][0]["finish_reason"] == "stop"
    assert body["usage"]["prompt_tokens"] == 3
    assert server.requests == [{**CHAT, "stop": "STOP"}]


def test_models_listing_carries_the_context_window() -> None:
    with ScriptedServer(models=["a", "b"], context_window=4096) as server:
        data = httpx.get(f"{server.base_url}/models").json()["data"]
    assert [(m["id"], m["max_model_len"]) for m in data] == [("a", 4096), ("b", 4096)]


def test_responder_answers_after_the_queue_runs_out() -> None:
    def echo(body: dict) -> str:
        return f"echo {len(body['messages'])}"

    with ScriptedServer(["first"], responder=echo) as server:
        texts = [
            httpx.post(f"{server.base_url}/chat/completions", json=CHAT).json()["choices"][0]
            for _ in range(3)
        ]
    assert [t["message"]["content"] for t in texts] == ["first", "echo 1", "echo 1"]


def test_malformed_json_is_a_400(server: ScriptedServer) -> None:
    response = httpx.post(f"{server.base_url}/chat/completions", content=b"{not json")
    assert response.status_code == 400
    assert server.requests == []


def test_close_does_not_wait_for_a_delayed_reply() -> None:
    server = ScriptedServer([ScriptedReply(delay=30)])
    with pytest.raises(httpx.TimeoutException):
        httpx.post(f"{server.base_url}/chat/completions", json=CHAT, timeout=0.2)
    started = time.perf_counter()
    server.close()
    assert time.perf_counter() - started < 10  # far below the 30 s the reply would take


def _chat(server: ScriptedServer, task: str, assistant_turns: int) -> httpx.Response:
    messages = [{"role": "system", "content": "You are an agent."}]
    messages.append({"role": "user", "content": f"Task: {task}"})
    for turn in range(assistant_turns):
        messages += [
            {"role": "assistant", "content": f"step {turn}"},
            {"role": "user", "content": "OBSERVATION: ok"},
        ]
    return httpx.post(f"{server.base_url}/chat/completions", json={**CHAT, "messages": messages})


def _content(response: httpx.Response) -> str:
    return response.json()["choices"][0]["message"]["content"]


def test_routes_pick_the_script_by_task_and_the_reply_by_turn() -> None:
    routes = {"task 1": ["1a", "1b"], "task 10": ["10a", "10b"]}
    with ScriptedServer(routes=routes) as server:
        # Out of order and repeated, as parallel workers and retries would ask.
        assert _content(_chat(server, "task 10: add", 1)) == "10b"
        assert _content(_chat(server, "task 1: sum", 0)) == "1a"
        assert _content(_chat(server, "task 10: add", 0)) == "10a"
        assert _content(_chat(server, "task 10: add", 0)) == "10a"
        assert _content(_chat(server, "task 1: sum", 1)) == "1b"


def test_a_route_out_of_replies_says_which_and_how_many() -> None:
    with ScriptedServer(routes={"count": ["only one"]}) as server:
        response = _chat(server, "count the files", 1)
    assert response.status_code == 500
    assert response.json()["error"]["message"] == (
        "route 'count' has 1 scripted replies; the conversation asked for reply 2"
    )


def test_unrouted_tasks_fall_through_to_the_queue() -> None:
    with ScriptedServer(["queued"], routes={"routed": ["r"]}) as server:
        server.route("later", "added")
        assert _content(_chat(server, "something else", 3)) == "queued"
        assert _content(_chat(server, "added later", 0)) == "added"
        assert _content(_chat(server, "routed task", 0)) == "r"
        assert _chat(server, "something else", 0).status_code == 500


def test_stream_requests_get_server_sent_events(server: ScriptedServer) -> None:
    server.enqueue(ScriptedReply("Four. Done", prompt_tokens=9, completion_tokens=3))
    request = {**CHAT, "stream": True, "stream_options": {"include_usage": True}}
    with httpx.stream("POST", f"{server.base_url}/chat/completions", json=request) as response:
        assert response.headers["content-type"] == "text/event-stream"
        events = [line for line in response.iter_lines() if line]
    assert events[-1] == "data: [DONE]"
    chunks = [json.loads(event.removeprefix("data: ")) for event in events[:-1]]
    assert all(chunk["object"] == "chat.completion.chunk" for chunk in chunks)
    deltas = [chunk["choices"][0]["delta"] for chunk in chunks[:-2]]
    assert deltas[0]["role"] == "assistant"
    assert "".join(delta.get("content", "") for delta in deltas) == "Four. Done"
    assert chunks[-2]["choices"][0]["finish_reason"] == "stop"
    assert chunks[-1]["choices"] == []
    assert chunks[-1]["usage"] == {"prompt_tokens": 9, "completion_tokens": 3, "total_tokens": 12}


def test_a_server_without_streaming_answers_whole() -> None:
    with ScriptedServer(["whole"], streams=False) as server:
        request = {**CHAT, "stream": True}
        body = httpx.post(f"{server.base_url}/chat/completions", json=request).json()
    assert body["choices"][0]["message"]["content"] == "whole"
