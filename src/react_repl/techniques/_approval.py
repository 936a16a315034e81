"""Human in the loop (seed 000): a person sees an action before it runs and decides.

A policy says which actions need a decision: every one, only those that call an API declared
with side effects (sends, writes, deletes), or those matching a rule (a regular expression over
the code). The decision comes from a callback: the CLI asks at the terminal; a library caller,
a notebook or a web page answers however it likes. With `page_answers`, each request is also
offered beside the run's log (`_page_approval`), where `react-repl view` can answer it; the
callback then races that page through `request.page`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from react_repl.context import (
    ApiDoc,
    Event,
    Proposal,
    Review,
    RunContext,
    RunStarted,
    writes_called,
)
from react_repl.hookspecs import hookimpl
from react_repl.techniques._page_approval import PageChannel

POLICIES = ("all", "side-effects", "rules")


@dataclass(frozen=True)
class ApprovalRequest:
    """What the person is asked about: the step's thought and code, and why it needs approval."""

    step: int
    thought: str
    action: str
    reasons: tuple[str, ...]
    page: PageChannel | None = None  # where the web view may answer first (page_answers)


Decide = Callable[[ApprovalRequest], Review]


class Approver:
    """Asks `decide` about each action the policy selects; other actions run unasked."""

    def __init__(
        self,
        decide: Decide,
        *,
        policy: str = "all",
        rules: Iterable[str] = (),
        page_answers: bool = False,
    ) -> None:
        if policy not in POLICIES:
            raise ValueError(f"approval policy must be one of {POLICIES}, got {policy!r}")
        self.decide = decide
        self.policy = policy
        self.rules = [_compiled(rule) for rule in rules]
        self.page_answers = page_answers
        self.log_path: Path | None = None

    @hookimpl
    def on_event(self, event: Event) -> None:
        if isinstance(event, RunStarted):
            self.log_path = event.log_path

    @hookimpl
    def review_action(self, run: RunContext, proposal: Proposal) -> Review | None:
        reasons = self.reasons_in(proposal.action, run.api_docs)
        if not reasons:
            return None
        request = ApprovalRequest(proposal.step, proposal.thought, proposal.action, reasons)
        if not self.page_answers or self.log_path is None:
            return self.decide(request)
        page = PageChannel.offer(self.log_path, asdict(request))
        try:
            return self.decide(replace(request, page=page))
        finally:
            page.close()

    def reasons_in(self, code: str, docs: Mapping[str, ApiDoc]) -> tuple[str, ...]:
        """Why this code needs a person's decision (empty: it may run unasked); the MCP gateway
        asks the same questions outside an agent run."""
        found = []
        if self.policy == "all":
            found.append("every action needs approval")
        if self.policy in ("all", "side-effects"):
            found += [
                f"calls {name}(), which has side effects" for name in writes_called(code, docs)
            ]
        found += [f"matches the rule /{rule.pattern}/" for rule in self.rules if rule.search(code)]
        return tuple(found)


def _compiled(rule: str) -> re.Pattern[str]:
    try:
        return re.compile(rule)
    except re.error as error:
        raise ValueError(
            f"approval rule /{rule}/ is not a valid regular expression: {error}"
        ) from None
