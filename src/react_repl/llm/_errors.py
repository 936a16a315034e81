"""Turn what the `openai` client raised into a Failure that says what to change.

A raw "Connection error." or "Error code: 401" leaves users guessing which of three places
(flag, environment, config file) holds the wrong value; these messages name them.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Callable

import openai

from ._failures import (
    CONFIG,
    KEY_SOURCES,
    MODEL_SOURCES,
    TRIES,
    URL_SOURCES,
    Failure,
    broken_event,
    unreadable_body,
    whole_reply_too_slow,
)

ListModels = Callable[[], "list[str] | None"]
_RETRYABLE_4XX = (408, 409, 429)


def classify(
    exc: BaseException,
    *,
    url: str,
    model: str,
    timeout: float,
    opened: bool,
    list_models: ListModels,
) -> Failure | None:
    """The Failure for an exception from one attempt; None when it is not the server's doing.

    `opened` tells whether the response had started, which separates "nothing answered" from
    "the connection broke mid-reply".
    """
    if isinstance(exc, openai.APITimeoutError):
        return whole_reply_too_slow(url, timeout)
    if isinstance(exc, openai.APIConnectionError):
        return _connection_failure(url, exc, opened=opened)
    if isinstance(exc, openai.APIStatusError):
        return _status_failure(exc, url, model, list_models)
    if isinstance(exc, openai.APIError):
        return _error_event(exc, url)
    if isinstance(exc, json.JSONDecodeError):
        return broken_event(url, str(exc))
    return None


def _connection_failure(url: str, exc: BaseException, *, opened: bool) -> Failure:
    cause = _cause(exc)
    if opened:
        return Failure(
            f"the connection broke mid-reply: {cause}",
            f"The connection to {url} broke mid-reply ({TRIES}; last: {cause}). The server "
            "or something between (a proxy) dropped it: check the server's log.",
        )
    if not _never_connected(exc):
        return Failure(
            f"closed without answering: {cause}",
            f"The server at {url} closed the connection without answering ({TRIES}; last: "
            f"{cause}). It may have crashed on the request: check the server's log.",
        )
    return Failure(
        f"connection failed: {cause}",
        f"Nothing answered at {url} ({TRIES}: {cause}). Start the model server there "
        "(e.g. `vllm serve MODEL`, `ollama serve`, `llama-server -m FILE`), fix the URL via "
        f"{URL_SOURCES}, or unset both URL and key to use the bundled local model.",
    )


def _status_failure(
    exc: openai.APIStatusError, url: str, model: str, list_models: ListModels
) -> Failure:
    status = exc.status_code
    response = exc.response
    detail = _server_message(exc)
    if detail is None:
        content_type = response.headers.get("content-type", "")
        return unreadable_body(url, status, content_type, _text(response))
    retryable = status in _RETRYABLE_4XX or status >= 500
    cause = f"HTTP {status}: {detail}"
    if status == 401:
        text = (
            f"The server at {url} rejected the API key (401: {detail}). "
            f"Set the right key with {KEY_SOURCES}."
        )
    elif status == 403:
        text = (
            f"The key is not allowed to use model {model!r} at {url} (403: {detail}). "
            f"Use a key with access ({KEY_SOURCES}) or another model ({MODEL_SOURCES})."
        )
    elif status == 404:
        text = _not_found(model, url, detail, list_models())
    elif status == 429:
        text = (
            f"The server at {url} kept rate-limiting after {TRIES} (429: {detail}). Wait "
            f"and retry, or raise max_retries in {CONFIG}."
        )
    elif status >= 500:
        text = (
            f"The server at {url} failed after {TRIES} ({status}: {detail}). "
            "Check the server's own log; it is not a problem with the request."
        )
    else:
        text = f"The server at {url} rejected the request ({status}: {detail})."
    return Failure(cause, text, retryable=retryable, status=status)


def _error_event(exc: openai.APIError, url: str) -> Failure:
    """An `{"error": ...}` event inside a stream, which llama.cpp and vLLM send mid-reply."""
    body = exc.body if isinstance(exc.body, dict) else {}
    code = body.get("code")
    status = code if isinstance(code, int) and 400 <= code < 600 else None
    retryable = status is None or status >= 500 or status in _RETRYABLE_4XX
    return Failure(
        f"error event mid-stream: {exc.message}",
        f"The server at {url} reported an error mid-reply ({TRIES}): {exc.message}. "
        "Check the server's log.",
        retryable=retryable,
        status=status,
    )


def _not_found(model: str, url: str, detail: str, offered: list[str] | None) -> str:
    """A 404 for a model the server does list is about the URL, not the model: saying it "is
    not available" beside a list that names it would send the user to change the wrong thing."""
    if offered and model in offered:
        return (
            f"The server at {url} lists model {model!r} but answered 404 to the chat request "
            f"({detail}): the chat endpoint is not where the URL points (a path or proxy "
            f"prefix may be wrong; OpenAI-compatible servers serve /v1/chat/completions) or "
            f"the server does not serve chat for this model. Check {URL_SOURCES} and the "
            "server's log."
        )
    head = f"Model {model!r} is not available at {url} (404: {detail})."
    if offered:
        return f"{head} The server offers: {', '.join(offered)}. Pick one with {MODEL_SOURCES}."
    if offered is None:
        return (
            f"{head} Listing its models failed too, so the URL may be wrong: OpenAI-compatible "
            f"servers usually end in /v1. Check {URL_SOURCES}."
        )
    return f"{head} The server lists no models; load one there first."


def _server_message(exc: openai.APIStatusError) -> str | None:
    """The message of an OpenAI-style error body, or None when the body is something else."""
    body = exc.body
    if not isinstance(body, dict):
        return None
    inner = body.get("error")
    if isinstance(inner, dict):
        message = inner.get("message")
        return str(message) if message else json.dumps(inner)[:300]
    if isinstance(inner, str) and inner:
        return inner
    return str(body["message"]) if body.get("message") else None


def _text(response: object) -> str:
    try:
        return str(response.text)  # type: ignore[attr-defined]
    except Exception:
        return ""


def _never_connected(exc: BaseException) -> bool:
    """True when no connection was made (refused, unknown host, connect timeout).

    Told apart by class name because openai 1.x wraps httpx and later versions httpx2.
    """
    chain: BaseException | None = exc
    while chain is not None:
        if isinstance(chain, ConnectionRefusedError | socket.gaierror):
            return True
        if type(chain).__name__ in ("ConnectError", "ConnectTimeout"):
            return True
        chain = chain.__cause__ or chain.__context__
    return False


def _cause(exc: BaseException) -> str:
    """The innermost reason ("Connection refused") rather than openai's generic wrapper text."""
    while exc.__cause__ is not None:
        exc = exc.__cause__
    return str(exc) or type(exc).__name__
