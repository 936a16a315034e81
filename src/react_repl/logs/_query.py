"""Turning what a user asks for (filters, search words, short ids) into SQL over the index."""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from ._cost import cost, recorded_price
from ._records import END_STATUSES, INCOMPLETE, RUNNING, RunSummary

STATUSES = (*END_STATUSES, INCOMPLETE, RUNNING)
RUN_FIELDS = ("task", "answer", "error")
STEP_FIELDS = ("thought", "action", "observation")
SEARCH_FIELDS = (*RUN_FIELDS, *STEP_FIELDS)
SHORT_ID_MIN = 7

SUMMARY_COLUMNS = (
    "path, id, hash, task, model, started_text, status, steps, answer, prompt_tokens, "
    "completion_tokens, bench_run, settings"
)
_TERM = re.compile(r'"([^"]*)"|(\S+)')
_GLOB_CHARACTERS = re.compile(r"[*?\[]")


class QueryError(ValueError):
    """A filter or search the index cannot answer as asked, with what to do instead."""


@dataclass(frozen=True)
class RunFilter:
    """Which runs to list, search or prune; empty fields do not filter.

    `models` match exactly or as globs (`qwen*`); `settings` match a setting's value as JSON
    (`False` matches `false`, `20` matches `20` and `"20"`); a date in `since`/`until` is a whole
    local day, both ends included.
    """

    models: tuple[str, ...] = ()
    statuses: tuple[str, ...] = ()
    since: datetime | date | None = None
    until: datetime | date | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)
    bench_runs: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        unknown = [status for status in self.statuses if status not in STATUSES]
        if unknown:
            raise QueryError(
                f"unknown status {unknown[0]!r}; expected one of {', '.join(STATUSES)}"
            )

    def wants_liveness(self) -> bool:
        """Running and killed runs look alike in the index; only their lock tells them apart."""
        return bool({RUNNING, INCOMPLETE} & set(self.statuses))

    def admits(self, status: str) -> bool:
        return not self.statuses or status in self.statuses


def where(filters: RunFilter) -> tuple[str, list[Any]]:
    """A WHERE clause over `runs` (always valid SQL, "1" when nothing filters) and its values."""
    clauses: list[str] = []
    values: list[Any] = []
    if filters.models:
        clauses.append(" OR ".join(_model_clause(model, values) for model in filters.models))
    if filters.statuses:
        stored = sorted({INCOMPLETE if s == RUNNING else s for s in filters.statuses})
        clauses.append(f"status IN ({', '.join('?' * len(stored))})")
        values += stored
    if filters.since is not None:
        clauses.append("started >= ?")
        values.append(moment(filters.since))
    if filters.until is not None:
        end = filters.until
        clauses.append("started < ?")
        values.append(moment(end if isinstance(end, datetime) else end + timedelta(days=1)))
    if filters.bench_runs:
        clauses.append(f"bench_run IN ({', '.join('?' * len(filters.bench_runs))})")
        values += filters.bench_runs
    for key, expected in filters.settings.items():
        clauses.append(_setting_clause(key, expected, values))
    return " AND ".join(f"({clause})" for clause in clauses) or "1", values


def search_clause(text: str, fields: Iterable[str] = ()) -> tuple[str, list[Any]]:
    """Runs where every word (or "quoted phrase") of `text` appears in one of `fields`.

    Words match whole words in any case and accent (`weather` finds `get_weather(...)`, not
    `weathered`); a trailing `*` matches a prefix (`weath*`). Each word may be in a different
    step or field of the run.
    """
    chosen = tuple(fields) or SEARCH_FIELDS
    unknown = [name for name in chosen if name not in SEARCH_FIELDS]
    if unknown:
        raise QueryError(f"cannot search in {unknown[0]!r}; choose from {', '.join(SEARCH_FIELDS)}")
    phrases = [_phrase(quoted or word) for quoted, word in _TERM.findall(text)]
    phrases = [phrase for phrase in phrases if phrase]
    if not phrases:
        raise QueryError(f"nothing to search for in {text!r}: give at least one word")
    run_columns = [name for name in chosen if name in RUN_FIELDS]
    step_columns = [name for name in chosen if name in STEP_FIELDS]
    clauses, values = [], []
    for phrase in phrases:
        parts = []
        if run_columns:
            parts.append("SELECT rowid FROM runs_text WHERE runs_text MATCH ?")
            values.append(f"{{{' '.join(run_columns)}}} : {phrase}")
        if step_columns:
            parts.append(
                "SELECT run FROM steps WHERE rowid IN "
                "(SELECT rowid FROM steps_text WHERE steps_text MATCH ?)"
            )
            values.append(f"{{{' '.join(step_columns)}}} : {phrase}")
        clauses.append(f"rowid IN ({' UNION '.join(parts)})")
    return " AND ".join(clauses), values


def summary(jsonl: str, row: tuple[Any, ...], short_id: str, status: str) -> RunSummary:
    """A row of SUMMARY_COLUMNS as a RunSummary; `jsonl` is its file's full path."""
    _, run_id, _, task, model, started, _, steps, answer, prompt, completion, bench, settings = row
    return RunSummary(
        id=run_id,
        path=Path(jsonl.removesuffix(".jsonl") + ".md"),
        task=task,
        model=model,
        status=status,
        started=datetime.fromisoformat(started).astimezone(),
        steps=steps,
        answer=answer,
        prompt_tokens=prompt,
        completion_tokens=completion,
        bench_run=bench,
        short_id=short_id,
        cost=cost(recorded_price(json.loads(settings)), prompt, completion),
    )


def short_id(full_hash: str, all_hashes: list[str]) -> str:
    """The shortest prefix (at least SHORT_ID_MIN) no other run's hash starts with.

    `all_hashes` is sorted, so only the neighbours can share a longer prefix.
    """
    position = bisect.bisect_left(all_hashes, full_hash)
    neighbours = (
        all_hashes[max(0, position - 1) : position] + all_hashes[position + 1 : position + 2]
    )
    length = SHORT_ID_MIN
    for other in neighbours:
        while length < len(full_hash) and other[:length] == full_hash[:length]:
            length += 1
    return full_hash[:length]


def _phrase(term: str) -> str:
    """An FTS5 phrase for one user term; quoting makes any punctuation inert."""
    if not re.search(r"\w", term):
        return ""
    prefix = term.endswith("*")
    body = term.rstrip("*").replace('"', '""')
    return f'"{body}"' + ("*" if prefix else "")


def _model_clause(model: str, values: list[Any]) -> str:
    values.append(model)
    return "model GLOB ?" if _GLOB_CHARACTERS.search(model) else "model = ?"


def _setting_clause(key: str, expected: Any, values: list[Any]) -> str:
    path = '$."' + key.replace('"', '\\"') + '"'
    if isinstance(expected, bool) or expected is None:
        values += [path, json.dumps(expected)]
        return "json_type(settings, ?) = ?"
    if isinstance(expected, int | float):
        values += [path, path, expected, path, str(expected)]
        return (
            "(json_type(settings, ?) IN ('integer', 'real') AND json_extract(settings, ?) = ?)"
            " OR json_extract(settings, ?) = ?"
        )
    if isinstance(expected, str):
        values += [path, expected]
        return "json_extract(settings, ?) = ?"
    values += [path, json.dumps(expected, separators=(",", ":"), ensure_ascii=False)]
    return "settings -> ? = ?"


def moment(value: datetime | date) -> float:
    """POSIX time of a moment, or of the start of a local day."""
    if isinstance(value, datetime):
        return value.astimezone().timestamp()
    return datetime.combine(value, time.min).astimezone().timestamp()
