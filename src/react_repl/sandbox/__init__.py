"""A persistent, restricted Python namespace for model-written code, in a killable worker.

See docs/sandbox.md for what it guarantees and what it does not.
"""

from ._catalogue import PREINJECTABLE
from ._observation import Observation, SandboxError
from ._sandbox import DEFAULT_PREINJECT, Sandbox

__all__ = ["DEFAULT_PREINJECT", "PREINJECTABLE", "Observation", "Sandbox", "SandboxError"]
