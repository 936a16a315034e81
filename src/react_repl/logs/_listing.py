"""A list of runs as one line per run that fits the terminal, however long ids, models and tasks.

The id column is the short id (`show` and `export` accept it), long model names lose their
middle (where `org/` prefixes and size suffixes are least telling), tasks are cut at the end.
Widths are measured in terminal cells, so wide characters in a task cannot push a line over.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from rich.cells import cell_len, set_cell_size

from ._cost import cost_text
from ._records import RunSummary

_GAP = " "
_ELLIPSIS = "…"
_MODEL_SHARE = 0.4
_MIN_MODEL = 8
_MIN_TASK = 10
_OPTIONAL = ("started", "steps")
"""Columns given up, in this order, when a terminal is too narrow for model and task."""
_WIDE = 110
"""From this width on, there is room for the full date and the token counts."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


@dataclass(frozen=True)
class _Column:
    title: str
    value: Callable[[RunSummary], str]
    right: bool = False


def run_lines(
    runs: list[RunSummary],
    width: int,
    *,
    paint_status: Callable[[str], str] | None = None,
    now: datetime | None = None,
) -> list[str]:
    """A header line and one line per run, each at most `width` cells wide (minimum 40).

    `paint_status` may wrap a padded status cell in terminal colours (they take no cells).
    """
    width = max(width, 40)
    columns = _columns(runs, width, now or datetime.now().astimezone())
    rows = [{column.title: _one_line(column.value(run)) for column in columns} for run in runs]
    widths = {c.title: max(cell_len(text) for text in [c.title, *(r[c.title] for r in rows)])
              for c in columns}  # fmt: skip
    for optional in _OPTIONAL:
        if _room(widths, width) >= _MIN_MODEL + _MIN_TASK:
            break
        del widths[optional]
    _fit(widths, width)
    shown = [column for column in columns if column.title in widths]
    lines = [_line({column.title: column.title for column in shown}, widths, shown, None)]
    return lines + [_line(row, widths, shown, paint_status) for row in rows]


def _columns(runs: list[RunSummary], width: int, now: datetime) -> list[_Column]:
    wide = width >= _WIDE
    same_year = all(run.started.year == now.year for run in runs)
    date_format = "%Y-%m-%d %H:%M" if wide or not same_year else "%m-%d %H:%M"
    columns = [
        _Column("id", lambda run: run.short_id),
        _Column("started", lambda run: run.started.strftime(date_format)),
        _Column("model", lambda run: run.model),
        _Column("status", lambda run: run.status),
        _Column("steps", lambda run: str(run.steps), right=True),
    ]
    if wide:
        tokens = _Column("tokens", lambda run: f"{run.prompt_tokens}+{run.completion_tokens}", True)
        columns += [tokens, _Column("cost", lambda run: cost_text(run.cost), True)]
    return [*columns, _Column("task", lambda run: run.task)]


def _room(widths: dict[str, int], width: int) -> int:
    """Cells left for the model and the task once the short, fixed columns have theirs."""
    fixed = sum(w for title, w in widths.items() if title not in ("model", "task"))
    return width - fixed - len(_GAP) * (len(widths) - 1)


def _fit(widths: dict[str, int], width: int) -> None:
    room = _room(widths, width)
    model = max(_MIN_MODEL, min(widths["model"], int(room * _MODEL_SHARE), room - _MIN_TASK))
    widths.update(model=model, task=max(1, min(widths["task"], room - model)))


def _line(
    cells: dict[str, str],
    widths: dict[str, int],
    columns: list[_Column],
    paint_status: Callable[[str], str] | None,
) -> str:
    parts = []
    for column in columns:
        text, width = cells[column.title], widths[column.title]
        cut = _middle(text, width) if column.title == "model" else _end(text, width)
        cell = _pad(cut, width, column.right)
        if column.title == "status" and paint_status is not None:
            cell = paint_status(cell)
        parts.append(cell)
    return _GAP.join(parts).rstrip()


def _end(text: str, width: int) -> str:
    if cell_len(text) <= width:
        return text
    return set_cell_size(text, width - 1) + _ELLIPSIS


def _middle(text: str, width: int) -> str:
    if cell_len(text) <= width:
        return text
    head = (width - 1) // 2
    tail = width - 1 - head
    return set_cell_size(text, head) + _ELLIPSIS + _last_cells(text, tail)


def _last_cells(text: str, width: int) -> str:
    taken = ""
    for character in reversed(text):
        if cell_len(character + taken) > width:
            break
        taken = character + taken
    return taken


def _pad(text: str, width: int, right: bool) -> str:
    padding = " " * max(0, width - cell_len(text))
    return padding + text if right else text + padding


def _one_line(text: str) -> str:
    """Newlines, tabs and terminal control codes in a task must not break the row."""
    return " ".join(_CONTROL.sub(" ", text).split())
