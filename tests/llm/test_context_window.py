"""The context window comes from settings, else the server (in its own dialect), else 8192."""

from __future__ import annotations

from typing import Any

import pytest

from react_repl.llm import ScriptedServer
from react_repl.llm._chat import (
    context_from_llamacpp_props,
    context_from_models,
    context_from_ollama_show,
    trained_context_from_models,
)


def test_setting_wins_over_the_server(model_for) -> None:
    with ScriptedServer(context_window=32768) as server:
        assert model_for(server, context_window=2048).context_window() == 2048


def test_vllm_style_model_listing(model_for) -> None:
    with ScriptedServer(context_window=32768) as server:
        assert model_for(server).context_window() == 32768


def test_asked_once_then_cached(model_for) -> None:
    with ScriptedServer(context_window=32768) as server:
        model = model_for(server)
        assert model.context_window() == 32768
        server.context_window = 1024
        assert model.context_window() == 32768


def test_default_when_the_server_does_not_say(server: ScriptedServer, model_for) -> None:
    assert model_for(server).context_window() == 8192


def test_llamacpp_props_use_the_running_context() -> None:
    props = {"default_generation_settings": {"n_ctx": 4096}, "total_slots": 1}
    assert context_from_llamacpp_props(props) == 4096
    assert context_from_llamacpp_props({"n_ctx": 2048}) == 2048
    assert context_from_llamacpp_props({"total_slots": 1}) is None


def test_llamacpp_model_meta_is_the_fallback() -> None:
    entries = [{"id": "model.gguf", "meta": {"n_ctx_train": 131072, "n_params": 1}}]
    assert context_from_models(entries, "model.gguf") is None
    assert trained_context_from_models(entries, "model.gguf") == 131072


def test_models_listing_prefers_the_requested_model() -> None:
    entries = [{"id": "small", "max_model_len": 4096}, {"id": "big", "max_model_len": 65536}]
    assert context_from_models(entries, "big") == 65536
    assert context_from_models([{"id": "gpt-4o", "owned_by": "openai"}], "gpt-4o") is None


def test_ollama_num_ctx_wins_over_the_trained_length() -> None:
    show = {
        "parameters": "stop <|eot|>\nnum_ctx 16384",
        "model_info": {"llama.context_length": 131072},
    }
    assert context_from_ollama_show(show) == 16384


def test_ollama_without_num_ctx_gets_its_default_allocation() -> None:
    assert context_from_ollama_show({"model_info": {"qwen2.context_length": 32768}}) == 4096
    assert context_from_ollama_show({"model_info": {"tiny.context_length": 2048}}) == 2048
    assert context_from_ollama_show({"license": "MIT"}) is None


class HostedListing(ScriptedServer):
    """A provider's /v1/models: many models, each with its own window under the provider's key."""

    def __init__(self, key: str) -> None:
        super().__init__(models=["small", "big"])
        self.key = key

    def models_payload(self) -> dict[str, Any]:
        windows = {"small": 4096, "big": 131072}
        return {"object": "list", "data": [
            {"id": name, "object": "model", "owned_by": "host", self.key: window}
            for name, window in windows.items()
        ]}  # fmt: skip


@pytest.mark.parametrize("key", ["context_length", "context_window"])
def test_a_hosted_listing_gives_the_requested_model_s_own_window(model_for, key: str) -> None:
    with HostedListing(key) as server:
        assert model_for(server, model="big").context_window() == 131072
        assert model_for(server, model="small").context_window() == 4096
        assert model_for(server, model="other").context_window() == 8192  # no one else's
