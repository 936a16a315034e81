"""Run logs: a markdown document per run for people, a JSON Lines twin for tools."""

from ._reader import RunLogWarning, RunLookupError, find_run, list_runs, search_runs
from ._records import END_STATUSES, INCOMPLETE, STEP_KINDS, RunSummary, StepRecord
from ._render import export_html, render_terminal
from ._writer import RunLog, append_link

__all__ = [
    "END_STATUSES",
    "INCOMPLETE",
    "STEP_KINDS",
    "RunLog",
    "RunLogWarning",
    "RunLookupError",
    "RunSummary",
    "StepRecord",
    "append_link",
    "export_html",
    "find_run",
    "list_runs",
    "render_terminal",
    "search_runs",
]
