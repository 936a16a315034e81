"""Per-attempt limits (time, tokens, cost) and telling a server's failure from the model's.

Every model call of an attempt goes through `Metered`: it adds the call's tokens to the attempt's
`LimitWatch`, which cancels the run the moment a limit is passed and remembers which one, and it
notes a failure of the model server (no answer, a reset, a 5xx after every retry), so the
attempt is recorded as the harness's error instead of the model's failure.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from react_repl.llm import ModelCancelled, ModelError


@dataclass(frozen=True)
class Limits:
    """What one attempt may use; None is no limit. Cost is USD at the model's price."""

    seconds: float | None = None
    tokens: int | None = None
    cost: float | None = None

    def over(self, other: Limits) -> Limits:
        """These limits where set, `other`'s elsewhere (flags over the suite's defaults)."""
        return Limits(*(getattr(self, f.name) if getattr(self, f.name) is not None
                        else getattr(other, f.name) for f in fields(self)))  # fmt: skip

    def describe(self) -> dict[str, float]:
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name)}


class LimitWatch:
    """Counts an attempt's tokens and time; `hit` names the first limit passed, if any."""

    def __init__(
        self, limits: Limits, price: tuple[float, float] | None, on_hit: Callable[[], None]
    ) -> None:
        self.limits = limits
        self.price = price or (0.0, 0.0)
        self.hit: str | None = None
        self.prompt_tokens = self.completion_tokens = 0
        self._on_hit = on_hit
        self._timer = None
        if limits.seconds:
            self._timer = threading.Timer(limits.seconds, self._passed, args=("time",))
            self._timer.daemon = True
            self._timer.start()

    def add(self, prompt_tokens: int, completion_tokens: int) -> None:
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens
        if self.limits.tokens and self.prompt_tokens + self.completion_tokens > self.limits.tokens:
            self._passed("tokens")
        if self.limits.cost and self.cost() > self.limits.cost:
            self._passed("cost")

    def cost(self) -> float:
        prompt, completion = self.price
        return (self.prompt_tokens * prompt + self.completion_tokens * completion) / 1e6

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()

    def _passed(self, limit: str) -> None:
        if self.hit is None:
            self.hit = limit
            self._on_hit()


def server_failed(error: ModelError) -> bool:
    """No answer, or a server error after every retry: the harness's failure. A request the
    server refused (400: a prompt over the context, a bad parameter) is the agent's doing."""
    return error.status is None or error.status == 429 or error.status >= 500


class Metered:
    """A chat model (ChatModel or another with its `complete`) whose calls an attempt counts."""

    def __init__(self, model: Any, watch: LimitWatch) -> None:
        self._model = model
        self.watch = watch
        self.server_failure: str | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._model, name)

    def complete(self, messages: Any, **options: Any) -> Any:
        try:
            completion = self._model.complete(messages, **options)
        except ModelError as error:
            if server_failed(error):
                self.server_failure = str(error)
            raise
        self.watch.add(completion.prompt_tokens, completion.completion_tokens)
        if self.watch.hit:  # the reply that passed the limit is past the budget: not used
            raise ModelCancelled()
        return completion
