"""The values that cross the boundary between the agent and a model server."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ModelSettings:
    """Everything needed to reach one model; frozen so a run's log can record exactly what was used.

    An empty `model` means "whatever the server serves": vLLM and llama.cpp serve a single model,
    so users pointing at them need not repeat its name.
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


@dataclass(frozen=True)
class Completion:
    """One model answer with the cost the agent logs per step.

    `usage_estimated` is True when the server sent no token counts and they were guessed from
    text length, so logs never present a guess as a measurement.
    """

    text: str
    prompt_tokens: int
    completion_tokens: int
    duration: float
    finish_reason: str | None
    retries: int
    usage_estimated: bool = False


class ModelError(Exception):
    """A model call that cannot succeed; the message says what went wrong and what to do.

    `status` carries the HTTP status when the server answered, so callers can tell a rejected
    request (for example a prompt over the context limit, 400) from an unreachable server (None).
    """

    def __init__(self, message: str, *, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status
