"""The conversation so far, and fitting it into the model's context window.

The prompt must never exceed the context. When it would, older observations are elided first,
oldest first, while the task, the latest steps and the method_search lines whose functions later
actions use are kept; then older thoughts; the latest observation is cut last.

Elision frees a quarter of the budget more than the step needs, and what it elided stays as it
was sent. A local server reuses the part of the prompt that is the same as the last one; eliding
one more exchange at every step changed the prompt near its start each time, and with the
bundled 1.5B model on one thread every step after the context filled took 200-220 s instead of
25-30 s, the whole prompt processed again.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Any

from react_repl._hit_listing import HIT_NAME

ELIDED = "[observation elided to fit the context window]"
THOUGHT_ELIDED = "[thought elided to fit the context window]"
MESSAGE_OVERHEAD_TOKENS = 4
HEADROOM = 0.25  # of the budget, freed when eliding, so the next steps keep the same prefix


class ContextBudgetError(RuntimeError):
    """Even the task and the latest step do not fit in the model's context window."""


@dataclass(frozen=True)
class Exchange:
    """One assistant turn and the user turn that answers it.

    The answer is `before + observation + after`, as rendered from a template, so that the
    observation can be elided without knowing the template's wording.
    """

    step: int
    assistant: str  # the model's reply as kept (or the plan we wrote for a decompose step)
    action: str | None
    observation: str
    before: str = ""
    after: str = ""

    @property
    def followup(self) -> str:
        return f"{self.before}{self.observation}{self.after}"


@dataclass
class TokenEstimator:
    """Characters per token, calibrated from the usage the server reports."""

    chars_per_token: float = 3.0

    def estimate(self, messages: list[dict[str, str]]) -> int:
        chars = sum(len(message["content"]) for message in messages)
        return int(chars / self.chars_per_token) + MESSAGE_OVERHEAD_TOKENS * len(messages)

    def calibrate(self, messages: list[dict[str, str]], prompt_tokens: int) -> None:
        chars = sum(len(message["content"]) for message in messages)
        content_tokens = prompt_tokens - MESSAGE_OVERHEAD_TOKENS * len(messages)
        if content_tokens > 0 and chars > 0:
            self.chars_per_token = min(6.0, max(1.5, chars / content_tokens))


class Transcript:
    def __init__(self, system: str, task: str) -> None:
        self.system = system
        self.task = task
        self.exchanges: list[Exchange] = []
        self._sent_elided: dict[int, Exchange] = {}  # position -> the elided form last sent

    def add(self, exchange: Exchange) -> None:
        self.exchanges.append(exchange)

    def add_note(self, note: str) -> None:
        """A person's words that stay in the conversation from here on (a rewind's hint): at
        the end of the latest user turn, which every later request repeats."""
        if not self.exchanges:
            self.task = f"{self.task}\n\n{note}"
            return
        last = self.exchanges[-1]
        self.exchanges[-1] = replace(last, after=f"{last.after}\n\n{note}")

    def to_json(self) -> dict[str, Any]:
        return {
            "system": self.system,
            "task": self.task,
            "exchanges": [asdict(exchange) for exchange in self.exchanges],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Transcript:
        transcript = cls(data["system"], data["task"])
        transcript.exchanges = [Exchange(**exchange) for exchange in data["exchanges"]]
        return transcript

    def messages(
        self,
        budget: int,
        estimate: Callable[[list[dict[str, str]]], int],
        keep_recent: int = 3,
    ) -> list[dict[str, str]]:
        """The chat messages for the next call, elided until they fit in `budget` tokens."""
        exchanges = [self._as_sent(position) for position in range(len(self.exchanges))]
        if estimate(self._render(exchanges)) > budget:
            target = int(budget * (1 - HEADROOM))
            exchanges = self._elided(exchanges, target, estimate, keep_recent)
            self._sent_elided = {
                i: shown for i, shown in enumerate(exchanges) if shown is not self.exchanges[i]
            }
        while estimate(self._render(exchanges)) > budget and exchanges:
            overflow = estimate(self._render(exchanges)) - budget
            last = exchanges[-1]
            keep_chars = max(0, len(last.observation) - int(overflow * 6) - 200)
            if keep_chars < 200:
                if len(exchanges) == 1 or estimate(self._render(exchanges[-1:])) > budget:
                    break
                exchanges.pop(0)
                continue
            exchanges[-1] = replace(last, observation=_cut_middle(last.observation, keep_chars))
        messages = self._render(exchanges)
        if estimate(messages) > budget:
            raise ContextBudgetError(
                f"the prompt needs about {estimate(messages)} tokens even after eliding old steps,"
                f" but the budget is {budget}; use a model with a larger context window"
            )
        return messages

    def _as_sent(self, position: int) -> Exchange:
        """The elided form sent before, unless a later action now calls a function whose
        method_search line that form dropped."""
        original = self.exchanges[position]
        sent = self._sent_elided.get(position)
        if sent is None or not sent.observation.endswith(ELIDED):
            return sent or original
        now = _elide_observation(original, self.exchanges[position + 1 :]).observation
        return sent if now == sent.observation else original

    def _elided(
        self,
        exchanges: list[Exchange],
        target: int,
        estimate: Callable[[list[dict[str, str]]], int],
        keep_recent: int,
    ) -> list[Exchange]:
        """Older observations, then older thoughts, elided oldest first until `target` is met."""
        exchanges = list(exchanges)
        for shrink in (_elide_observation, _elide_thought):
            for position in range(max(0, len(exchanges) - keep_recent)):
                if estimate(self._render(exchanges)) <= target:
                    return exchanges
                exchanges[position] = shrink(exchanges[position], exchanges[position + 1 :])
        return exchanges

    def _render(self, exchanges: list[Exchange]) -> list[dict[str, str]]:
        messages = [
            {"role": "system", "content": self.system},
            {"role": "user", "content": self.task},
        ]
        for exchange in exchanges:
            messages.append({"role": "assistant", "content": exchange.assistant})
            messages.append({"role": "user", "content": exchange.followup})
        return messages


def _elide_observation(exchange: Exchange, later: list[Exchange]) -> Exchange:
    """Keep only the method_search lines naming functions that later actions call."""
    if not exchange.observation or exchange.observation.endswith(ELIDED):
        return exchange
    later_code = "\n".join(e.action or "" for e in later)
    in_use = [
        line
        for line in exchange.observation.splitlines()
        if (hit := HIT_NAME.match(line)) and re.search(rf"\b{hit[1]}\s*\(", later_code)
    ]
    return replace(exchange, observation="\n".join([*in_use, ELIDED]))


def _elide_thought(exchange: Exchange, later: list[Exchange]) -> Exchange:
    if exchange.action is None or THOUGHT_ELIDED in exchange.assistant:
        return exchange
    return replace(exchange, assistant=f"{THOUGHT_ELIDED}\n```python\n{exchange.action}\n```")


def _cut_middle(text: str, keep_chars: int) -> str:
    half = keep_chars // 2
    cut = len(text) - 2 * half
    marker = f"[... {cut} characters elided to fit the context window ...]"
    return f"{text[:half]}\n{marker}\n{text[-half:]}"
