"""Which plugins a run has: the built-in features its options switch on, then the caller's.

pluggy calls the most recently registered implementation first, so a caller's reviewer or critic
is asked before a built-in one, and its `firstresult` answer wins.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable
from typing import Any

import pluggy

from react_repl import hookspecs
from react_repl.agent._answer_form import AnswerFormCheck
from react_repl.agent._budget import StepBudgetNote
from react_repl.agent._critic import AnswerCritic, ResultCritic, WriteCritic
from react_repl.agent._grounded_answer import GroundedAnswer
from react_repl.agent._grounding import GroundedIds
from react_repl.agent._hints import ApiRaisesHint, NameErrorSearch, RepeatWarning
from react_repl.agent._id_kinds import IdKindHint
from react_repl.agent._loops import LoopDetector
from react_repl.agent._options import AgentOptions
from react_repl.agent._pending_change import PendingChange
from react_repl.agent._planner import Planner
from react_repl.agent._reflection import ErrorReflection, RepeatReflection
from react_repl.agent._reminder import TaskReminder
from react_repl.agent._writes import RepeatedWriteHold
from react_repl.hookspecs import hookimpl

ENTRY_POINT_GROUP = "react_repl.plugins"


class _EventCallback:
    """Adapts a plain `on_event(event)` callable to the hook."""

    def __init__(self, callback: Callable[[Any], None]) -> None:
        self.callback = callback

    @hookimpl
    def on_event(self, event: Any) -> None:
        self.callback(event)


def builtin_plugins(options: AgentOptions) -> list[object]:
    """The built-in features the options switch on; the order is the order of their hints."""
    switched = [
        (options.critic == "answer+writes", WriteCritic),  # first in, asked last: a model call
        (options.search_on_name_error, NameErrorSearch),
        (options.api_hints, ApiRaisesHint),
        (options.api_hints, IdKindHint),
        (options.repeat_warning, RepeatWarning),
        (options.loop_detection, LoopDetector),
        (options.plan, Planner),
        (options.task_reminder, TaskReminder),
        (options.step_budget_notes, StepBudgetNote),
        (options.grounded_ids, GroundedIds),
        (options.hold_repeated_writes, RepeatedWriteHold),
        (options.pending_changes, PendingChange),
        (options.reflect_on_errors, ErrorReflection),
        (options.reflect_on_repeats, RepeatReflection),
        (options.critic == "answer+results", ResultCritic),
    ]
    plugins: list[object] = [feature() for enabled, feature in switched if enabled]
    if options.memory:
        from react_repl.memory import MemoryPlugin, MemoryStore

        plugins.append(MemoryPlugin(MemoryStore(options.memory_path)))
    if options.critic != "off" or options.few_shot:
        # Without a model critic the example-copy check still runs: it needs no model call.
        plugins.append(AnswerCritic(use_model=options.critic != "off"))
    if options.grounded_answers:
        plugins.append(GroundedAnswer())
    if options.answer_form_check:
        plugins.append(AnswerFormCheck())  # registered last: pluggy asks it first
    return plugins


def installed_plugins() -> list[object]:
    """Plugins published by installed packages; one that fails to load is skipped with a warning."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    try:
        manager.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    except Exception as error:  # a broken third-party plugin must not stop every run
        warnings.warn(f"a react_repl plugin failed to load: {error}", stacklevel=2)
    return list(manager.get_plugins())


def plugin_manager(
    options: AgentOptions,
    plugins: Iterable[object],
    on_event: Callable[[Any], None] | None,
) -> pluggy.PluginManager:
    """A fresh manager per run, so built-in plugins keep no state between runs."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    for plugin in [*builtin_plugins(options), *plugins]:
        manager.register(plugin)
    if on_event is not None:
        manager.register(_EventCallback(on_event))
    return manager
