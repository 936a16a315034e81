"""One chat model behind any OpenAI-compatible server (OpenAI, vLLM, Ollama, llama.cpp).

Each server family reports its context length differently (and OpenAI not at all), so the
agent's context budget comes from whichever of their answers comes first.
"""

from __future__ import annotations

import json
import os
import random
import ssl
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from email.utils import parsedate_to_datetime
from typing import Any

import openai

from ._exchange import Exchange, Resend
from ._failures import OPENAI_URL, Failure
from ._reply import ReplyParts, StreamedText
from ._types import Completion, ModelCancelled, ModelSettings, RetryRecord

# llama.cpp's server needs no key, but the openai client refuses to start without one.
PLACEHOLDER_API_KEY = "sk-no-key-required"

RetrySink = Callable[[RetryRecord], None]
_RETRY_AFTER_CAP = 60.0
DEFAULT_CONTEXT_WINDOW = 8192
OLLAMA_DEFAULT_NUM_CTX = 4096  # what Ollama allocates when a model sets no num_ctx
_PROBE_TIMEOUT = 5.0
_LISTED_WINDOWS = ("context_length", "context_window")


def openai_client(settings: ModelSettings, *, timeout: float | None = None) -> openai.OpenAI:
    """The one place the `openai` client is built, with our retries only (max_retries=0), over
    this process's shared connection pool (`_connection_pool`)."""
    plain = (settings.base_url or "").startswith("http://")
    return openai.OpenAI(
        api_key=settings.api_key or PLACEHOLDER_API_KEY,
        base_url=settings.base_url,
        timeout=settings.timeout if timeout is None else timeout,
        max_retries=0,
        http_client=_connection_pool(plain),
    )


class _SharedPool(openai.DefaultHttpxClient):
    """Lives as long as its process: closing one `openai` client (`close()`, or leaving its
    `with` block) must not close the connections every other model client sends through."""

    def close(self) -> None:
        return


_POOLS: dict[tuple[int, bool], _SharedPool] = {}
_POOLS_LOCK = threading.Lock()


def _connection_pool(plain_http: bool) -> _SharedPool:
    """One HTTP client per process (and per kind of server) under every `openai` client.

    A client of its own cost each model client about 35 ms to load the system's certificate
    bundle, and a connection of its own: the model check and the run's first request each
    shook hands with a hosted server, and so did every bench attempt. A plain-http server (every
    local one) gets a TLS context with no certificates loaded, so a redirect to https fails
    verification instead of passing unchecked. Keyed by process: a forked child must not share
    its parent's sockets.
    """
    key = (os.getpid(), plain_http)
    with _POOLS_LOCK:
        if key not in _POOLS:
            verify = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT) if plain_http else True
            _POOLS[key] = _SharedPool(verify=verify)
        return _POOLS[key]


class ChatModel:
    """Streamed chat completions with our own bounded retries, hang limits and clear errors.

    The `openai` client runs with max_retries=0 so that retries, their count and their back-off
    are ours: each one is recorded with its cause for the run log, and tests can keep them short.
    """

    def __init__(
        self, settings: ModelSettings, *, listing: list[dict[str, Any]] | None = None
    ) -> None:
        """`listing`: the server's /v1/models entries when the caller already asked for them."""
        self.settings = settings
        self._client = openai_client(settings)
        self._model = settings.model
        self._context_window = settings.context_window
        self._exchange = Exchange(self._client, settings, self._server_entries)
        self._entries = listing
        self._listed = listing is not None
        self._asking = threading.RLock()  # `prepare` may be asking the server in another thread

    @property
    def name(self) -> str:
        """The model's name; asked from the server once when the settings left it empty."""
        if not self._model:
            entries = self._server_entries()
            self._model = str(entries[0].get("id")) if entries else "default"
        return self._model

    @property
    def url(self) -> str:
        return self.settings.base_url or OPENAI_URL

    def context_window(self) -> int:
        """Prompt + completion tokens the server accepts, so the agent can budget its prompt."""
        with self._asking:
            if self._context_window is None:
                # OpenAI itself reports no context length; probing its other paths only costs time.
                found = None
                if self.settings.base_url:
                    entries = self._server_entries() or []
                    found = discover_context_window(self._client, self.name, entries)
                self._context_window = found or DEFAULT_CONTEXT_WINDOW
            return self._context_window

    def prepare(self) -> None:
        """Do now what the first request would do first: openai imports its chat resource on
        first use (about 0.05 s), and a local server's context window takes probes. The agent
        calls this in a thread while its sandbox worker boots, so the first request waits for
        neither; a `context_window()` asked meanwhile waits for these probes, not its own."""
        self._client.chat.completions  # noqa: B018 (the attribute's first read is the import)
        self.context_window()

    def complete(
        self,
        messages: Sequence[Mapping[str, str]],
        *,
        stop: Sequence[str] = (),
        on_text: Callable[[str], None] | None = None,
        cancel: threading.Event | None = None,
        extra_body: Mapping[str, Any] | None = None,
        on_retry: RetrySink | None = None,
    ) -> Completion:
        """One completion, streamed: `on_text` gets each new piece of text as it arrives.

        Stops are cut here, outside ``` code blocks only, and never sent to the server: a
        server cannot tell code from prose, so a server-side "\\nobservation" would end the reply
        inside `observations = []`. When a stop appears outside code the stream is closed at
        once, which also stops a llama.cpp server from generating on.

        A failed attempt is retried (bounded by `max_retries`, and by `hang_retries` for silent
        servers); text already passed to `on_text` then belongs to the abandoned attempt, which
        `on_retry` announces before the next one starts. Setting `cancel` ends the call within a
        fraction of a second with ModelCancelled. Failures end in a ModelError whose message says
        what happened and what to do; both carry the retry log.
        """
        started = time.perf_counter()
        retry_log: list[RetryRecord] = []
        attempt, hangs = 1, 0
        while True:
            _check(cancel, retry_log)
            parts = ReplyParts(StreamedText(stop, on_text))
            try:
                self._exchange.run(self.name, messages, parts, cancel, extra_body)
            except Resend:
                continue  # a parameter the server refused was dropped; not a failure
            except ModelCancelled:
                raise ModelCancelled(parts.text.text, tuple(retry_log)) from None
            except Failure as failure:
                settings = self.settings
                out_of_hangs = failure.hang and hangs >= settings.hang_retries
                if not failure.retryable or attempt > settings.max_retries or out_of_hangs:
                    raise failure.to_error(attempt, tuple(retry_log)) from failure
                base, cap = settings.retry_base_delay, settings.retry_max_delay
                delay = retry_delay(failure.__cause__ or failure, attempt - 1, base, cap)
                record = RetryRecord(attempt, failure.cause, round(delay, 3))
                retry_log.append(record)
                if on_retry is not None:
                    on_retry(record)
                _pause(delay, cancel, retry_log)
                attempt, hangs = attempt + 1, hangs + failure.hang
                continue
            prompt_tokens, completion_tokens, estimated = parts.token_counts(messages)
            return Completion(
                text=parts.text.text,
                prompt_tokens=prompt_tokens,
                completion_tokens=completion_tokens,
                duration=time.perf_counter() - started,
                finish_reason="stop" if parts.text.stopped else parts.finish_reason,
                retries=len(retry_log),
                usage_estimated=estimated,
                retry_log=tuple(retry_log),
            )

    def _server_entries(self) -> list[dict[str, Any]] | None:
        """The server's /v1/models listing, asked once (None when it could not be listed)."""
        with self._asking:
            if not self._listed:
                self._entries, self._listed = list_model_entries(self._client), True
            return self._entries


def _check(cancel: threading.Event | None, retry_log: list[RetryRecord]) -> None:
    if cancel is not None and cancel.is_set():
        raise ModelCancelled("", tuple(retry_log))


def _pause(seconds: float, cancel: threading.Event | None, retry_log: list[RetryRecord]) -> None:
    """Back off before a retry, but wake at once when the call is cancelled."""
    if cancel is None:
        time.sleep(seconds)
    elif cancel.wait(seconds):
        raise ModelCancelled("", tuple(retry_log))


def retry_delay(exc: BaseException, attempt: int, base: float, cap: float) -> float:
    """The server's Retry-After when it sent one, else exponential back-off with jitter.

    Jitter keeps several agents that failed together from hammering the server in lockstep.
    """
    hinted = retry_after(exc)
    if hinted is not None:
        return min(hinted, _RETRY_AFTER_CAP)
    ceiling = min(cap, base * 2**attempt)
    return random.uniform(ceiling / 2, ceiling)


def retry_after(exc: BaseException) -> float | None:
    """Seconds from `retry-after-ms` or `retry-after` (seconds or an HTTP date), if present."""
    if not isinstance(exc, openai.APIStatusError):
        return None
    headers = exc.response.headers
    try:
        if (ms := headers.get("retry-after-ms")) is not None:
            return max(0.0, float(ms) / 1000)
        if (value := headers.get("retry-after")) is None:
            return None
        try:
            return max(0.0, float(value))
        except ValueError:
            return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
    except (ValueError, TypeError):
        return None


def list_model_entries(client: openai.OpenAI) -> list[dict[str, Any]] | None:
    """The /v1/models entries as the server sent them (extra fields such as context lengths
    kept), or None when the listing fails. Read untyped: openai's typed page costs about 20 ms
    to build, on the way to the first request, and checks nothing used here."""
    try:
        page = client.with_options(timeout=_PROBE_TIMEOUT).get("/models", cast_to=object)
        if isinstance(page, str):  # JSON sent under another content type, or a web page
            page = json.loads(page)
    except (openai.OpenAIError, ValueError):
        return None
    data = page.get("data") if isinstance(page, Mapping) else None
    if not isinstance(data, list):  # {"data": 5}
        return None
    return [dict(entry) for entry in data if isinstance(entry, Mapping)]


def discover_context_window(
    client: openai.OpenAI, model: str, entries: list[dict[str, Any]]
) -> int | None:
    """The server's context length for `model`, trying vLLM, llama.cpp then Ollama conventions.

    `entries` is the /v1/models listing the caller already holds, so a slow server is not asked
    for it twice.
    """
    if (from_vllm := context_from_models(entries, model)) is not None:
        return from_vllm
    root = str(client.base_url).rstrip("/").removesuffix("/v1")
    props = _probe(client, f"{root}/props")
    if props is not None and (from_props := context_from_llamacpp_props(props)) is not None:
        return from_props
    if (trained := trained_context_from_models(entries, model)) is not None:
        return trained
    show = _probe(client, f"{root}/api/show", {"model": model})
    return None if show is None else context_from_ollama_show(show)


def context_from_models(entries: list[dict[str, Any]], model: str) -> int | None:
    """vLLM's `max_model_len` (the limit the server enforces), else the requested model's own
    `context_length` (OpenRouter, Together) or `context_window` (Groq): a hosted provider lists
    each model's window, and probing it for llama.cpp's and Ollama's paths costs two round
    trips before the first request."""
    for entry in _requested_first(entries, model):
        if _positive(entry.get("max_model_len")):
            return int(entry["max_model_len"])
    own = next((entry for entry in entries if entry.get("id") == model), {})
    return next((int(own[key]) for key in _LISTED_WINDOWS if _positive(own.get(key))), None)


def trained_context_from_models(entries: list[dict[str, Any]], model: str) -> int | None:
    """llama.cpp's `meta.n_ctx_train`: an upper bound only, for when /props is unavailable."""
    for entry in _requested_first(entries, model):
        meta = entry.get("meta")
        if isinstance(meta, Mapping) and _positive(meta.get("n_ctx_train")):
            return int(meta["n_ctx_train"])
    return None


def context_from_llamacpp_props(props: Mapping[str, Any]) -> int | None:
    """llama.cpp's /props: the slot context it was started with (`-c`), not the training one."""
    settings = props.get("default_generation_settings")
    for source in (settings, props):
        if isinstance(source, Mapping) and _positive(source.get("n_ctx")):
            return int(source["n_ctx"])
    return None


def context_from_ollama_show(show: Mapping[str, Any]) -> int | None:
    """Ollama truncates prompts at `num_ctx`, which is usually far below the model's maximum."""
    for line in str(show.get("parameters") or "").splitlines():
        key, _, value = line.partition(" ")
        if key == "num_ctx" and value.strip().isdigit():
            return int(value.strip())
    info = show.get("model_info")
    if not isinstance(info, Mapping):
        return None
    trained = [int(v) for k, v in info.items() if k.endswith(".context_length") and _positive(v)]
    return min([*trained, OLLAMA_DEFAULT_NUM_CTX]) if trained else None


def _requested_first(entries: list[dict[str, Any]], model: str) -> list[dict[str, Any]]:
    return sorted(entries, key=lambda entry: entry.get("id") != model)


def _positive(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _probe(client: openai.OpenAI, url: str, body: Any = None) -> Mapping[str, Any] | None:
    """A GET, or a POST of `body`. One that fails in any way just means "this server is not of
    that family". It goes through the chat client, whose connection is already open."""
    probe = client.with_options(timeout=_PROBE_TIMEOUT)
    try:
        if body is None:
            data = probe.get(url, cast_to=object)
        else:
            data = probe.post(url, body=body, cast_to=object)
    except (openai.OpenAIError, ValueError):
        return None
    return data if isinstance(data, Mapping) else None
