"""Run logs: a markdown document per run for people, a JSON Lines twin for tools.

The files are the record. A SQLite index beside them (`<logs>/.index/`), kept in step as runs are
written and rebuilt from the files when lost or damaged, answers listing, full-text search,
lookups by short id and pruning without reading every file.
"""

from ._catalog import RunCatalog, RunLookupError, RunPage, find_run, list_runs, search_runs
from ._cost import (
    Price,
    Prices,
    cost,
    cost_text,
    price_pair,
    price_settings,
    read_prices,
    recorded_price,
)
from ._header import UNRECORDED, RunParameters, prompts_hash
from ._listing import run_lines
from ._liveness import RUNNING
from ._parse import RunLogWarning
from ._prune import PrunePlan, PruneResult, plan_prune, prune
from ._query import SEARCH_FIELDS, STATUSES, QueryError, RunFilter
from ._records import (
    END_STATUSES,
    INCOMPLETE,
    STEP_KINDS,
    TURN_KINDS,
    RunDetail,
    RunSummary,
    StepRecord,
    steps_taken,
)
from ._render import export_html, render_terminal
from ._sync import SyncReport
from ._writer import RunLog, append_link

__all__ = [
    "END_STATUSES",
    "INCOMPLETE",
    "RUNNING",
    "SEARCH_FIELDS",
    "STATUSES",
    "STEP_KINDS",
    "TURN_KINDS",
    "UNRECORDED",
    "Price",
    "Prices",
    "PrunePlan",
    "PruneResult",
    "QueryError",
    "RunCatalog",
    "RunDetail",
    "RunFilter",
    "RunLog",
    "RunLogWarning",
    "RunLookupError",
    "RunPage",
    "RunParameters",
    "RunSummary",
    "StepRecord",
    "SyncReport",
    "append_link",
    "cost",
    "cost_text",
    "export_html",
    "find_run",
    "list_runs",
    "plan_prune",
    "price_pair",
    "price_settings",
    "prompts_hash",
    "prune",
    "read_prices",
    "recorded_price",
    "render_terminal",
    "run_lines",
    "search_runs",
    "steps_taken",
]
