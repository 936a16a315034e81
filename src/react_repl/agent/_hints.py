"""Observation hints: what the agent adds after an action's output so the next step goes better.

The seed added hints to observations when an exception occurred; small models need them most.
Each hint is a plugin on the `observation_hints` hook, switched by an AgentOptions field.
"""

from __future__ import annotations

import re

from react_repl.agent._context import Proposal, RunContext
from react_repl.hookspecs import hookimpl
from react_repl.sandbox import Observation

_MISSING_NAME = re.compile(r"NameError: name '(?P<name>[A-Za-z_][A-Za-z0-9_]*)' is not defined")


class NameErrorSearch:
    """A called name that does not exist is a description of what the model wants: search it.

    The seed observed models inventing plausible function names; searching for the invented
    name turns the hallucination into the lookup the model should have made.
    """

    @hookimpl
    def observation_hints(
        self, run: RunContext, proposal: Proposal, observation: Observation
    ) -> str | None:
        if run.method_search is None or observation.error != "NameError":
            return None
        missing = _MISSING_NAME.search(observation.text)
        if missing is None:
            return None
        query = missing["name"].replace("_", " ")
        try:
            found = run.method_search(query, k=3).strip()
        except Exception:  # a failed hint must never fail the step
            return None
        if not found:
            return None
        return run.prompts.render(
            "name_error.jinja2", name=missing["name"], query=query, found=found
        )


class RepeatWarning:
    """Small models loop on one action; telling them so is what gets them moving again."""

    @hookimpl
    def observation_hints(
        self, run: RunContext, proposal: Proposal, observation: Observation
    ) -> str | None:
        seen = run.memo("repeat_warning")
        key = normalised_code(proposal.action)
        previous = seen.setdefault(key, proposal.step)
        if previous == proposal.step:
            return None
        searched = key.startswith("method_search(")
        return run.prompts.render("repeat.jinja2", previous_step=previous, searched=searched)


def normalised_code(code: str) -> str:
    """Code compared for repetition: quotes and whitespace do not make an action new."""
    return " ".join(code.replace('"', "'").split())
