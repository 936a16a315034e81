"""What a run log's header records so that the run can be reproduced and compared.

The task and model say what was asked of whom; these say how: the sampling parameters sent to
the server, the exact prompt templates (by hash, so two runs with edited prompts never pass for
the same setup) and the version of react-repl that drove the loop.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from react_repl._version import __version__


@dataclass(frozen=True)
class RunParameters:
    """How a run was driven, beyond its task and model; `None` means the server's default.

    `prompts_hash` comes from `prompts_hash()` over the templates the agent rendered from.
    """

    temperature: float | None
    max_tokens: int | None
    seed: int | None
    prompts_hash: str | None

    def header_fields(self) -> dict[str, Any]:
        """The fields of a JSONL header, in the order a person reads them in the markdown."""
        return {
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            "seed": self.seed,
            "prompts_hash": self.prompts_hash,
            "react_repl_version": __version__,
        }


UNRECORDED = RunParameters(temperature=None, max_tokens=None, seed=None, prompts_hash=None)
"""For a caller that cannot tell: the header still holds every key, each null."""


def prompts_hash(templates: Mapping[str, str]) -> str:
    """SHA-256 over template names and sources, independent of the order they are given in.

    Pass every template the prompt set can render (name -> source), overrides resolved, e.g.
    `{name: env.loader.get_source(env, name)[0] for name in env.list_templates()}`.
    """
    digest = hashlib.sha256()
    for name in sorted(templates):
        for part in (name, templates[name]):
            encoded = part.encode("utf-8")
            digest.update(len(encoded).to_bytes(8, "big") + encoded)
    return digest.hexdigest()
