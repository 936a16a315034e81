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
    texts = [[_one_line(column.value(run)) for column in columns] for run in runs]
    widths = [
        max([cell_len(column.title), *(cell_len(row[index]) for row in texts)])
        for index, column in enumerate(columns)
    ]
    for optional in _OPTIONAL:
        if _room(widths, columns, width) >= _MIN_MODEL + _MIN_TASK:
            break
        dropped = _index(columns, optional)
        del widths[dropped], columns[dropped]
        for row in texts:
            del row[dropped]
    _fit(widths, columns, width)
    lines = [_line([column.title for column in columns], widths, columns, None)]
    lines += [_line(row, widths, columns, paint_status) for row in texts]
    return lines


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


def _room(widths: list[int], columns: list[_Column], width: int) -> int:
    """Cells left for the model and the task once the short, fixed columns have theirs."""
    model, task = _index(columns, "model"), _index(columns, "task")
    fixed = sum(w for i, w in enumerate(widths) if i not in (model, task))
    return width - fixed - len(_GAP) * (len(widths) - 1)


def _fit(widths: list[int], columns: list[_Column], width: int) -> None:
    model, task = _index(columns, "model"), _index(columns, "task")
    room = _room(widths, columns, width)
    widths[model] = max(_MIN_MODEL, min(widths[model], int(room * _MODEL_SHARE), room - _MIN_TASK))
    widths[task] = max(1, min(widths[task], room - widths[model]))


def _index(columns: list[_Column], title: str) -> int:
    return next(index for index, column in enumerate(columns) if column.title == title)


def _line(
    cells: list[str],
    widths: list[int],
    columns: list[_Column],
    paint_status: Callable[[str], str] | None,
) -> str:
    parts = []
    for text, width, column in zip(cells, widths, columns, strict=True):
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
