"""The keyword arguments of `Sandbox` as one typed value, so they can travel as data.

The `[sandbox]` table of the config file and `Agent(sandbox_settings=...)` carry these from the
configuration to every sandbox a run starts; typing them lets a checker catch a misspelt key.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import TypedDict


class SandboxSettings(TypedDict, total=False):
    """What `Sandbox(apis, host_functions=..., **settings)` accepts besides APIs; see Sandbox."""

    timeout: float
    memory_mb: int
    max_output: int
    recursion_limit: int
    preinject: Iterable[str]
    env: Mapping[str, str]
    max_calls_per_action: int | None
    max_calls_per_run: int | None
    call_limits: Mapping[str, Mapping[str, int | None]]
    workspace: str | os.PathLike[str] | None
    os_confinement: bool
    network: bool | None
    readable_paths: Iterable[str | os.PathLike[str]]
    echo_assignment: bool
    replay_writes: bool
