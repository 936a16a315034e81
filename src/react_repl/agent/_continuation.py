"""Continuing a run from its log: resume where it stopped, or fork it from an earlier step.

After every step the loop writes a checkpoint into the run's JSONL twin: the run's state (the
transcript, counters, plugins' memos), the namespace's plain values and the options. A killed,
stopped or exhausted run can therefore go on in a new run that links back to it, and any step can
be the start of a fork.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from react_repl.context import AgentOptions, RunState


class ContinuationError(ValueError):
    """The run cannot be continued as asked; the message says why and what would work."""


@dataclass(frozen=True)
class Checkpoint:
    log: Path  # the markdown log of the run it belongs to
    step: int
    state: dict[str, Any]
    namespace: dict[str, Any]
    options: dict[str, Any]

    def run_state(self) -> RunState:
        return RunState.from_json(self.state)

    def agent_options(self) -> AgentOptions:
        return AgentOptions.from_json(self.options)


def read_checkpoints(log: Path) -> list[Checkpoint]:
    """Every checkpoint of a run, in step order; a torn last line (a killed run) is skipped."""
    return _checkpoints(log, _records(log))


def _checkpoints(log: Path, records: list[dict[str, Any]]) -> list[Checkpoint]:
    return [_checkpoint(log, record) for record in records if record.get("type") == "checkpoint"]


def _records(log: Path) -> list[dict[str, Any]]:
    """The run's JSONL records, in order; a torn line (a killed run) is skipped."""
    twin = log.with_suffix(".jsonl")
    try:
        lines = twin.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise ContinuationError(f"cannot read the run's JSONL twin {twin}: {error}") from error
    records = []
    for line in lines:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict):
            records.append(record)
    return records


def _checkpoint(log: Path, record: dict[str, Any]) -> Checkpoint:
    parts = [record.get(key) for key in ("state", "namespace", "options")]
    try:
        step = int(record["step"])
        if not all(isinstance(part, dict) for part in parts):
            raise TypeError("state, namespace and options must be objects")
    except (KeyError, TypeError, ValueError) as error:
        raise ContinuationError(
            f"{log.stem}: a checkpoint record in its JSONL twin is damaged ({error}), so the "
            "run cannot be continued from its log; run the task again"
        ) from None
    return Checkpoint(log, step, *parts)  # type: ignore[arg-type]


def latest(log: Path) -> Checkpoint:
    """Where a resumed run goes on; a finished run has nowhere to go (its last step would run
    again, side effects included)."""
    records = _records(log)
    ends = [record for record in records if record.get("type") == "end"]
    if ends and ends[-1].get("status") == "finished":
        raise ContinuationError(
            f"{log.stem} finished with an answer; there is nothing to resume. To redo a step, "
            f"fork it: react-repl rewind {log.stem} --to-step K"
        )
    checkpoints = _checkpoints(log, records)
    if not checkpoints:
        raise ContinuationError(
            f"{log.stem} has no checkpoint: it was written by an older version or stopped "
            "before it began; run the task again instead"
        )
    return checkpoints[-1]


def before_step(log: Path, step: int) -> Checkpoint:
    """The state in which `step` began: the checkpoint written after step - 1."""
    checkpoints = read_checkpoints(log)
    last = checkpoints[-1].step if checkpoints else 0
    for checkpoint in checkpoints:
        if checkpoint.step == step - 1:
            return checkpoint
    raise ContinuationError(
        f"{log.stem} cannot be rewound to step {step}: its checkpoints cover steps 1 to "
        f"{last + 1} (rewind to any step in that range)"
    )


def restore_report(step: int, lost: list[str]) -> str:
    """What the model is told when the namespace came back from a checkpoint."""
    if not lost:
        return f"[The run continues after step {step}; every variable was restored.]"
    names = ", ".join(lost)
    return (
        f"[The run continues after step {step}. These variables could not be restored "
        f"(functions, images and other non-data values): {names}. Recompute them if needed.]"
    )
