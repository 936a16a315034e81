"""What a successful call returns: text, stop handling, usage and the request actually sent."""

from __future__ import annotations

import pytest

from react_repl.llm import ModelError, ScriptedReply, ScriptedServer

USER = [{"role": "user", "content": "What is 2 + 2?"}]


def test_returns_text_and_the_servers_usage(server: ScriptedServer, model_for) -> None:
    server.enqueue(ScriptedReply("Four.", prompt_tokens=17, completion_tokens=2))
    completion = model_for(server).complete(USER)
    assert completion.text == "Four."
    assert (completion.prompt_tokens, completion.completion_tokens) == (17, 2)
    assert completion.usage_estimated is False
    assert completion.finish_reason == "stop"
    assert completion.retries == 0
    assert completion.duration > 0


def test_sends_messages_and_settings_to_the_server(server: ScriptedServer, model_for) -> None:
    server.enqueue("ok")
    model = model_for(server, temperature=0.3, max_tokens=64, seed=7, extra_body={"top_k": 5})
    model.complete(USER)
    (sent,) = server.requests
    assert sent["messages"] == USER
    assert sent["model"] == "scripted"
    assert (sent["temperature"], sent["max_tokens"], sent["seed"]) == (0.3, 64, 7)
    assert sent["top_k"] == 5
    assert "stop" not in sent


def test_stop_string_cuts_the_text(server: ScriptedServer, model_for) -> None:
    server.enqueue("Thought: add.\nObservation: 4\nThought: done")
    completion = model_for(server).complete(USER, stop=["Observation:"])
    assert completion.text == "Thought: add.\n"
    assert completion.finish_reason == "stop"


def test_stops_stay_client_side_and_all_are_honoured(server: ScriptedServer, model_for) -> None:
    stops = ["A:", "B:", "C:", "D:", "Observation:", "observation:"]
    server.enqueue("Thought: x\nobservation: I made this up")
    completion = model_for(server).complete(USER, stop=stops)
    assert "stop" not in server.requests[0]  # a server cannot tell code from prose
    assert completion.text == "Thought: x\n"
    assert completion.finish_reason == "stop"


def test_length_limit_reports_length(server: ScriptedServer, model_for) -> None:
    server.enqueue("word " * 100)
    completion = model_for(server, max_tokens=5).complete(USER)
    assert completion.finish_reason == "length"
    assert len(completion.text) == 20


def test_empty_model_name_uses_the_servers_model(model_for) -> None:
    with ScriptedServer(["hi"], models=["qwen2.5-7b"]) as server:
        model = model_for(server, model="")
        assert model.name == "qwen2.5-7b"
        model.complete(USER)
        assert server.requests[0]["model"] == "qwen2.5-7b"


def test_missing_usage_is_estimated_and_marked(server: ScriptedServer, model_for) -> None:
    server.enqueue(ScriptedReply("x" * 40, omit_usage=True))
    completion = model_for(server).complete(USER)
    assert completion.usage_estimated is True
    assert completion.completion_tokens == 10
    assert completion.prompt_tokens == 4  # "What is 2 + 2?" is 14 characters


def test_parameters_a_model_refuses_are_dropped_once(server: ScriptedServer, model_for) -> None:
    server.enqueue(
        ScriptedReply(
            status=400,
            error_message="Unsupported parameter: 'max_tokens' is not supported with this model. "
            "Use 'max_completion_tokens' instead.",
        ),
        ScriptedReply(
            status=400,
            error_message="Unsupported value: 'temperature' does not support 0 with this model. "
            "Only the default (1) value is supported.",
        ),
        "Thought: fine\nObservation: invented",
        "again",
    )
    model = model_for(server, max_tokens=99)
    completion = model.complete(USER, stop=["Observation:"])
    assert completion.text == "Thought: fine\n"
    assert completion.retries == 0
    model.complete(USER)
    first, second, third, fourth = server.requests
    assert "max_tokens" in first and "temperature" in first
    assert "max_tokens" not in second and second["max_completion_tokens"] == 99
    assert "temperature" not in third and "temperature" not in fourth
    assert fourth["max_completion_tokens"] == 99


def test_other_bad_requests_are_reported_not_adapted(server: ScriptedServer, model_for) -> None:
    server.enqueue(ScriptedReply(status=400, error_message="prompt is too long: 9000 tokens"))
    with pytest.raises(ModelError, match="prompt is too long") as caught:
        model_for(server).complete(USER)
    assert caught.value.status == 400
    assert len(server.requests) == 1
