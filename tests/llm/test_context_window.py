"""The context window comes from settings, else the server (in its own dialect), else 8192."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from react_repl.llm import ModelSettings, ScriptedServer, list_model_entries, openai_client
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


class _Listing(BaseHTTPRequestHandler):
    """Answers /v1/models with the class's body and content type, as servers in the wild do."""

    body = b""
    content_type = "application/json"

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", self.content_type)
        self.send_header("Content-Length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, format: str, *args: object) -> None:
        return


@pytest.mark.parametrize(
    ("content_type", "body", "entries"),
    [
        ("application/json", '{"data": [{"id": "m", "context_length": 65536}]}',
         [{"id": "m", "context_length": 65536}]),
        ("text/plain", '{"data": [{"id": "m"}]}', [{"id": "m"}]),
        ("application/json", '{"data": [{"id": "m"}, "junk", 7]}', [{"id": "m"}]),
        ("application/json", '{"data": 5}', None),
        ("application/json", "[1, 2]", None),
        ("text/html", "<!DOCTYPE html><html><body>Welcome</body></html>", None),
    ],
)  # fmt: skip
def test_the_listing_is_read_as_sent_and_anything_else_is_no_listing(
    content_type: str, body: str, entries: list[dict[str, Any]] | None
) -> None:
    """Read untyped through the real client: extra fields survive, odd shapes give None."""
    handler = type("Listing", (_Listing,), {"body": body.encode(), "content_type": content_type})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/v1"
        client = openai_client(ModelSettings(model="m", base_url=url, api_key="k"))
        assert list_model_entries(client) == entries
    finally:
        server.shutdown()
        server.server_close()
