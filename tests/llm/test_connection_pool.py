"""Every model client of a process shares one connection pool: the model check, the run's model
and each bench attempt reuse one connection to the server instead of each opening its own (a
TLS handshake with a hosted server, and ~35 ms to load the certificate bundle, per client)."""

from __future__ import annotations

import json
import os
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from react_repl.llm import ChatModel, ModelSettings, list_model_entries, openai_client

REPLY = {"id": "c", "object": "chat.completion", "model": "m",
         "choices": [{"index": 0, "message": {"role": "assistant", "content": "hi"},
                      "finish_reason": "stop"}]}  # fmt: skip


class _Counting(ThreadingHTTPServer):
    """Counts the TCP connections it accepts; keeps each one alive for the next request."""

    daemon_threads = True
    connections = 0

    def process_request(self, request: socket.socket, client_address: object) -> None:
        self.connections += 1
        super().process_request(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        self._json({"object": "list", "data": [{"id": "m", "object": "model"}]})

    def do_POST(self) -> None:
        request = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
        if not request.get("stream"):
            return self._json(REPLY)
        self.send_response(200)  # server-sent events, chunked, on a connection kept alive
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for text, finish in (("h", None), ("i", "stop")):
            chunk = {"id": "c", "object": "chat.completion.chunk", "model": "m",
                     "choices": [{"index": 0, "delta": {"content": text},
                                  "finish_reason": finish}]}  # fmt: skip
            self._chunk(f"data: {json.dumps(chunk)}\n\n".encode())
        self._chunk(b"data: [DONE]\n\n")
        self._chunk(b"")

    def _chunk(self, data: bytes) -> None:
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))

    def _json(self, payload: object) -> None:
        body = json.dumps(payload).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        return


@pytest.fixture
def server() -> Iterator[_Counting]:
    counting = _Counting(("127.0.0.1", 0), _Handler)
    threading.Thread(target=counting.serve_forever, daemon=True).start()
    yield counting
    counting.shutdown()
    counting.server_close()


def _settings(server: _Counting, stream: bool = True) -> ModelSettings:
    url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    return ModelSettings(model="m", base_url=url, api_key="k", context_window=4096, stream=stream)


def test_the_model_check_and_the_first_request_share_a_connection(server: _Counting) -> None:
    settings = _settings(server)
    assert list_model_entries(openai_client(settings, timeout=5.0)) == [
        {"id": "m", "object": "model"}
    ]
    assert ChatModel(settings).complete([{"role": "user", "content": "hi"}]).text == "hi"
    assert server.connections == 1


def test_whole_replies_leave_their_connection_to_the_next_model(server: _Counting) -> None:
    """(The openai client itself closes a streamed reply's connection at its `[DONE]`.)"""
    settings = _settings(server, stream=False)
    for _attempt in range(3):  # a run's model, then two bench attempts' models
        assert ChatModel(settings).complete([{"role": "user", "content": "hi"}]).text == "hi"
    assert server.connections == 1


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork is what this guards against")
def test_a_forked_child_opens_its_own_connection(server: _Counting) -> None:
    settings = _settings(server, stream=False)
    ChatModel(settings).complete([{"role": "user", "content": "hi"}])
    child = os.fork()
    if child == 0:  # the parent's socket is not the child's to use
        try:
            ChatModel(settings).complete([{"role": "user", "content": "hi"}])
        finally:
            os._exit(0)
    os.waitpid(child, 0)
    ChatModel(settings).complete([{"role": "user", "content": "hi"}])
    assert server.connections == 2


def test_closing_one_client_leaves_the_pool_to_the_others(server: _Counting) -> None:
    """`with openai.OpenAI(...)` closes its HTTP client on the way out: the shared one stays."""
    settings = _settings(server)
    with openai_client(settings, timeout=5.0) as client:
        assert list_model_entries(client)
    client.close()
    assert ChatModel(settings).complete([{"role": "user", "content": "hi"}]).text == "hi"
