"""An OpenAI-compatible HTTP server that plays scripted replies.

Agents are tested and benchmarked against it through the real `openai` client and a real socket,
so every layer the user's run goes through (HTTP, JSON, SSE streaming, retries, timeouts) is
exercised; only the model's words are scripted. Faults a real server commits (a hang, a stalled
or reset stream, a body that is not JSON) are scripted the same way. Users can use it to try
their own agents and prompts offline. Its HTTP side sends JSON replies, SSE streams and faults
on a real socket.
"""

from __future__ import annotations

import json
import socket
import struct
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from ._wire import ScriptedReply, as_reply, completion_payload, error_payload, stream_payloads

Responder = Callable[[dict[str, Any]], "ScriptedReply | str"]
_BROKEN_EVENT = b'data: {"choices": [{"delta": {"content": "cut\n\n'


class ScriptedServer:
    """Serves `/v1/chat/completions` from scripts: routed by task, else a queue, else `responder`.

    Routed mode (`routes`) keys each script by a substring of the conversation's first user
    message (the task) and plays reply N to a request that already holds N assistant turns. It
    keeps no state, so parallel workers, retried calls and resumed runs all get the same reply
    for the same conversation; the longest matching key wins, so "task 1" and "task 10" can
    coexist. Requests no route matches fall through to the queue, which is consumed in order.

    A request nothing answers gets a 500 saying why ("no scripted reply left", or which route
    ran out of turns), so a test that scripts too few replies fails loudly instead of hanging.

    Requests with `"stream": true` get server-sent events (usage in a last chunk when
    `stream_options.include_usage` asks for it), unless `streams=False` makes the server answer
    them with plain JSON, as servers without streaming support do.
    """

    def __init__(
        self,
        replies: Iterable[ScriptedReply | str] = (),
        *,
        models: Sequence[str] = ("scripted",),
        context_window: int | None = None,
        responder: Responder | None = None,
        routes: Mapping[str, Sequence[ScriptedReply | str]] | None = None,
        streams: bool = True,
    ) -> None:
        self.models = list(models)
        self.context_window = context_window
        self.streams = streams
        self._responder = responder
        self._lock = threading.Lock()
        self._replies: deque[ScriptedReply] = deque(as_reply(r) for r in replies)
        self._routes: dict[str, list[ScriptedReply]] = {}
        for key, script in (routes or {}).items():
            self.route(key, *script)
        self._requests: list[dict[str, Any]] = []
        self._closing = threading.Event()
        self._httpd = _QuietHTTPServer(("127.0.0.1", 0), handler_for(self))
        self._httpd.daemon_threads = True
        self._httpd.block_on_close = False
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    @property
    def requests(self) -> list[dict[str, Any]]:
        """JSON bodies of every chat completion request received so far, oldest first."""
        with self._lock:
            return list(self._requests)

    def enqueue(self, *replies: ScriptedReply | str) -> None:
        with self._lock:
            self._replies.extend(as_reply(r) for r in replies)

    def route(self, key: str, *replies: ScriptedReply | str) -> None:
        """Script the conversation whose task contains `key` (replacing any earlier script)."""
        if not key:
            raise ValueError("a route key must be a non-empty part of the task text")
        with self._lock:
            self._routes[key] = [as_reply(r) for r in replies]

    def pending(self) -> int:
        """Scripted replies not yet played, to assert a test consumed exactly what it scripted."""
        with self._lock:
            return len(self._replies)

    def close(self) -> None:
        self._closing.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join()

    def __enter__(self) -> ScriptedServer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def next_reply(self, body: dict[str, Any]) -> ScriptedReply:
        with self._lock:
            self._requests.append(body)
            routed = self._routed_reply(body)
            if routed is not None:
                return routed
            if self._replies:
                return self._replies.popleft()
        if self._responder is not None:
            return as_reply(self._responder(body))
        return ScriptedReply(status=500, error_message="no scripted reply left")

    def wait(self, seconds: float) -> None:
        """Sleep like a slow model, but wake at close() so shutdown never waits on a delay."""
        if seconds > 0:
            self._closing.wait(seconds)

    def wait_until_closed(self) -> None:
        """A hung server's whole behaviour: hold the connection open and say nothing."""
        self._closing.wait()

    def models_payload(self) -> dict[str, Any]:
        """The /v1/models listing, with vLLM's `max_model_len` when a context window is set."""
        extra = {} if self.context_window is None else {"max_model_len": self.context_window}
        data = [
            {"id": m, "object": "model", "created": 0, "owned_by": "react-repl", **extra}
            for m in self.models
        ]
        return {"object": "list", "data": data}

    def _routed_reply(self, body: Mapping[str, Any]) -> ScriptedReply | None:
        messages = [m for m in body.get("messages") or () if isinstance(m, Mapping)]
        task = next((_text_of(m) for m in messages if m.get("role") == "user"), "")
        keys = [key for key in self._routes if key in task]
        if not keys:
            return None
        key = max(keys, key=len)
        script = self._routes[key]
        turn = sum(1 for m in messages if m.get("role") == "assistant")
        if turn < len(script):
            return script[turn]
        return ScriptedReply(
            status=500,
            error_message=f"route {key!r} has {len(script)} scripted replies; "
            f"the conversation asked for reply {turn + 1}",
        )


class _QuietHTTPServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hangs up (a stop string, a cancel, a timeout) is normal, not news."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def _text_of(message: Mapping[str, Any]) -> str:
    """A message's text, whether `content` is a string or a list of typed parts."""
    content = message.get("content") or ""
    if isinstance(content, str):
        return content
    return "".join(str(part.get("text") or "") for part in content if isinstance(part, Mapping))


def handler_for(server: ScriptedServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive: no TCP handshake per step in benchmarks
        disable_nagle_algorithm = True  # else headers and body wait ~40 ms on delayed ACKs

        def do_GET(self) -> None:
            if self.path.rstrip("/").endswith("/models"):
                self._send(200, server.models_payload())
            else:
                self._send_error(404, f"no route {self.path}")

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if not self.path.rstrip("/").endswith("/chat/completions"):
                return self._send_error(404, f"no route {self.path}")
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError as exc:
                return self._send_error(400, f"invalid JSON: {exc}")
            if not isinstance(body, dict):
                return self._send_error(400, "the body must be a JSON object")
            reply = server.next_reply(body)
            if not (reply.ping_interval > 0 and self._streams(reply, body)):
                server.wait(reply.delay)
            try:
                self._answer(reply, body)
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True  # the client gave up (a timeout or cancel); fine

        def _answer(self, reply: ScriptedReply, body: dict[str, Any]) -> None:
            if reply.fault == "hang":
                server.wait_until_closed()
                self.close_connection = True
            elif reply.body is not None:
                self._send(reply.status, reply.body.encode(), reply.content_type, reply.headers)
            elif reply.status != 200:
                self._send(reply.status, error_payload(reply), headers=reply.headers)
            elif self._streams(reply, body):
                self._stream(reply, stream_payloads(reply, body))
            elif reply.fault in ("stall", "reset", "truncate", "invalid_sse"):
                self._broken_json(reply, json.dumps(completion_payload(reply, body)).encode())
            else:
                self._send(200, completion_payload(reply, body), headers=reply.headers)

        def _stream(self, reply: ScriptedReply, chunks: list[dict[str, Any]]) -> None:
            """Server-sent events, one HTTP chunk each, broken halfway when a fault says so."""
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Transfer-Encoding", "chunked")
            for name, value in reply.headers.items():
                self.send_header(name, value)
            self.end_headers()
            if reply.ping_interval > 0:
                self._ping(reply.delay, reply.ping_interval)
            events = [b"data: " + json.dumps(chunk).encode() + b"\n\n" for chunk in chunks]
            events.append(b"data: [DONE]\n\n")
            if reply.fault in ("stall", "reset", "truncate", "invalid_sse"):
                events = events[: max(1, len(chunks) // 2)]
            for number, event in enumerate(events):
                if number:
                    server.wait(reply.chunk_delay)
                self._write_chunk(event)
            if reply.fault == "invalid_sse":
                self._write_chunk(_BROKEN_EVENT)
            self._break(reply)
            if reply.fault not in ("stall", "reset"):
                self._write_chunk(b"")  # the chunked body's proper end

        def _streams(self, reply: ScriptedReply, body: dict[str, Any]) -> bool:
            plain = reply.fault == "hang" or reply.body is not None or reply.status != 200
            return bool(body.get("stream")) and server.streams and not plain

        def _ping(self, seconds: float, interval: float) -> None:
            for _ in range(int(seconds / interval)):
                server.wait(interval)
                self._write_chunk(b":\n\n")
            server.wait(seconds % interval)

        def _broken_json(self, reply: ScriptedReply, data: bytes) -> None:
            """A plain JSON reply broken halfway: cut off (declared in full, delivered in part),
            or, for `invalid_sse`, complete but ending in garbage."""
            half = data[: len(data) // 2]
            if reply.fault == "invalid_sse":
                self._send(200, half + b"<garbage>")
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(half)
            self.wfile.flush()
            self._break(reply)
            self.close_connection = True

        def _break(self, reply: ScriptedReply) -> None:
            """Stall or reset the connection mid-reply, when the fault says so."""
            if reply.fault == "stall":
                server.wait_until_closed()
                self.close_connection = True
            elif reply.fault == "reset":
                # SO_LINGER with a zero timeout makes close() send RST instead of FIN.
                self.connection.setsockopt(
                    socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)
                )
                self.rfile.close()  # the socket closes for real only once no file uses it
                self.connection.close()
                self.close_connection = True

        def _write_chunk(self, data: bytes) -> None:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()

        def _send_error(self, status: int, message: str) -> None:
            self._send(status, {"error": {"message": message, "code": None}})

        def _send(
            self,
            status: int,
            data: bytes | Mapping[str, Any],
            content_type: str = "application/json",
            headers: Mapping[str, str] | None = None,
        ) -> None:
            """A whole reply: `data` is the raw body, or a payload sent as JSON."""
            if not isinstance(data, bytes):
                data = json.dumps(data).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True

        def log_message(self, format: str, *args: Any) -> None:
            """Silent: request lines on stderr would drown test and benchmark output."""

    return Handler
