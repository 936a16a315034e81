"""An OpenAI-compatible HTTP server that plays scripted replies.

Agents are tested and benchmarked against it through the real `openai` client and a real socket,
so every layer the user's run goes through (HTTP, JSON, retries, timeouts) is exercised; only the
model's words are scripted. Users can use it to try their own agents and prompts offline.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from ._text import cut_at_stop, estimate_tokens

_ERROR_KINDS: dict[int, tuple[str, str]] = {
    400: ("invalid_request_error", "bad_request"),
    401: ("authentication_error", "invalid_api_key"),
    403: ("permission_error", "forbidden"),
    404: ("invalid_request_error", "model_not_found"),
    429: ("rate_limit_error", "rate_limit_exceeded"),
}


@dataclass
class ScriptedReply:
    """One scripted answer: a completion, or an HTTP error when `status` is not 200."""

    text: str = ""
    status: int = 200
    delay: float = 0.0
    error_message: str = ""
    headers: Mapping[str, str] = field(default_factory=dict)
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    finish_reason: str | None = None
    omit_usage: bool = False  # like servers that send no `usage`


Responder = Callable[[dict[str, Any]], "ScriptedReply | str"]


class ScriptedServer:
    """Serves `/v1/chat/completions` from scripts: routed by task, else a queue, else `responder`.

    Routed mode (`routes`) keys each script by a substring of the conversation's first user
    message (the task) and plays reply N to a request that already holds N assistant turns. It
    keeps no state, so parallel workers, retried calls and resumed runs all get the same reply
    for the same conversation; the longest matching key wins, so "task 1" and "task 10" can
    coexist. Requests no route matches fall through to the queue, which is consumed in order.

    A request nothing answers gets a 500 saying why ("no scripted reply left", or which route
    ran out of turns), so a test that scripts too few replies fails loudly instead of hanging.
    """

    def __init__(
        self,
        replies: Iterable[ScriptedReply | str] = (),
        *,
        models: Sequence[str] = ("scripted",),
        context_window: int | None = None,
        responder: Responder | None = None,
        routes: Mapping[str, Sequence[ScriptedReply | str]] | None = None,
    ) -> None:
        self.models = list(models)
        self.context_window = context_window
        self._responder = responder
        self._lock = threading.Lock()
        self._replies: deque[ScriptedReply] = deque(_as_reply(r) for r in replies)
        self._routes: dict[str, list[ScriptedReply]] = {}
        for key, script in (routes or {}).items():
            self.route(key, *script)
        self._requests: list[dict[str, Any]] = []
        self._closing = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
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
            self._replies.extend(_as_reply(r) for r in replies)

    def route(self, key: str, *replies: ScriptedReply | str) -> None:
        """Script the conversation whose task contains `key` (replacing any earlier script)."""
        if not key:
            raise ValueError("a route key must be a non-empty part of the task text")
        with self._lock:
            self._routes[key] = [_as_reply(r) for r in replies]

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

    def _next_reply(self, body: dict[str, Any]) -> ScriptedReply:
        with self._lock:
            self._requests.append(body)
            routed = self._routed_reply(body)
            if routed is not None:
                return routed
            if self._replies:
                return self._replies.popleft()
        if self._responder is not None:
            return _as_reply(self._responder(body))
        return ScriptedReply(status=500, error_message="no scripted reply left")

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

    def _wait(self, seconds: float) -> None:
        """Sleep like a slow model, but wake at close() so shutdown never waits on a delay."""
        if seconds > 0:
            self._closing.wait(seconds)

    def models_payload(self) -> dict[str, Any]:
        """The /v1/models listing, with vLLM's `max_model_len` when a context window is set."""
        extra = {} if self.context_window is None else {"max_model_len": self.context_window}
        data = [
            {"id": m, "object": "model", "created": 0, "owned_by": "react-repl", **extra}
            for m in self.models
        ]
        return {"object": "list", "data": data}


def completion_payload(reply: ScriptedReply, body: Mapping[str, Any]) -> dict[str, Any]:
    """Build the chat.completion a real server would send for `reply` given the request `body`."""
    stops = body.get("stop") or ()
    text, stopped = cut_at_stop(reply.text, [stops] if isinstance(stops, str) else stops)
    finish = reply.finish_reason or "stop"
    limit = body.get("max_completion_tokens") or body.get("max_tokens")
    if not stopped and isinstance(limit, int) and estimate_tokens(text) > limit:
        text, finish = text[: limit * 4], reply.finish_reason or "length"
    payload: dict[str, Any] = {
        "id": f"chatcmpl-{uuid.uuid4().hex[:24]}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model") or "scripted",
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": finish}
        ],
    }
    if not reply.omit_usage:
        payload["usage"] = _usage(reply, body, text)
    return payload


def _usage(reply: ScriptedReply, body: Mapping[str, Any], text: str) -> dict[str, int]:
    prompt = "".join(str(m.get("content") or "") for m in body.get("messages") or ())
    prompt_tokens = estimate_tokens(prompt) if reply.prompt_tokens is None else reply.prompt_tokens
    completion_tokens = (
        estimate_tokens(text) if reply.completion_tokens is None else reply.completion_tokens
    )
    return {
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
    }


def error_payload(reply: ScriptedReply) -> dict[str, Any]:
    kind, code = _ERROR_KINDS.get(reply.status, ("server_error", "server_error"))
    message = reply.error_message or f"scripted error {reply.status}"
    return {"error": {"message": message, "type": kind, "code": code}}


def _text_of(message: Mapping[str, Any]) -> str:
    """A message's text, whether `content` is a string or a list of typed parts."""
    content = message.get("content") or ""
    if isinstance(content, str):
        return content
    return "".join(str(part.get("text") or "") for part in content if isinstance(part, Mapping))


def _as_reply(reply: ScriptedReply | str) -> ScriptedReply:
    return reply if isinstance(reply, ScriptedReply) else ScriptedReply(text=reply)


def _handler_for(server: ScriptedServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive: no TCP handshake per step in benchmarks
        disable_nagle_algorithm = True  # else headers and body wait ~40 ms on delayed ACKs

        def do_GET(self) -> None:
            if self.path.rstrip("/").endswith("/models"):
                self._send(200, server.models_payload())
            else:
                self._send(404, {"error": {"message": f"no route {self.path}", "code": None}})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(404, {"error": {"message": f"no route {self.path}", "code": None}})
                return
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError as exc:
                self._send(400, {"error": {"message": f"invalid JSON: {exc}", "code": None}})
                return
            if not isinstance(body, dict):
                self._send(400, {"error": {"message": "the body must be a JSON object"}})
                return
            reply = server._next_reply(body)
            server._wait(reply.delay)
            if reply.status == 200:
                self._send(200, completion_payload(reply, body), reply.headers)
            else:
                self._send(reply.status, error_payload(reply), reply.headers)

        def _send(
            self, status: int, payload: Mapping[str, Any], headers: Mapping[str, str] | None = None
        ) -> None:
            data = json.dumps(payload).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True  # the client gave up (a timeout test); fine

        def log_message(self, format: str, *args: Any) -> None:
            """Silent: request lines on stderr would drown test and benchmark output."""

    return Handler
