"""Errors say what went wrong and where to fix it."""

from __future__ import annotations

import pytest

from react_repl.llm import ChatModel, ModelError, ModelSettings, ScriptedReply, ScriptedServer

USER = [{"role": "user", "content": "hi"}]


def test_bad_key_names_url_and_where_the_key_comes_from(server: ScriptedServer, model_for) -> None:
    server.enqueue(ScriptedReply(status=401, error_message="Incorrect API key provided"))
    with pytest.raises(ModelError) as caught:
        model_for(server, api_key="sk-wrong").complete(USER)
    message = str(caught.value)
    assert server.base_url in message
    assert "Incorrect API key provided" in message
    assert "OPENAI_API_KEY" in message and "--api-key" in message


def test_unknown_model_lists_the_servers_models(model_for) -> None:
    missing = ScriptedReply(status=404, error_message="The model `gpt-9` does not exist")
    with (
        ScriptedServer([missing], models=["llama3.1:8b", "qwen2.5:7b"]) as server,
        pytest.raises(ModelError) as caught,
    ):
        model_for(server, model="gpt-9").complete(USER)
    message = str(caught.value)
    assert "'gpt-9' is not available" in message
    assert "llama3.1:8b, qwen2.5:7b" in message
    assert "--model" in message


def test_under_scripted_server_fails_loudly(server: ScriptedServer, model_for) -> None:
    with pytest.raises(ModelError, match="no scripted reply left"):
        model_for(server, max_retries=0).complete(USER)


def test_server_without_key_gets_a_placeholder(server: ScriptedServer) -> None:
    server.enqueue("llama.cpp needs no key")
    model = ChatModel(ModelSettings("scripted", base_url=server.base_url, api_key=None))
    assert model.complete(USER).text == "llama.cpp needs no key"


def test_a_404_for_a_listed_model_blames_the_endpoint_not_the_model(model_for) -> None:
    """Saying the model "is not available" beside a list naming it would send the user to
    change the model instead of the URL."""
    missing = ScriptedReply(status=404, error_message="Not Found")
    with (
        ScriptedServer([missing], models=["scripted", "other"]) as server,
        pytest.raises(ModelError) as caught,
    ):
        model_for(server, model="scripted").complete(USER)
    message = str(caught.value)
    assert "is not available" not in message and "The server offers" not in message
    assert "lists model 'scripted' but answered 404 to the chat request" in message
    assert "--base-url" in message
