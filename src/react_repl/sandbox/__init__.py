"""A persistent, restricted Python namespace for model-written code, in a killable worker.

See docs/sandbox.md for what it guarantees and what it does not.
"""

from ._observation import Observation, SandboxError
from ._sandbox import DEFAULT_PREINJECT, Sandbox

__all__ = ["DEFAULT_PREINJECT", "Observation", "Sandbox", "SandboxError"]
