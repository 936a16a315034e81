"""Ways one attempt can fail, each with a short cause for the retry log and a message for the user.

A raw "Connection error.", "Error code: 401" or a JSONDecodeError leaves users guessing which of
three places (flag, environment, config file) holds the wrong value; every message here says
what the server did, how often it was tried, and what to change (naming the flag, environment
variable or config key that holds the value). `classify` turns what the `openai` client raised
into such a Failure.
"""

from __future__ import annotations

import html
import json
import re
import socket
from collections.abc import Callable

import openai

from ._types import ModelError, RetryRecord

OPENAI_URL = "https://api.openai.com/v1"
CONFIG = "[model] of react-repl.toml"
KEY_SOURCES = f"--api-key, the OPENAI_API_KEY environment variable, or api_key in {CONFIG}"
URL_SOURCES = "--base-url, the OPENAI_BASE_URL environment variable, or base_url in [model]"
MODEL_SOURCES = "--model, the REACT_REPL_MODEL environment variable, or model in [model]"
_URL_HINT = f"OpenAI-compatible APIs usually end in /v1; check {URL_SOURCES}"
_SNIPPET_CHARS = 120
_TITLE = re.compile(r"<title[^>]*>(.*?)</title>", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^>]+>")

TRIES = "{tries}"  # where a message names how often it was tried ("3 attempts")
ListModels = Callable[[], "list[str] | None"]
_RETRYABLE_4XX = (408, 409, 429)


class Failure(Exception):
    """One failed attempt: `message` names the attempts with `TRIES`, filled in once they are
    over. `hang` marks a silent server, whose retries are bounded separately (`hang_retries`)
    because each one costs a whole timeout."""

    def __init__(
        self,
        cause: str,
        message: str,
        *,
        retryable: bool = True,
        status: int | None = None,
        hang: bool = False,
    ) -> None:
        super().__init__(cause)
        self.cause = cause
        self.message = message
        self.retryable = retryable
        self.status = status
        self.hang = hang

    def to_error(self, attempts: int, retry_log: tuple[RetryRecord, ...]) -> ModelError:
        tries = f"{attempts} attempt{'s' if attempts != 1 else ''}"
        text = self.message.replace(TRIES, tries)
        return ModelError(text, status=self.status, retry_log=retry_log)


def silent_before_reply(url: str, seconds: float) -> Failure:
    return Failure(
        f"no reply within {seconds:g} s",
        f"The model at {url} sent nothing for {seconds:g} s ({TRIES}). If it is only slow "
        f"(a long prompt on a slow CPU), raise first_token_timeout in {CONFIG}; "
        "otherwise restart the model server.",
        hang=True,
    )


def silent_mid_reply(url: str, seconds: float) -> Failure:
    return Failure(
        f"stalled mid-reply: nothing for {seconds:g} s",
        f"The model at {url} stopped sending mid-reply: nothing for {seconds:g} s "
        f"({TRIES}). Restart the model server, or raise idle_timeout in {CONFIG} "
        "if it is only slow.",
        hang=True,
    )


def whole_reply_too_slow(url: str, seconds: float) -> Failure:
    return Failure(
        f"no complete reply within {seconds:g} s",
        f"The model at {url} did not answer within the {seconds:g} s timeout ({TRIES}). "
        f"Raise it with `timeout = {max(seconds * 2, 60):g}` in the {CONFIG} table, "
        "or lower max_tokens.",
        hang=True,
    )


def unreadable_body(url: str, status: int, content_type: str, body: str) -> Failure:
    """A reply that is not what an OpenAI-compatible server sends: HTML, plain text, bad JSON.

    Something other than the model server usually wrote it (a proxy, a web UI, a gateway whose
    backend is restarting), which may pass, so it is retried like a server fault.
    """
    html_page = _is_html(content_type, body)
    kind = "an HTML page" if html_page else f"a body ({content_type or 'without a type'})"
    snippet = body_snippet(body)
    shown = f" ({snippet!r})" if snippet else ""
    if status == 200:
        what = f"answered 200 with {kind} that is not a chat completion{shown}"
        todo = f"Check that the URL points at the model server's API ({_URL_HINT})."
    elif status >= 500:
        what = f"failed with {status} and {kind} instead of an OpenAI-style error{shown}"
        todo = (
            "A proxy or gateway answered for the model server: check that the server behind "
            f"it is running, and the URL ({_URL_HINT})."
        )
    else:
        what = f"answered {status} with {kind} instead of an OpenAI-style error{shown}"
        todo = f"Something other than the model server answered: check the URL ({_URL_HINT})."
    return Failure(
        f"HTTP {status}: {kind}{shown}",
        f"The server at {url} {what} ({TRIES}). {todo}",
        status=None if status == 200 else status,
    )


def no_choices(url: str) -> Failure:
    return Failure(
        "the reply held no choices",
        f"The server at {url} returned replies without any choice ({TRIES}). "
        "Check the server's log: the model may have failed to load or to generate.",
    )


def empty_reply(url: str) -> Failure:
    return Failure(
        "the model returned an empty message",
        f"The model at {url} returned an empty message ({TRIES}). Small models sometimes "
        "end at once: try again, rephrase the task, raise temperature, or use another "
        f"model ({MODEL_SOURCES}).",
    )


def truncated(url: str) -> Failure:
    return Failure(
        "the stream ended without a finish reason",
        f"The reply from {url} ended before it was complete: the stream closed without a "
        f"finish reason ({TRIES}). Check the server's log, or set `stream = false` in "
        f"{CONFIG} if it streams badly.",
    )


def broken_event(url: str, detail: str) -> Failure:
    return Failure(
        f"an invalid stream event: {detail}",
        f"The server at {url} sent a stream event that is not valid JSON ({detail}; "
        f"{TRIES}). Check the server's log, or set `stream = false` in {CONFIG} to ask "
        "for whole replies.",
    )


def body_snippet(body: str) -> str:
    """A short, one-line excerpt of a body: an HTML page's title (or text), else its start."""
    if title := _TITLE.search(body):
        text = title.group(1)
    elif _is_html("", body):
        text = _TAG.sub(" ", body)
    else:
        text = body
    text = " ".join(html.unescape(text).split())
    return text if len(text) <= _SNIPPET_CHARS else text[: _SNIPPET_CHARS - 1] + "…"


def _is_html(content_type: str, body: str) -> bool:
    head = body.lstrip()[:15].lower()
    return "html" in content_type.lower() or head.startswith(("<!doctype html", "<html"))


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
