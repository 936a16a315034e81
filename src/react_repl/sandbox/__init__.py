"""A persistent, restricted Python namespace for model-written code, in a killable worker.

See docs/sandbox.md for what it guarantees and what it does not.

Exports load on first use: the worker process imports this package to reach `_worker`, and
must not pay for the parent's side (process management, logging, the OS-layer planner), which
would add about 15 ms to every sandbox start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from react_repl._lazy import lazy_exports

if TYPE_CHECKING:
    from ._answer import Observation, SandboxError, answer_for_people
    from ._budget import DEFAULT_MAX_CALLS_PER_ACTION, DEFAULT_MAX_CALLS_PER_RUN
    from ._catalogue import PREINJECTABLE
    from ._host import McpError, McpServerError, McpTimeoutError, McpToolError, prints_result
    from ._plain import HostImage
    from ._process import prespawn
    from ._sandbox import DEFAULT_PREINJECT, Sandbox, SandboxSettings
    from ._snapshot import unsaved_snapshot

_EXPORTS = {
    "answer_for_people": "._answer",
    "DEFAULT_MAX_CALLS_PER_ACTION": "._budget",
    "DEFAULT_MAX_CALLS_PER_RUN": "._budget",
    "DEFAULT_PREINJECT": "._sandbox",
    "HostImage": "._plain",
    "McpError": "._host",
    "McpServerError": "._host",
    "McpTimeoutError": "._host",
    "McpToolError": "._host",
    "Observation": "._answer",
    "PREINJECTABLE": "._catalogue",
    "Sandbox": "._sandbox",
    "SandboxError": "._answer",
    "SandboxSettings": "._sandbox",
    "prespawn": "._process",
    "prints_result": "._host",
    "unsaved_snapshot": "._snapshot",
}

__all__ = [
    "DEFAULT_MAX_CALLS_PER_ACTION",
    "DEFAULT_MAX_CALLS_PER_RUN",
    "DEFAULT_PREINJECT",
    "PREINJECTABLE",
    "HostImage",
    "McpError",
    "McpServerError",
    "McpTimeoutError",
    "McpToolError",
    "Observation",
    "Sandbox",
    "SandboxError",
    "SandboxSettings",
    "answer_for_people",
    "prespawn",
    "prints_result",
    "unsaved_snapshot",
]


__getattr__ = lazy_exports(__name__, _EXPORTS)
