"""Run logs: a markdown document per run for people, a JSON Lines twin for tools.

The files are the record. A SQLite index beside them (`<logs>/.index/`), kept in step as runs are
written and rebuilt from the files when lost or damaged, answers listing, full-text search,
lookups by short id and pruning without reading every file.

Exports load on first use: a run writes its log through `_writer` and needs nothing of the
catalog, search or pruning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from react_repl._lazy import lazy_exports, names_by_module

if TYPE_CHECKING:
    from ._catalog import RunCatalog, RunLookupError, RunPage, find_run, list_runs, search_runs
    from ._cost import Price, Prices, cost, cost_text, price_settings, read_prices
    from ._indexing import SyncReport
    from ._listing import run_lines
    from ._markdown import export_html, render_terminal
    from ._prune import PrunePlan, PruneResult, plan_prune, prune
    from ._query import SEARCH_FIELDS, STATUSES, QueryError, RunFilter
    from ._reader import RunLogWarning, is_running, read_run
    from ._records import (
        INCOMPLETE,
        RUNNING,
        TURN_KINDS,
        RunDetail,
        RunSummary,
        StepRecord,
        steps_taken,
    )
    from ._writer import UNRECORDED, RunLog, RunParameters, append_link, prompts_hash

_EXPORTS = names_by_module(
    {
        "_catalog": "RunCatalog RunLookupError RunPage find_run list_runs search_runs",
        "_indexing": "SyncReport",
        "_cost": "Price Prices cost cost_text price_settings read_prices",
        "_writer": "RunLog append_link UNRECORDED RunParameters prompts_hash",
        "_listing": "run_lines",
        "_reader": "RunLogWarning is_running read_run",
        "_prune": "PrunePlan PruneResult plan_prune prune",
        "_query": "SEARCH_FIELDS STATUSES QueryError RunFilter",
        "_records": "INCOMPLETE RUNNING TURN_KINDS RunDetail RunSummary StepRecord steps_taken",
        "_markdown": "export_html render_terminal",
    }
)

__all__ = [
    "INCOMPLETE", "RUNNING", "SEARCH_FIELDS", "STATUSES", "TURN_KINDS", "UNRECORDED", "Price",
    "Prices", "PrunePlan", "PruneResult", "QueryError", "RunCatalog", "RunDetail", "RunFilter",
    "RunLog", "RunLogWarning", "RunLookupError", "RunPage", "RunParameters", "RunSummary",
    "StepRecord", "SyncReport", "append_link", "cost", "cost_text", "export_html", "find_run",
    "is_running", "list_runs", "plan_prune", "price_settings", "prompts_hash", "prune",
    "read_prices", "read_run", "render_terminal", "run_lines", "search_runs", "steps_taken",
]  # fmt: skip


__getattr__ = lazy_exports(__name__, _EXPORTS)
