"""Adapt a request to a server that rejects one of its parameters.

OpenAI's reasoning models refuse `max_tokens` (they want `max_completion_tokens`) and any
temperature but the default; some models and older gateways refuse `stream` or
`stream_options`. Rather than making users know each model's quirks, a 400 naming the
parameter is answered by resending without it: without `stream` the client asks for whole
replies, without `stream_options` it estimates token counts.
"""

from __future__ import annotations

import re
from typing import Any

import openai

_UNSUPPORTED = re.compile(
    r"(?:Unsupported (?:parameter|value)|Unrecognized request arguments? supplied):? "
    r"'?(?P<param>\w+)'?"
)
_DROPPABLE = frozenset({"max_tokens", "temperature", "seed", "stream", "stream_options"})


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
