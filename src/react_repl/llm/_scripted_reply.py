"""What the scripted server plays for one request: words, an error, or a scripted fault."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

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
