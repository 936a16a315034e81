"""The critic (seed 000): before an answer is accepted, a second look checks it against the task.

Two layers. A deterministic one catches what needs no model: the worked example's answer copied
into an unrelated task. Then a model call, with its own short prompt, judges whether the answer
answers the task in the form it asks for, from what the observations showed. A rejection becomes
an observation with the reason; after `max_answer_reviews` rejections the critic gives way, so a
wrong critic can cost steps but never the run.
"""

from __future__ import annotations

import re

from react_repl.context import Answer, Proposal, Review, RunContext, Verdict, writes_called
from react_repl.hookspecs import hookimpl
from react_repl.sandbox import Observation

_EXAMPLE_TASK = re.compile(r"^TASK:(?P<task>.+)$", re.MULTILINE)
_MARKER = re.compile(r"\b(?:[A-Z][a-z]{2,}|\d{3,})\b")
_RECENT_OBSERVATIONS = 4
_OBSERVATION_CHARS = 600
MAX_WRITE_REJECTIONS = 2  # per run: a wrong critic costs steps, never the run


class AnswerCritic:
    def __init__(self, *, use_model: bool = True) -> None:
        self.use_model = use_model

    @hookimpl
    def review_answer(self, run: RunContext, answer: Answer) -> Verdict | None:
        if run.state.answer_reviews >= run.options.max_answer_reviews:
            return None
        copied = copied_example(run, answer)
        if copied:
            return Verdict(False, copied)
        if not self.use_model:
            return None
        text = answer.text if answer.text is not None else "(no answer)"
        observations, kind = recent_observations(run), type(answer.value).__name__
        reply = run.ask("critic", "critic.jinja2", "critic_turn.jinja2", task=run.task,
                        observations=observations, answer=text, answer_type=kind)  # fmt: skip
        return parse_verdict(reply)


class ResultCritic:
    """After each API result, a short check that it fits the task (the seed's per-step critic)."""

    @hookimpl
    def observation_hints(
        self, run: RunContext, proposal: Proposal, observation: Observation
    ) -> str | None:
        if not observation.ok or observation.stopped or "method_search(" in proposal.action:
            return None
        if not any(f"{name}(" in proposal.action for name in run.api_docs):
            return None
        result = observation.text[:_OBSERVATION_CHARS]
        reply = run.ask("critic", "result_critic.jinja2", "result_critic_turn.jinja2",
                        task=run.task, action=proposal.action, observation=result)  # fmt: skip
        verdict = parse_verdict(reply)
        return None if verdict.accepted else f"[critic: {verdict.reason}]"


class WriteCritic:
    """Before an action that changes something runs, a check that it is the change the task asks
    for (seed 000: the critic reviews each new step). An answer critic comes too late for a
    write: in round 5 it rejected "BK1004" after the first flight, not the cheapest, was booked.
    """

    @hookimpl
    def review_action(self, run: RunContext, proposal: Proposal) -> Review | None:
        writes = writes_called(proposal.action, run.api_docs)
        memo = run.memo("write_critic")
        if not writes or memo.get("rejections", 0) >= MAX_WRITE_REJECTIONS:
            return None
        seen, action = recent_observations(run), proposal.action
        reply = run.ask("critic", "write_critic.jinja2", "write_critic_turn.jinja2",
                        task=run.task, action=action, observations=seen)  # fmt: skip
        verdict = parse_verdict(reply)
        if verdict.accepted:
            return None
        memo["rejections"] = memo.get("rejections", 0) + 1
        reason = verdict.reason
        return Review.reject(
            run.prompts.render("write_rejected.jinja2", apis=", ".join(writes), reason=reason)
        )


def recent_observations(run: RunContext) -> list[str]:
    observations = [e.observation for e in run.exchanges if e.observation]
    return [text[:_OBSERVATION_CHARS] for text in observations[-_RECENT_OBSERVATIONS:]]


def parse_verdict(reply: str) -> Verdict:
    """ACCEPT, or REJECT with a reason; anything unreadable accepts (never block on noise)."""
    line = reply.strip().splitlines()[0] if reply.strip() else ""
    head, _, reason = line.partition(":")
    if head.strip().strip("*").upper().startswith("REJECT"):
        return Verdict(False, reason.strip() or "the answer does not fit the task")
    return Verdict(True)


def copied_example(run: RunContext, answer: Answer) -> str:
    """The worked example's answer reused on an unrelated task: small models do this.

    Markers are the distinctive words of the example's task (capitalised words after the first,
    long numbers); an answer holding two of them (or the only one), for a task that mentions
    none, is a copy.
    """
    if not run.options.few_shot or not answer.text:
        return ""
    example = _EXAMPLE_TASK.search(run.prompts.render("example.jinja2"))
    words = example["task"].split()[1:] if example else []
    markers = set(_MARKER.findall(" ".join(words)))
    if not markers or any(marker in run.task for marker in markers):
        return ""
    if sum(marker in answer.text for marker in markers) >= min(2, len(markers)):
        return (
            "this answer comes from the worked example, not from this task. "
            "Answer this task with values from your own observations."
        )
    return ""
