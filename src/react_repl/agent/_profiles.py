"""Model profiles: the agent's defaults per kind of model, chosen by measurement.

A 1.5B model on a CPU and a large hosted model need different help: the small one loses from the
seed's sub-step list and long prompts, and gains from search hits of the task's own modules
first; the large one needs neither. A profile is
the set of AgentOptions defaults for one kind of model; the config file and the command line
still override any of them, and the profile's name is recorded in every run log.
Which techniques each profile turns on is decided by the ablation in docs/ablation.md.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from react_repl.context import AgentOptions

SMALL_MODEL_BILLIONS = 4.0
_SIZE = re.compile(r"(?<![\w.])(?P<size>\d+(?:\.\d+)?)\s*(?P<unit>[bBmM])(?![a-zA-Z])")
_UNIT_BILLIONS = {"b": 1.0, "m": 0.001}


@dataclass(frozen=True)
class ModelProfile:
    name: str
    description: str
    options: dict[str, Any] = field(default_factory=dict)

    def agent_options(self, *overrides: Mapping[str, Any]) -> AgentOptions:
        """This profile's defaults, then each of `overrides` in turn (the config file's table,
        then flags), as AgentOptions naming the profile: "+plan" edits what came before."""
        options = AgentOptions(profile=self.name).with_values(self.options)
        for values in overrides:
            options = options.with_values(values)
        return options


PROFILES: dict[str, ModelProfile] = {
    profile.name: profile
    for profile in (
        ModelProfile(
            "small-local",
            "models of a few billion parameters served by llama.cpp on a CPU",
            {"techniques": ["-decompose"], "search_focus": True},
        ),
        ModelProfile("hosted", "large models behind an API (OpenAI, vLLM with a big model)"),
    )
}


def profile_for(model: str, *, local: bool, requested: str | None = None) -> ModelProfile:
    """The profile named in the config, else the one the model's size and server imply."""
    if requested:
        if requested not in PROFILES:
            raise ValueError(f"unknown model profile {requested!r}; known: {sorted(PROFILES)}")
        return PROFILES[requested]
    size = model_billions(model)
    small = local or (size is not None and size <= SMALL_MODEL_BILLIONS)
    return PROFILES["small-local" if small else "hosted"]


def model_billions(model: str) -> float | None:
    """Parameters in billions when the name says so: "qwen2.5-coder-1.5b" -> 1.5,
    "SmolLM2-360M" -> 0.36. A mixture of experts names its total first and its active
    parameters after an "A" ("Qwen3-30B-A3B"); the total is what it takes to serve it."""
    sizes = [
        float(match["size"]) * _UNIT_BILLIONS[match["unit"].lower()]
        for match in _SIZE.finditer(model)
    ]
    return max(sizes) if sizes else None
