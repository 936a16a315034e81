"""One attempt at a completion: the request, the transfer, and judging what came back.

The client streams by default. A server that refuses streaming (a 400 naming `stream`) or
answers a stream request with a plain JSON body is asked for whole replies from then on. A
llama.cpp server is also asked for prompt-progress events and per-token timings, so prompt
evaluation shows up as progress and token counts stay exact when the stream is cut at a stop.

Servers' quirks are met rather than made the user's problem. OpenAI's reasoning models refuse
`max_tokens` (they want `max_completion_tokens`) and any temperature but the default; some
models and older gateways refuse `stream` or `stream_options`: a 400 naming the parameter is
answered by resending without it. And a busy llama-server is told from a hung one: it serves one
request per slot, so a second run sharing the bundled model waits in its queue and receives no
byte until the first is done (minutes for a long agent step on a CPU). That silence is not a
hang: `/slots` shows a slot processing someone else's request, while a hung server answers
nothing. How long a request may wait in such a queue is bounded separately (`queue_timeout`).
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import openai

from ._failures import (
    OPENAI_URL,
    classify,
    empty_reply,
    no_choices,
    silent_before_reply,
    silent_mid_reply,
    truncated,
    unreadable_body,
    whole_reply_too_slow,
)
from ._reply import ReplyParts
from ._transfer import Silence, Transfer
from ._types import ModelSettings

Listing = Callable[[], "list[dict[str, Any]] | None"]
_BACKSTOP_MARGIN = 10.0  # the socket timeout that frees an abandoned worker thread
_PROBE_SECONDS = 2.0
_UNSUPPORTED = re.compile(
    r"(?:Unsupported (?:parameter|value)|Unrecognized request arguments? supplied):? "
    r"'?(?P<param>\w+)'?"
)
_DROPPABLE = frozenset({"max_tokens", "temperature", "seed", "stream", "stream_options"})


class Resend(Exception):
    """The server refused a parameter that has now been dropped; send the request again."""


@dataclass(frozen=True)
class PlainBody:
    """A whole reply body, read on the worker thread and judged on the caller's."""

    status: int
    content_type: str
    text: str


class Exchange:
    """Sends attempts for one ChatModel and remembers what its server turned out not to support."""

    def __init__(
        self, client: openai.OpenAI, settings: ModelSettings, server_entries: Listing
    ) -> None:
        self._client = client
        self._settings = settings
        self._server_entries = server_entries
        self._url = settings.base_url or OPENAI_URL
        self._streams = settings.stream
        self._dropped: set[str] = set()

    def run(
        self,
        model: str,
        messages: Sequence[Mapping[str, Any]],
        parts: ReplyParts,
        cancel: threading.Event | None,
        extra_body: Mapping[str, Any] | None,
    ) -> None:
        """Fill `parts` from one attempt, or raise Failure, Resend or ModelCancelled."""
        request = self._request(model, messages, extra_body)
        streaming = bool(request.get("stream"))
        settings = self._settings

        def silence_limit() -> float:
            if not streaming:
                return settings.timeout
            return settings.idle_timeout if parts.text.raw else settings.first_token_timeout

        transfer = Transfer(self._producer(request))
        try:
            with transfer:
                queued = self._queued if streaming and self._is_llama_cpp() else None
                items = transfer.items(silence_limit, cancel, queued, settings.queue_timeout)
                for item in items:
                    if isinstance(item, PlainBody):
                        self._take_body(item, parts, asked_to_stream=streaming)
                    elif parts.add(item.to_dict()):
                        break  # a stop: leaving the block closes the stream
        except Silence as silence:
            if not streaming:
                raise whole_reply_too_slow(self._url, silence.seconds) from None
            if parts.text.raw:
                raise silent_mid_reply(self._url, silence.seconds) from None
            raise silent_before_reply(self._url, silence.seconds) from None
        except (openai.OpenAIError, ValueError) as exc:
            self._adapt_to(exc, request)
            failure = classify(
                exc,
                url=self._url,
                model=model,
                timeout=settings.timeout,
                opened=transfer.opened,
                list_models=self._model_ids,
            )
            if failure is None:
                raise
            raise failure from exc
        parts.text.close()
        self._judge(parts, streamed=streaming)

    def _request(
        self,
        model: str,
        messages: Sequence[Mapping[str, Any]],
        extra_body: Mapping[str, Any] | None,
    ) -> dict[str, Any]:
        settings = self._settings
        request: dict[str, Any] = {
            "model": model,
            "messages": [dict(m) for m in messages],
            "temperature": settings.temperature,
            "max_tokens": settings.max_tokens,
        }
        if settings.seed is not None:
            request["seed"] = settings.seed
        extra = {**settings.extra_body, **(extra_body or {})}
        if self._streams:
            request["stream"] = True
            request["stream_options"] = {"include_usage": True}
            if self._is_llama_cpp():
                extra = {"return_progress": True, "timings_per_token": True, **extra}
        if extra:
            request["extra_body"] = extra
        for param in self._dropped:
            request = without_parameter(request, param)
        backstop = max(settings.first_token_timeout, settings.idle_timeout, settings.timeout)
        request["timeout"] = backstop + _BACKSTOP_MARGIN
        return request

    def _producer(self, request: dict[str, Any]) -> Callable[[Transfer], None]:
        completions = self._client.chat.completions
        if request.get("stream"):

            def produce_stream(transfer: Transfer) -> None:
                stream = completions.create(**request)
                transfer.open(stream.response)
                content_type = stream.response.headers.get("content-type", "")
                if "event-stream" in content_type or not content_type:
                    for chunk in stream:
                        transfer.put(chunk)
                else:
                    transfer.put(_read_body(stream.response))

            return produce_stream

        def produce_whole(transfer: Transfer) -> None:
            # A streamed *response* (not an SSE stream): the body is read here, after the
            # headers, so a reset mid-body is told apart from a server that never answered.
            with completions.with_streaming_response.create(**request) as raw:
                transfer.open(raw.http_response)
                transfer.put(_read_body(raw.http_response))

        return produce_whole

    def _take_body(self, body: PlainBody, parts: ReplyParts, *, asked_to_stream: bool) -> None:
        try:
            data = json.loads(body.text)
        except ValueError:
            data = None
        if not isinstance(data, dict) or not isinstance(data.get("choices"), list):
            raise unreadable_body(self._url, body.status, body.content_type, body.text)
        if asked_to_stream:
            self._streams = False  # it answered a stream request whole: ask for whole replies
        parts.add(data)

    def _judge(self, parts: ReplyParts, *, streamed: bool) -> None:
        """A reply that arrived but cannot be used is a failure too, and worth another try."""
        if not parts.choices_seen:
            raise no_choices(self._url)
        if streamed and parts.finish_reason is None and not parts.text.stopped:
            raise truncated(self._url)
        if not parts.text.raw.strip():
            raise empty_reply(self._url)

    def _adapt_to(self, exc: Exception, request: Mapping[str, Any]) -> None:
        """Drop a parameter the server refused (once) and ask for a resend."""
        param = rejected_parameter(exc)
        if param is None or param not in request or param in self._dropped:
            return
        if param == "stream":
            self._streams = False
        else:
            self._dropped.add(param)
        raise Resend from exc

    def _queued(self) -> bool:
        """True when a llama.cpp server reports a slot processing a request (not a hang)."""
        root = self._url.rstrip("/").removesuffix("/v1")
        try:
            probe = self._client.with_options(timeout=_PROBE_SECONDS)
            slots = probe.get(f"{root}/slots", cast_to=object)
        except (openai.OpenAIError, ValueError):
            return False
        return isinstance(slots, list) and any(
            isinstance(slot, dict) and slot.get("is_processing") for slot in slots
        )

    def _is_llama_cpp(self) -> bool:
        if not self._settings.base_url:
            return False
        entries = self._server_entries() or []
        return any(entry.get("owned_by") == "llamacpp" for entry in entries)

    def _model_ids(self) -> list[str] | None:
        entries = self._server_entries()
        return None if entries is None else [str(e.get("id")) for e in entries]


def _read_body(response: Any) -> PlainBody:
    """The whole body; a transfer that breaks while reading is a connection failure."""
    try:
        text = response.read().decode("utf-8", errors="replace")
    except Exception as exc:
        raise openai.APIConnectionError(message=str(exc), request=response.request) from exc
    return PlainBody(response.status_code, response.headers.get("content-type", ""), text)


def rejected_parameter(exc: Exception) -> str | None:
    """The request parameter a 400 complains about, when it is one we can do without."""
    if not isinstance(exc, openai.BadRequestError):
        return None
    body = exc.body if isinstance(exc.body, dict) else {}
    param = body.get("param")
    if not isinstance(param, str):
        match = _UNSUPPORTED.search(str(body.get("message") or exc.message))
        param = match["param"] if match else None
    return param if param in _DROPPABLE else None


def without_parameter(request: dict[str, Any], param: str) -> dict[str, Any]:
    adapted = {key: value for key, value in request.items() if key != param}
    if param == "max_tokens":
        adapted["max_completion_tokens"] = request["max_tokens"]
    if param == "stream":
        adapted.pop("stream_options", None)
    return adapted
