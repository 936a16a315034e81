"""One chat model behind any OpenAI-compatible server (OpenAI, vLLM, Ollama, llama.cpp)."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

import openai

from ._backoff import retry_delay
from ._compat import rejected_parameter, without_parameter
from ._discovery import DEFAULT_CONTEXT_WINDOW, discover_context_window, list_models
from ._errors import is_retryable, to_model_error
from ._text import cut_at_stop, estimate_tokens
from ._types import Completion, ModelError, ModelSettings

# llama.cpp's server needs no key, but the openai client refuses to start without one.
PLACEHOLDER_API_KEY = "sk-no-key-required"
MAX_SERVER_STOPS = 4  # OpenAI rejects more; the rest are still cut client-side


class ChatModel:
    """Non-streaming chat completions with our own bounded retries and actionable errors.

    The `openai` client runs with max_retries=0 so that retries, their count and their back-off
    are ours: the agent logs them, and tests can keep them short.
    """

    def __init__(self, settings: ModelSettings) -> None:
        self.settings = settings
        self._client = openai.OpenAI(
            api_key=settings.api_key or PLACEHOLDER_API_KEY,
            base_url=settings.base_url,
            timeout=settings.timeout,
            max_retries=0,
        )
        self._model = settings.model
        self._context_window = settings.context_window
        self._dropped: set[str] = set()  # parameters this server refused; never sent again

    @property
    def name(self) -> str:
        """The model's name; asked from the server once when the settings left it empty."""
        if not self._model:
            offered = list_models(self._client)
            self._model = offered[0] if offered else "default"
        return self._model

    def context_window(self) -> int:
        """Prompt + completion tokens the server accepts, so the agent can budget its prompt."""
        if self._context_window is None:
            # OpenAI itself reports no context length; probing its other paths only costs time.
            found = (
                discover_context_window(self._client, self.name) if self.settings.base_url else None
            )
            self._context_window = found or DEFAULT_CONTEXT_WINDOW
        return self._context_window

    def complete(
        self,
        messages: Sequence[Mapping[str, str]],
        *,
        stop: Sequence[str] = (),
        on_text: Any = None,
        cancel: Any = None,
        extra_body: Any = None,
    ) -> Completion:
        """One completion; the text never contains any of `stop`, whatever the server did."""
        started = time.perf_counter()
        response, retries = self._create_with_retries(messages, stop)
        choice = response.choices[0] if response.choices else None
        if choice is None:
            raise ModelError(f"The server at {self._client.base_url} returned no choices.")
        text, stopped = cut_at_stop(choice.message.content or "", stop)
        finish_reason = "stop" if stopped else choice.finish_reason
        prompt_tokens, completion_tokens, estimated = _token_usage(response.usage, messages, text)
        if on_text and text:
            on_text(text)
        return Completion(
            text=text,
            prompt_tokens=prompt_tokens,
            completion_tokens=completion_tokens,
            duration=time.perf_counter() - started,
            finish_reason=finish_reason,
            retries=retries,
            usage_estimated=estimated,
        )

    def _request(
        self, messages: Sequence[Mapping[str, str]], stop: Sequence[str]
    ) -> dict[str, Any]:
        settings = self.settings
        request: dict[str, Any] = {
            "model": self.name,
            "messages": [dict(m) for m in messages],
            "temperature": settings.temperature,
            "max_tokens": settings.max_tokens,
        }
        server_stops = [s for s in stop if s][:MAX_SERVER_STOPS]
        if server_stops:
            request["stop"] = server_stops
        if settings.seed is not None:
            request["seed"] = settings.seed
        if settings.extra_body:
            request["extra_body"] = dict(settings.extra_body)
        for param in self._dropped:
            request = without_parameter(request, param)
        return request

    def _create_with_retries(
        self, messages: Sequence[Mapping[str, str]], stop: Sequence[str]
    ) -> tuple[Any, int]:
        settings = self.settings
        attempt = 0
        while True:
            request = self._request(messages, stop)
            try:
                return self._client.chat.completions.create(**request), attempt
            except openai.OpenAIError as exc:
                param = rejected_parameter(exc)
                if param is not None and param in request and param not in self._dropped:
                    self._dropped.add(param)
                    continue
                if not is_retryable(exc) or attempt >= settings.max_retries:
                    raise to_model_error(
                        exc, settings, attempt + 1, lambda: list_models(self._client)
                    ) from exc
                base, cap = settings.retry_base_delay, settings.retry_max_delay
                time.sleep(retry_delay(exc, attempt, base, cap))
            attempt += 1


def _token_usage(
    usage: Any, messages: Sequence[Mapping[str, str]], text: str
) -> tuple[int, int, bool]:
    """The server's token counts, or an estimate (flagged as such) when it sent none."""
    if usage is not None:
        return usage.prompt_tokens, usage.completion_tokens, False
    prompt = sum(estimate_tokens(m.get("content") or "") for m in messages)
    return prompt, estimate_tokens(text), True
