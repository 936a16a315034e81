"""Two runs sharing a one-slot llama.cpp server: the one waiting its turn is not hung."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from react_repl.llm import ChatModel, ModelError, ModelSettings

REPLY_SECONDS = 2.5  # how long one request holds the only slot


class OneSlotServer:
    """Like llama-server with --parallel 1: requests take turns, a waiting one hears nothing,
    and /slots says the slot is busy (unless `honest_slots` is off)."""

    def __init__(self, honest_slots: bool = True) -> None:
        self.slot = threading.Lock()
        self.honest_slots = honest_slots
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                if self.path.endswith("/models"):
                    self._json({"data": [{"id": "m", "owned_by": "llamacpp"}]})
                elif self.path.endswith("/slots"):
                    busy = server.slot.locked() and server.honest_slots
                    self._json([{"id": 0, "is_processing": busy}])
                else:
                    self._json({"error": {"message": "no route"}}, 404)

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with server.slot:  # a queued request gets no byte until the slot frees
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.end_headers()
                    for word in ["THOUGHT: ", "slow ", "and ", "steady."]:
                        self._event({"choices": [{"index": 0, "delta": {"content": word}}]})
                        time.sleep(REPLY_SECONDS / 4)
                    self._event(
                        {
                            "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
                            "usage": {"prompt_tokens": 5, "completion_tokens": 4},
                        }
                    )
                    self.wfile.write(b"data: [DONE]\n\n")

            def _event(self, payload: dict) -> None:
                self.wfile.write(f"data: {json.dumps(payload)}\n\n".encode())
                self.wfile.flush()

            def _json(self, payload: object, status: int = 200) -> None:
                body = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        return Handler

    def close(self) -> None:
        self.httpd.shutdown()


@pytest.fixture
def one_slot(request: pytest.FixtureRequest) -> Iterator[OneSlotServer]:
    server = OneSlotServer(honest_slots=getattr(request, "param", True))
    yield server
    server.close()


def model(server: OneSlotServer) -> ChatModel:
    return ChatModel(ModelSettings(
        model="m", base_url=server.base_url, api_key="k", first_token_timeout=1.0,
        idle_timeout=1.5, hang_retries=0, max_retries=0, queue_timeout=20.0,
    ))  # fmt: skip


def ask_both(server: OneSlotServer) -> list[object]:
    outcomes: list[object] = [None, None]

    def ask(position: int) -> None:
        try:
            outcomes[position] = model(server).complete([{"role": "user", "content": "go"}]).text
        except ModelError as error:
            outcomes[position] = error

    first = threading.Thread(target=ask, args=(0,))
    first.start()
    _wait_until_the_slot_is_taken(server)
    ask(1)
    first.join()
    return outcomes


def _wait_until_the_slot_is_taken(server: OneSlotServer) -> None:
    """The first request must hold the slot before the second asks, however slow the machine."""
    deadline = time.monotonic() + 30
    while not server.slot.locked():
        assert time.monotonic() < deadline, "the first request never reached the server"
        time.sleep(0.01)


def test_a_request_waiting_for_the_only_slot_is_not_hung(one_slot: OneSlotServer) -> None:
    assert ask_both(one_slot) == ["THOUGHT: slow and steady."] * 2


@pytest.mark.parametrize("one_slot", [False], indirect=True)
def test_silence_without_work_on_the_server_is_still_a_hang(one_slot: OneSlotServer) -> None:
    first, second = ask_both(one_slot)
    assert first == "THOUGHT: slow and steady."
    assert isinstance(second, ModelError) and "sent nothing" in str(second)
