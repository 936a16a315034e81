"""The values that cross the boundary between the agent and a model server."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit


@dataclass(frozen=True)
class ModelSettings:
    """Everything needed to reach one model; frozen so a run's log can record exactly what was used.

    An empty `model` means "whatever the server serves": vLLM and llama.cpp serve a single model,
    so users pointing at them need not repeat its name.

    Hang limits (streaming). A server is *silent* while it sends no byte of the reply; the
    llama.cpp server's keep-alive pings (every 30 s) and prompt-progress events count as bytes.
    `first_token_timeout` bounds the silence before the reply's first text, `idle_timeout` the
    silence after it. The bundled 1-thread llama-server was never silent for more than about
    30 s, even while evaluating a cold 4k-token prompt for minutes on a loaded 2-core machine
    (docs/model_client.md), so 75 s and 45 s leave a wide margin. Servers that send nothing
    while they evaluate a prompt (vLLM, Ollama) must start answering within
    `first_token_timeout`. A timed-out attempt is retried `hang_retries` times, so by default a
    server that never answers ends the call after about 2 × 75 s, under the 3-minute promise.

    `timeout` bounds a whole non-streamed reply (servers that refuse to stream, or `stream=False`).

    A request waiting its turn behind another run's request on a llama.cpp server (one slot,
    shared) is silent too, but `/slots` shows the server working: such waiting is allowed for up
    to `queue_timeout` seconds in all before the silence limits apply again.
    """

    model: str
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)  # kept out of logs and tracebacks
    temperature: float = 0.0
    max_tokens: int = 512
    timeout: float = 120.0
    max_retries: int = 4
    context_window: int | None = None
    seed: int | None = None
    extra_body: Mapping[str, Any] = field(default_factory=dict)
    retry_base_delay: float = 0.5
    retry_max_delay: float = 30.0
    stream: bool = True
    first_token_timeout: float = 75.0
    idle_timeout: float = 45.0
    hang_retries: int = 1
    queue_timeout: float = 900.0

    def __post_init__(self) -> None:
        if self.base_url:
            check_base_url(self.base_url)


def check_base_url(url: str) -> None:
    """A URL without its scheme (`localhost:8080/v1`) is sent as a relative path and comes back
    as a crashed server five retries later; say what is wrong before any request."""
    try:
        parts = urlsplit(url)
        scheme, _port = parts.scheme, parts.port
    except ValueError as error:
        raise ValueError(f"the base URL {url!r} is not a valid URL: {error}") from None
    if scheme not in ("http", "https"):
        raise ValueError(
            f"the base URL {url!r} must start with http:// or https:// "
            f"(for example http://{url.split('://')[-1]})"
        )


@dataclass(frozen=True)
class RetryRecord:
    """One failed attempt that was retried: which, why, and how long the client waited after it."""

    attempt: int  # 1 for the first request
    cause: str
    delay: float


@dataclass(frozen=True)
class Completion:
    """One model answer with the cost the agent logs per step.

    `usage_estimated` is True when the server sent no token counts and they were guessed from
    text length, so logs never present a guess as a measurement. `retry_log` lists every failed
    attempt before this answer, so the run log can show what went wrong and how it was survived.
    """

    text: str
    prompt_tokens: int
    completion_tokens: int
    duration: float
    finish_reason: str | None
    retries: int
    usage_estimated: bool = False
    retry_log: tuple[RetryRecord, ...] = ()


class ModelError(Exception):
    """A model call that cannot succeed; the message says what went wrong and what to do.

    `status` carries the HTTP status when the server answered, so callers can tell a rejected
    request (for example a prompt over the context limit, 400) from an unreachable server (None).
    `retry_log` holds the failed attempts that came before the final one.
    """

    def __init__(
        self,
        message: str,
        *,
        status: int | None = None,
        retry_log: tuple[RetryRecord, ...] = (),
    ) -> None:
        super().__init__(message)
        self.status = status
        self.retry_log = retry_log


class ModelCancelled(Exception):
    """The caller cancelled the call (Ctrl-C or `cancel.set()`); the stream was closed.

    Not a ModelError, so the agent can tell "the user stopped it" from "the server failed".
    `partial_text` is what had streamed (stops applied) when the call was cancelled.
    """

    def __init__(self, partial_text: str = "", retry_log: tuple[RetryRecord, ...] = ()) -> None:
        super().__init__("The model call was cancelled.")
        self.partial_text = partial_text
        self.retry_log = retry_log
