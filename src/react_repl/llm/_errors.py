"""Turn `openai` exceptions into messages that tell the user what to change.

A raw "Connection error." or "Error code: 401" leaves users guessing which of three places
(flag, environment, config file) holds the wrong value; these messages name them.
"""

from __future__ import annotations

from collections.abc import Callable

import openai

from ._types import ModelError, ModelSettings

OPENAI_URL = "https://api.openai.com/v1"
_KEY_SOURCES = (
    "--api-key, the OPENAI_API_KEY environment variable, or api_key in [model] of react-repl.toml"
)
_URL_SOURCES = "--base-url, the OPENAI_BASE_URL environment variable, or base_url in [model]"
_MODEL_SOURCES = "--model, the REACT_REPL_MODEL environment variable, or model in [model]"


def is_retryable(exc: Exception) -> bool:
    """Transient failures worth another attempt: overload, server faults, timeouts, no listener."""
    if isinstance(exc, openai.APIStatusError):
        return exc.status_code in (408, 409, 429) or exc.status_code >= 500
    return isinstance(exc, openai.APIConnectionError)


def to_model_error(
    exc: Exception,
    settings: ModelSettings,
    attempts: int,
    list_models: Callable[[], list[str] | None],
) -> ModelError:
    url = settings.base_url or OPENAI_URL
    tries = f"{attempts} attempt{'s' if attempts != 1 else ''}"
    if isinstance(exc, openai.APITimeoutError):
        return ModelError(
            f"The model at {url} did not answer within the {settings.timeout:g} s timeout "
            f"({tries}). Raise it with `timeout = {max(settings.timeout * 2, 60):g}` in the "
            "[model] table of react-repl.toml, or lower max_tokens."
        )
    if isinstance(exc, openai.APIConnectionError):
        return ModelError(
            f"Nothing answered at {url} ({tries}: {_cause(exc)}). Start the model server there "
            "(e.g. `vllm serve MODEL`, `ollama serve`, `llama-server -m FILE`), fix the URL via "
            f"{_URL_SOURCES}, or unset both URL and key to use the bundled local model."
        )
    if not isinstance(exc, openai.APIStatusError):
        return ModelError(f"Unexpected failure calling {url}: {exc}")
    status, detail = exc.status_code, _server_message(exc)
    if status == 401:
        return ModelError(
            f"The server at {url} rejected the API key (401: {detail}). "
            f"Set the right key with {_KEY_SOURCES}.",
            status=status,
        )
    if status == 403:
        return ModelError(
            f"The key is not allowed to use model {settings.model!r} at {url} (403: {detail}). "
            f"Use a key with access ({_KEY_SOURCES}) or another model ({_MODEL_SOURCES}).",
            status=status,
        )
    if status == 404:
        return ModelError(_not_found(settings, url, detail, list_models()), status=status)
    if status == 429:
        return ModelError(
            f"The server at {url} kept rate-limiting after {tries} (429: {detail}). Wait and "
            "retry, or raise max_retries in [model] of react-repl.toml.",
            status=status,
        )
    if status >= 500:
        return ModelError(
            f"The server at {url} failed after {tries} ({status}: {detail}). "
            "Check the server's own log; it is not a problem with the request.",
            status=status,
        )
    return ModelError(
        f"The server at {url} rejected the request ({status}: {detail}).", status=status
    )


def _not_found(settings: ModelSettings, url: str, detail: str, offered: list[str] | None) -> str:
    head = f"Model {settings.model!r} is not available at {url} (404: {detail})."
    if offered:
        return f"{head} The server offers: {', '.join(offered)}. Pick one with {_MODEL_SOURCES}."
    if offered is None:
        return (
            f"{head} Listing its models failed too, so the URL may be wrong: OpenAI-compatible "
            f"servers usually end in /v1. Check {_URL_SOURCES}."
        )
    return f"{head} The server lists no models; load one there first."


def _server_message(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        message = inner.get("message") if isinstance(inner, dict) else inner
        if message:
            return str(message)
    return exc.response.text[:300] or exc.message


def _cause(exc: BaseException) -> str:
    """The innermost reason ("Connection refused") rather than openai's generic wrapper text."""
    while exc.__cause__ is not None:
        exc = exc.__cause__
    return str(exc) or type(exc).__name__
