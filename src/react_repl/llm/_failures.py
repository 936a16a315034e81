"""Ways one attempt can fail, each with a short cause for the retry log and a message for the user.

A raw "Connection error." or a JSONDecodeError leaves users guessing; every message here says
what the server did, how often it was tried, and what to change (naming the flag, environment
variable or config key that holds the value).
"""

from __future__ import annotations

import html
import re

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
