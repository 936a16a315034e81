"""The agent's switches: each technique from the seed can be measured, not assumed."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

CRITIC_MODES = ("off", "answer", "answer+writes", "answer+results")
DEFAULT_STOP = ("\nOBSERVATION", "\nObservation", "\nobservation")


@dataclass(frozen=True)
class AgentOptions:
    max_steps: int = 20
    decompose_first_step: bool = (
        True  # the model lists sub-steps; we run method_search on step 1 for it
    )
    decompose_searches: int = 1  # sub-steps of that list the harness searches for, in one step
    thought_prefix: str = "Based on previous observations,"  # "" disables it
    few_shot: bool = True  # the worked example in the system prompt
    stop_sequences: tuple[str, ...] = DEFAULT_STOP  # so the model cannot write its own OBSERVATION
    max_malformed_replies: int = 3  # consecutive replies without an action before giving up
    search_on_name_error: bool = True  # a call to an unknown name gets method_search results
    repeat_warning: bool = True  # an action identical to an earlier one gets a note to move on
    wrap_up: bool = True  # one last model call at max_steps to summarise
    keep_recent_steps: int = 3  # never elided by the context budget
    prompts_dir: Path | None = None  # templates here override the built-in ones by file name
    search_k: int = 5
    task_search: bool = False  # method_search over the task text, shown with the task
    program_first: bool = False  # task_search with full docs; the model writes one program
    search_with_task: bool = False  # each method_search also ranks by the task's words (fused)
    search_focus: bool = False  # hits from the modules the task is about are shown first
    critic: str = (
        "off"  # "off", "answer" (check stop() answers), "answer+writes" (and each write
        # before it runs), "answer+results" (and each API result)
    )
    answer_form_check: bool = False  # "as a number" / "as a list" tasks get answers of that type
    grounded_answers: bool = False  # an answer from a run that called no API is sent back once
    step_budget_notes: bool = False  # the last steps' prompts say how many are left
    max_answer_reviews: int = 2  # rejected answers before the critic gives way
    plan: bool = False  # a short plan, kept visible in the prompt and re-made when stuck
    replan_after_failures: int = 3  # consecutive failed steps that trigger a new plan
    loop_detection: bool = True  # repeated action/observation cycles get a change-of-strategy note
    api_hints: bool = True  # API errors show the signature / the documented Raises
    task_reminder: bool = False  # the task restated after each observation, where models read
    show_assigned: bool = False  # an action ending in `x = ...` that printed nothing shows x
    grounded_ids: bool = False  # an id neither the task nor a result showed is sent back unrun
    hold_repeated_writes: bool = False  # a write that already worked is not run again as is
    pending_changes: bool = False  # stop() before the change the task asks for is sent back once
    reflect_on_errors: bool = False  # the reply after a failed action opens with the error
    reflect_on_repeats: bool = False  # the reply after a repeated action asks what is left
    resample_repeats: int = 0  # an action that repeats an earlier one is re-asked this often
    resample_temperature: float = 0.7  # ... at this temperature, so greedy decoding can move on
    constrained_replies: bool = False  # llama.cpp grammar: every reply a THOUGHT and one ACTION
    profile: str = ""  # the model profile these options came from, recorded in the log
    memory: bool = False  # remember finished runs; recall() and a note for similar tasks
    memory_path: Path | None = None  # default: REACT_REPL_MEMORY, else the cache folder
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.critic not in CRITIC_MODES:
            raise ValueError(f"critic must be one of {CRITIC_MODES}, got {self.critic!r}")

    def with_values(self, values: dict[str, Any]) -> AgentOptions:
        """Apply a config table, rejecting unknown keys so typos do not pass silently."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise ValueError(
                f"unknown agent option(s): {', '.join(unknown)}; known: {sorted(known)}"
            )
        cleaned = dict(values)
        if "stop_sequences" in cleaned:
            cleaned["stop_sequences"] = tuple(cleaned["stop_sequences"])
        for key in ("prompts_dir", "memory_path"):
            if cleaned.get(key):
                cleaned[key] = Path(cleaned[key])
        return replace(self, **cleaned)

    def to_json(self) -> dict[str, Any]:
        """Every option as JSON data, so a resumed run continues with exactly these."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        for key in ("prompts_dir", "memory_path"):
            values[key] = str(values[key]) if values[key] else None
        values["stop_sequences"] = list(self.stop_sequences)
        return values

    @classmethod
    def from_json(cls, values: dict[str, Any]) -> AgentOptions:
        known = {f.name for f in fields(cls)}
        return cls().with_values({k: v for k, v in values.items() if k in known})

    def describe(self) -> dict[str, Any]:
        """The settings recorded at the top of a run log."""
        return {
            "max_steps": self.max_steps,
            "decompose_first_step": self.decompose_first_step,
            "decompose_searches": self.decompose_searches,
            "task_search": self.task_search,
            "program_first": self.program_first,
            "search_with_task": self.search_with_task,
            "search_focus": self.search_focus,
            "answer_form_check": self.answer_form_check,
            "grounded_answers": self.grounded_answers,
            "step_budget_notes": self.step_budget_notes,
            "thought_prefix": self.thought_prefix or "(none)",
            "few_shot": self.few_shot,
            "repeat_warning": self.repeat_warning,
            "search_on_name_error": self.search_on_name_error,
            "prompts_dir": str(self.prompts_dir) if self.prompts_dir else "(built-in)",
            "critic": self.critic,
            "plan": self.plan,
            "loop_detection": self.loop_detection,
            "api_hints": self.api_hints,
            "task_reminder": self.task_reminder,
            "show_assigned": self.show_assigned,
            "grounded_ids": self.grounded_ids,
            "hold_repeated_writes": self.hold_repeated_writes,
            "pending_changes": self.pending_changes,
            "reflect_on_errors": self.reflect_on_errors,
            "reflect_on_repeats": self.reflect_on_repeats,
            "resample_repeats": self.resample_repeats,
            "constrained_replies": self.constrained_replies,
            "profile": self.profile or "(none)",
            "memory": self.memory,
        }
