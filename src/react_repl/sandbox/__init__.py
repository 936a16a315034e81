"""A persistent, restricted Python namespace for model-written code, in a killable worker.

See docs/sandbox.md for what it guarantees and what it does not.
"""

from ._budget import DEFAULT_MAX_CALLS_PER_ACTION, DEFAULT_MAX_CALLS_PER_RUN
from ._catalogue import PREINJECTABLE
from ._observation import Observation, SandboxError
from ._plain import HostImage
from ._sandbox import DEFAULT_PREINJECT, Sandbox

__all__ = [
    "DEFAULT_MAX_CALLS_PER_ACTION",
    "DEFAULT_MAX_CALLS_PER_RUN",
    "DEFAULT_PREINJECT",
    "PREINJECTABLE",
    "HostImage",
    "Observation",
    "Sandbox",
    "SandboxError",
]
