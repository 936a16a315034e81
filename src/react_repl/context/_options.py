"""The agent's options, declared once: the config schema, `config show` and the docs table are
generated from the fields below (their `help` and `schema` metadata).

Techniques (hints, loop detection, the critic, plans, memory, ...) are turned on by name in
`techniques`; each is a plugin in `react_repl.techniques`. The other fields shape the core loop,
or are one technique's setting.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import Field, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

DEFAULT_STOP = ("\nOBSERVATION", "\nObservation", "\nobservation")
DEFAULT_TECHNIQUES = ("decompose", "name_error_search", "api_hints", "repeat_warning",
                      "loop_detection", "example_check")  # fmt: skip

# Switches of earlier versions that are techniques now, and the name each one turns on.
NOW_TECHNIQUES = {
    "decompose_first_step": "decompose",
    "search_on_name_error": "name_error_search",
    "api_hints": "api_hints",
    "repeat_warning": "repeat_warning",
    "loop_detection": "loop_detection",
    "plan": "plan",
    "critic": "critic",
    "memory": "memory",
}
# Switches deleted after the ablation (docs/ablation.md) measured no gain on any model.
REMOVED = frozenset(
    {
        "task_search", "program_first", "task_reminder", "pending_changes", "reflect_on_errors",
        "reflect_on_repeats", "resample_repeats", "resample_temperature", "constrained_replies",
        "grounded_answers", "step_budget_notes", "extra", "answer_form_check", "grounded_ids",
        "hold_repeated_writes", "search_with_task", "show_assigned",
    }
)  # fmt: skip
REMOVED_TECHNIQUES = frozenset({"answer_form", "grounded_ids", "repeated_writes"})


def _help(text: str, schema: str = "") -> dict[str, str]:
    """The text `config show` and the docs print, and the value's config constraint:
    "positive", "count" (0 or more) or "" (any value of the type)."""
    return {"help": text, "schema": schema}


def _option(default: Any, text: str, schema: str = "") -> Any:
    return field(default=default, metadata=_help(text, schema))


@dataclass(frozen=True)
class AgentOptions:
    profile: str = _option("", "the model profile these options start from (recorded in the log)")
    max_steps: int = _option(20, "steps before the run ends unfinished", "positive")
    techniques: tuple[str, ...] = _option(
        DEFAULT_TECHNIQUES,
        'techniques turned on by name; ["+plan", "-decompose"] edits the profile\'s list',
    )
    thought_prefix: str = _option(
        "Based on previous observations,", 'words each THOUGHT starts with ("" for none)'
    )
    few_shot: bool = _option(True, "the worked example in the system prompt")
    stop_sequences: tuple[str, ...] = _option(
        DEFAULT_STOP, "where the model's reply is cut, so it cannot write its own OBSERVATION"
    )
    max_malformed_replies: int = _option(
        3, "consecutive replies without an action before giving up", "positive"
    )
    wrap_up: bool = _option(True, "one last model call at max_steps to summarise")
    keep_recent_steps: int = _option(3, "steps never elided by the context budget", "count")
    prompts_dir: Path | None = field(
        default=None, metadata=_help("templates here override the built-in ones by file name")
    )
    search_k: int = _option(5, "hits method_search shows by default", "positive")
    search_focus: bool = _option(False, "hits from the modules the task is about come first")
    decompose_searches: int = _option(
        1, "decompose: sub-steps of the plan searched for in step 1", "positive"
    )
    max_answer_reviews: int = _option(
        2, "critic: rejected answers before the check gives way", "count"
    )
    replan_after_failures: int = _option(
        3, "plan: consecutive failed steps that trigger a new plan", "positive"
    )
    validate_every: int = _option(
        5, "validation: steps between two checks of the trajectory against the task", "positive"
    )
    memory_path: Path | None = field(
        default=None,
        metadata=_help("memory: where finished runs are kept (REACT_REPL_MEMORY, or the cache)"),
    )

    def with_values(self, values: Mapping[str, Any]) -> AgentOptions:
        """Apply a config table or flags; unknown, renamed and removed keys are errors that say
        what to write instead, so a typo or an old spelling never passes silently."""
        check_keys(values)
        cleaned = dict(values)
        if "stop_sequences" in cleaned:
            cleaned["stop_sequences"] = tuple(cleaned["stop_sequences"])
        if "techniques" in cleaned:
            cleaned["techniques"] = edited_techniques(self.techniques, cleaned["techniques"])
        for key in ("prompts_dir", "memory_path"):
            if cleaned.get(key):
                cleaned[key] = Path(cleaned[key])
        return replace(self, **cleaned)

    def uses(self, technique: str) -> bool:
        return technique in self.techniques

    def to_json(self) -> dict[str, Any]:
        """Every option as JSON data, so a resumed run continues with exactly these."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        for key in ("prompts_dir", "memory_path"):
            values[key] = str(values[key]) if values[key] else None
        for key in ("stop_sequences", "techniques"):
            values[key] = list(values[key])
        return values

    @classmethod
    def from_json(cls, values: Mapping[str, Any]) -> AgentOptions:
        """A checkpoint's options; one written by an earlier version keeps what still exists."""
        known = {f.name for f in fields(cls)}
        kept = {k: v for k, v in values.items() if k in known}
        if "techniques" in kept:
            kept["techniques"] = [t for t in kept["techniques"] if t not in REMOVED_TECHNIQUES]
        return cls().with_values(kept)

    def describe(self) -> dict[str, Any]:
        """The settings recorded at the top of a run log."""
        values = self.to_json()
        values["techniques"] = ", ".join(self.techniques) or "(none)"
        values["stop_sequences"] = " ".join(repr(s) for s in self.stop_sequences)
        values["thought_prefix"] = self.thought_prefix or "(none)"
        values["prompts_dir"] = values["prompts_dir"] or "(built-in)"
        values["profile"] = self.profile or "(none)"
        del values["memory_path"]
        return values


def option_fields() -> tuple[Field[Any], ...]:
    """The declaration the config schema, `config show` and the docs table are made from."""
    return fields(AgentOptions)


def check_keys(values: Iterable[str], *, unknown: bool = True) -> None:
    """ValueError for a key that is not an option: an old spelling says what to write instead,
    and any other key is refused too unless `unknown` is False (the config schema names those
    itself, with the table they are in)."""
    known = {f.name for f in fields(AgentOptions)}
    for key in values:
        if key in known:
            continue
        if key in NOW_TECHNIQUES:
            name = NOW_TECHNIQUES[key]
            raise ValueError(
                f"agent option {key!r} is now the technique {name!r}: turn it on or off by name, "
                f'techniques = ["+{name}"] or ["-{name}"]'
            )
        if key in REMOVED:
            raise ValueError(
                f"agent option {key!r} was removed: it measured no gain on any model "
                "(docs/ablation.md)"
            )
        if unknown:
            raise ValueError(f"unknown agent option {key!r}; known: {', '.join(sorted(known))}")


def edited_techniques(current: Iterable[str], given: Iterable[str] | str) -> tuple[str, ...]:
    """A whole list replaces the techniques; "+name"/"-name" entries edit the current ones."""
    entries = [given] if isinstance(given, str) else list(given)
    edits = [entry for entry in entries if entry[:1] in ("+", "-")]
    if edits and len(edits) != len(entries):
        raise ValueError(
            f"techniques {entries}: either name them all, or edit with +name/-name only"
        )
    if not edits:
        return tuple(dict.fromkeys(entries))
    names = list(current)
    for entry in edits:
        name = entry[1:]
        if entry[0] == "+" and name not in names:
            names.append(name)
        elif entry[0] == "-" and name in names:
            names.remove(name)
    return tuple(names)
