"""The scripted server's HTTP side: JSON replies, SSE streams and faults on a real socket."""

from __future__ import annotations

import json
import socket
import struct
from collections.abc import Mapping
from http.server import BaseHTTPRequestHandler
from typing import Any, Protocol

from ._wire import ScriptedReply, completion_payload, error_payload, stream_payloads

_BROKEN_EVENT = b'data: {"choices": [{"delta": {"content": "cut\n\n'


class ReplySource(Protocol):
    """What the handler needs from the server: the next reply, the model list, a way to wait."""

    def next_reply(self, body: dict[str, Any]) -> ScriptedReply: ...
    def models_payload(self) -> dict[str, Any]: ...
    def wait(self, seconds: float) -> None: ...
    def wait_until_closed(self) -> None: ...

    @property
    def streams(self) -> bool: ...


def handler_for(server: ReplySource) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive: no TCP handshake per step in benchmarks
        disable_nagle_algorithm = True  # else headers and body wait ~40 ms on delayed ACKs

        def do_GET(self) -> None:
            if self.path.rstrip("/").endswith("/models"):
                self._send_json(200, server.models_payload())
            else:
                self._send_json(404, {"error": {"message": f"no route {self.path}", "code": None}})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send_json(404, {"error": {"message": f"no route {self.path}", "code": None}})
                return
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError as exc:
                self._send_json(400, {"error": {"message": f"invalid JSON: {exc}", "code": None}})
                return
            if not isinstance(body, dict):
                self._send_json(400, {"error": {"message": "the body must be a JSON object"}})
                return
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
                self._send_json(reply.status, error_payload(reply), reply.headers)
            elif self._streams(reply, body):
                self._stream(reply, stream_payloads(reply, body))
            elif reply.fault in ("stall", "reset", "truncate", "invalid_sse"):
                self._broken_json(reply, json.dumps(completion_payload(reply, body)).encode())
            else:
                self._send_json(200, completion_payload(reply, body), reply.headers)

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
                self._send(200, half + b"<garbage>", "application/json")
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

        def _send_json(
            self, status: int, payload: Mapping[str, Any], headers: Mapping[str, str] | None = None
        ) -> None:
            self._send(status, json.dumps(payload).encode(), "application/json", headers)

        def _send(
            self,
            status: int,
            data: bytes,
            content_type: str,
            headers: Mapping[str, str] | None = None,
        ) -> None:
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
