"""The techniques an agent can use, each a plugin on the hooks of `react_repl.hookspecs`.

A run turns techniques on by name (`AgentOptions.techniques`, from a model profile or the config
file's `[agent] techniques`); nothing in the loop knows any of them. The seeds' techniques are
here: hints after errors, loop detection, decomposition, plan and re-plan, critics, periodic
progress validation, memory; so are the aids the ablation (docs/ablation.md) measured a gain for.
People in the loop (`Approver`) and in the action (`AskUser`) are plugins too, built by the
caller with the callbacks that reach a person.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from react_repl.context import REMOVED_TECHNIQUES, AgentOptions
from react_repl.techniques._approval import ApprovalRequest, Approver
from react_repl.techniques._ask_user import AskUser, ScriptedAnswers
from react_repl.techniques._critic import AnswerCritic, ResultCritic, WriteCritic
from react_repl.techniques._decompose import Decompose
from react_repl.techniques._hints import ApiRaisesHint, NameErrorSearch, RepeatWarning
from react_repl.techniques._loop_detection import LoopDetector
from react_repl.techniques._memory import MemoryPlugin
from react_repl.techniques._page_approval import (
    PageChannel,
    give_answer,
    pending_approval,
    pending_file,
    review_of,
)
from react_repl.techniques._planning import Planner
from react_repl.techniques._validation import ProgressValidation

Build = Callable[[AgentOptions], list[object]]


@dataclass(frozen=True)
class Technique:
    summary: str  # what it does, for `react-repl config options` and the docs
    build: Build


def _memory(options: AgentOptions) -> list[object]:
    from react_repl.memory import MemoryStore

    return [MemoryPlugin(MemoryStore(options.memory_path))]


# Name -> the technique, in registration order. pluggy asks the plugin registered last first, so
# a `firstresult` hook's cheap, deterministic checks (a copied example) sit near the end and a
# model call (the write critic) at the start; a caller's own plugins come after all of them.
TECHNIQUES: dict[str, Technique] = {
    "write_critic": Technique(
        "a model call checks each write (an API with side effects) before it runs (seed 000)",
        lambda _: [WriteCritic()],
    ),
    "name_error_search": Technique(
        "a call to a name that does not exist gets method_search results for it",
        lambda _: [NameErrorSearch()],
    ),
    "api_hints": Technique(
        "API errors show the signature and the documented Raises",
        lambda _: [ApiRaisesHint()],
    ),
    "repeat_warning": Technique(
        "an action identical to an earlier one gets a note to move on",
        lambda _: [RepeatWarning()],
    ),
    "loop_detection": Technique(
        "repeated action/observation cycles get a change-of-strategy note (seed 004)",
        lambda _: [LoopDetector()],
    ),
    "decompose": Technique(
        "step 1 lists sub-steps and the harness searches for the first ones (seed 002)",
        lambda _: [Decompose()],
    ),
    "plan": Technique(
        "a short plan kept in view, re-made when the run is stuck (seeds 000, 004)",
        lambda _: [Planner()],
    ),
    "validation": Technique(
        "every validate_every steps a model call checks the progress and can redirect (seed 004)",
        lambda _: [ProgressValidation()],
    ),
    "result_critic": Technique(
        "a model call checks each API result against the task (seed 000)",
        lambda _: [ResultCritic()],
    ),
    "memory": Technique(
        "finished runs are remembered: recall() and a note for similar tasks (seed 001)",
        _memory,
    ),
    "example_check": Technique(
        "an answer copied from the prompt's worked example is sent back",
        lambda _: [AnswerCritic(use_model=False)],
    ),
    "critic": Technique(
        "a model call checks the answer given to stop() against the task (seed 000)",
        lambda _: [AnswerCritic(use_model=True)],
    ),
}


def technique_summary(name: str) -> str:
    return TECHNIQUES[name].summary


class UnknownTechnique(ValueError):
    pass


def check_techniques(names: Iterable[str]) -> None:
    """A technique deleted after the ablation is named as such, so an old config is not taken
    for a typo."""
    unknown = [name for name in names if name not in TECHNIQUES]
    removed = [name for name in unknown if name in REMOVED_TECHNIQUES]
    if removed:
        raise UnknownTechnique(
            f"technique {removed[0]!r} was removed: it measured no gain on any model "
            "(docs/ablation.md); take it out of your techniques"
        )
    if unknown:
        raise UnknownTechnique(
            f"unknown technique(s) {', '.join(map(repr, unknown))}; known: " + ", ".join(TECHNIQUES)
        )


def technique_plugins(options: AgentOptions) -> list[object]:
    """Fresh plugins for one run, for the techniques `options` names, in the table's order."""
    check_techniques(options.techniques)
    chosen = set(options.techniques)
    return [
        plugin
        for name, technique in TECHNIQUES.items()
        if name in chosen
        for plugin in technique.build(options)
    ]


__all__ = [
    "TECHNIQUES",
    "AnswerCritic",
    "ApiRaisesHint",
    "ApprovalRequest",
    "Approver",
    "AskUser",
    "Decompose",
    "LoopDetector",
    "MemoryPlugin",
    "NameErrorSearch",
    "PageChannel",
    "Planner",
    "ProgressValidation",
    "RepeatWarning",
    "ResultCritic",
    "ScriptedAnswers",
    "Technique",
    "UnknownTechnique",
    "WriteCritic",
    "check_techniques",
    "give_answer",
    "pending_approval",
    "pending_file",
    "review_of",
    "technique_plugins",
    "technique_summary",
]
