"""Run logs: a markdown document per run for people, a JSON Lines twin for tools."""

from ._records import END_STATUSES, INCOMPLETE, STEP_KINDS, RunSummary, StepRecord
from ._writer import RunLog

__all__ = [
    "END_STATUSES",
    "INCOMPLETE",
    "STEP_KINDS",
    "RunLog",
    "RunSummary",
    "StepRecord",
]
