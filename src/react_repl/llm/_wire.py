"""What the scripted server plays for one request (words, an error, or a scripted fault) and the
OpenAI wire format it speaks: completions, stream chunks and errors."""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ._text import cut_at_stop, estimate_tokens

_ERROR_KINDS: dict[int, tuple[str, str]] = {
    400: ("invalid_request_error", "bad_request"),
    401: ("authentication_error", "invalid_api_key"),
    403: ("permission_error", "forbidden"),
    404: ("invalid_request_error", "model_not_found"),
    429: ("rate_limit_error", "rate_limit_exceeded"),
}
_WORD_PIECE = re.compile(r"\s*\S+|\s+")

Fault = Literal["hang", "stall", "reset", "truncate", "invalid_sse", "no_choices"]
"""Ways a real server misbehaves mid-reply, each reproduced on the real socket:

- hang: reads the request and never answers;
- stall: sends the first half of the reply, then nothing more;
- reset: sends the first half, then resets the connection (TCP RST);
- truncate: sends the first half, then ends the body cleanly with no finish_reason or [DONE];
- invalid_sse: sends the first half, then an event whose data is not JSON;
- no_choices: a well-formed reply whose `choices` list is empty.
"""


@dataclass
class ScriptedReply:
    """One scripted answer: a completion, an HTTP error when `status` is not 200, or a fault.

    `body` replaces the whole payload with raw text sent as `content_type` (an HTML error page, a
    200 that is not JSON, a 4xx without an OpenAI error object). Streamed replies go out in
    word-sized pieces, or `chunk_chars` characters each, `chunk_delay` seconds apart.

    `delay` is the wait before anything is sent. With `ping_interval`, a streamed reply sends
    its headers at once and an SSE comment every `ping_interval` seconds of that wait, as
    llama-server does while it evaluates a long prompt.
    """

    text: str = ""
    status: int = 200
    delay: float = 0.0
    error_message: str = ""
    headers: Mapping[str, str] = field(default_factory=dict)
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    finish_reason: str | None = None
    omit_usage: bool = False  # like servers that send no `usage`
    chunk_chars: int = 0
    chunk_delay: float = 0.0
    ping_interval: float = 0.0
    fault: Fault | None = None
    body: str | None = None
    content_type: str = "application/json"


def as_reply(reply: ScriptedReply | str) -> ScriptedReply:
    return reply if isinstance(reply, ScriptedReply) else ScriptedReply(text=reply)


def reply_text(reply: ScriptedReply, body: Mapping[str, Any]) -> tuple[str, str]:
    """The text a real server would send for `reply`, and why it ended: its stops and limit."""
    stops = body.get("stop") or ()
    text, stopped = cut_at_stop(reply.text, [stops] if isinstance(stops, str) else stops)
    finish = reply.finish_reason or "stop"
    limit = body.get("max_completion_tokens") or body.get("max_tokens")
    if not stopped and isinstance(limit, int) and estimate_tokens(text) > limit:
        text, finish = text[: limit * 4], reply.finish_reason or "length"
    return text, finish


def completion_payload(reply: ScriptedReply, body: Mapping[str, Any]) -> dict[str, Any]:
    """The chat.completion a real server would send for `reply` given the request `body`."""
    text, finish = reply_text(reply, body)
    choice = {
        "index": 0,
        "message": {"role": "assistant", "content": text},
        "finish_reason": finish,
    }
    payload = _envelope(body, "chat.completion", [] if reply.fault == "no_choices" else [choice])
    if not reply.omit_usage:
        payload["usage"] = _usage(reply, body, text)
    return payload


def stream_payloads(reply: ScriptedReply, body: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every chat.completion.chunk of the streamed reply, the usage chunk last when asked for."""
    text, finish = reply_text(reply, body)
    envelope = _envelope(body, "chat.completion.chunk", [])
    if reply.fault == "no_choices":
        chunks: list[dict[str, Any]] = [{**envelope} for _ in split_pieces(text, reply)]
    else:
        deltas = [{"role": "assistant", "content": ""}]
        deltas += [{"content": piece} for piece in split_pieces(text, reply)]
        chunks = [_chunk(envelope, delta, None) for delta in deltas]
        chunks.append(_chunk(envelope, {}, finish))
    options = body.get("stream_options")
    if isinstance(options, Mapping) and options.get("include_usage") and not reply.omit_usage:
        chunks.append({**envelope, "choices": [], "usage": _usage(reply, body, text)})
    return chunks


def split_pieces(text: str, reply: ScriptedReply) -> list[str]:
    """Word-sized pieces like a tokenizer's, or fixed-size ones to split stops across chunks."""
    size = reply.chunk_chars
    if size > 0:
        return [text[i : i + size] for i in range(0, len(text), size)]
    return _WORD_PIECE.findall(text)


def error_payload(reply: ScriptedReply) -> dict[str, Any]:
    kind, code = _ERROR_KINDS.get(reply.status, ("server_error", "server_error"))
    message = reply.error_message or f"scripted error {reply.status}"
    return {"error": {"message": message, "type": kind, "code": code}}


def _envelope(body: Mapping[str, Any], kind: str, choices: list[Any]) -> dict[str, Any]:
    return {
        "id": f"chatcmpl-{uuid.uuid4().hex[:24]}",
        "object": kind,
        "created": int(time.time()),
        "model": body.get("model") or "scripted",
        "choices": choices,
    }


def _chunk(envelope: dict[str, Any], delta: dict[str, Any], finish: str | None) -> dict[str, Any]:
    return {**envelope, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def _usage(reply: ScriptedReply, body: Mapping[str, Any], text: str) -> dict[str, int]:
    messages = [m for m in body.get("messages") or () if isinstance(m, Mapping)]
    prompt = reply.prompt_tokens
    if prompt is None:
        prompt = estimate_tokens("".join(str(m.get("content") or "") for m in messages))
    completion = (
        estimate_tokens(text) if reply.completion_tokens is None else reply.completion_tokens
    )
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
    }
