"""An OpenAI-compatible HTTP server that plays scripted replies.

Agents are tested and benchmarked against it through the real `openai` client and a real socket,
so every layer the user's run goes through (HTTP, JSON, SSE streaming, retries, timeouts) is
exercised; only the model's words are scripted. Faults a real server commits (a hang, a stalled
or reset stream, a body that is not JSON) are scripted the same way. Users can use it to try
their own agents and prompts offline.
"""

from __future__ import annotations

import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from http.server import ThreadingHTTPServer
from typing import Any

from ._scripted_http import handler_for
from ._wire import ScriptedReply, as_reply

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
        self._streams = streams
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
    def streams(self) -> bool:
        return self._streams

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
