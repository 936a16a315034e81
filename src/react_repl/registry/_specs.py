"""The records the registry hands to the index, the sandbox and the CLI.

They are frozen and hold only text, so they can be hashed, compared, written to JSON and sent to
another process; the live function is fetched on demand with `ApiSpec.load()`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from react_repl.registry._loading import import_api_module


@dataclass(frozen=True)
class ParamDoc:
    name: str
    annotation: str | None
    default: str | None
    """The default as `repr` text; None when the parameter is required."""
    description: str


@dataclass(frozen=True)
class ApiSpec:
    name: str
    qualname: str
    module: str
    source_file: str
    line: int
    signature: str
    summary: str
    description: str
    params: tuple[ParamDoc, ...]
    returns: str
    raises: tuple[str, ...]
    tags: tuple[str, ...]
    module_hash: str
    side_effects: bool = False
    """Declared: the call sends, writes or deletes something (approvals ask before it runs)."""
    network: bool = False
    """Declared: the call needs the network (the sandbox's OS layer allows it only then)."""
    max_calls_per_action: int | None = None
    """Declared call budget; None: the sandbox's default."""
    max_calls_per_run: int | None = None

    def load(self) -> Callable[..., Any]:
        """Import the module (again, in a fresh process) and return the function itself."""
        target: Any = import_api_module(self.module, self.source_file)
        for part in self.qualname.split("."):
            target = getattr(target, part)
        return target


@dataclass(frozen=True)
class RegistrationProblem:
    source: str
    line: int | None
    message: str
    skipped: bool = True
    """False for a note about an API that was still registered (e.g. under another name)."""

    def __str__(self) -> str:
        location = self.source if self.line is None else f"{self.source}:{self.line}"
        return f"{location}: {self.message}"
