"""One line per run within the terminal's width, however long or strange ids, models and tasks."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from rich.cells import cell_len

from react_repl.logs import RunSummary, run_lines

NOW = datetime(2026, 11, 21, 15, 0, tzinfo=UTC)


def _run(task: str, model: str, status: str = "finished", steps: int = 4) -> RunSummary:
    return RunSummary(
        id="x",
        path=Path("x.md"),
        task=task,
        model=model,
        status=status,
        started=datetime(2026, 11, 21, 14, 5, tzinfo=UTC),
        steps=steps,
        answer=None,
        prompt_tokens=12345,
        completion_tokens=678,
        bench_run=None,
        short_id="3f9a2c1",
    )


RUNS = [
    _run("What is the weather in Paris tomorrow? Post it to #general.", "gpt-4o"),
    _run("天気予報を取得して、Slackの#generalに投稿してください。" * 3, "qwen2.5-coder:1.5b"),
    _run("Emoji 🌦️ forecast\nsecond line\tand a tab \x1b[31mred\x1b[0m", "claude-3-5-sonnet"),
    _run("short", "meta-llama/Llama-3.1-70B-Instruct-Turbo-with-a-long-suffix", "interrupted", 120),
]


@pytest.mark.parametrize("width", [40, 60, 80, 100, 120, 200])
def test_every_line_fits_and_keeps_the_short_id(width: int) -> None:
    lines = run_lines(RUNS, width, now=NOW)
    assert len(lines) == len(RUNS) + 1
    for line in lines:
        assert cell_len(line) <= width, line
        assert "\n" not in line and "\x1b" not in line and "\t" not in line
    assert all(line.startswith("3f9a2c1 ") for line in lines[1:])
    header = lines[0].split()
    assert header[0] == "id" and "model" in header and header[-1] == "task"
    assert ("started" in header) == (width >= 60)  # the first column given up when narrow


def test_eighty_columns_shows_what_tells_runs_apart() -> None:
    lines = run_lines(RUNS, 80, now=NOW)
    assert lines[1].startswith("3f9a2c1 11-21 14:05 gpt-4o ")
    assert "finished" in lines[1] and "What is the weather" in lines[1]
    assert lines[1].endswith("…")
    long_model = lines[4]
    assert "meta-" in long_model and "suffix" in long_model and "…" in long_model  # middle cut
    assert "interrupted" in long_model and " 120 " in long_model
    assert "tokens" not in lines[0]


def test_wide_terminals_also_get_the_year_and_tokens() -> None:
    lines = run_lines(RUNS, 160, now=NOW)
    assert "tokens" in lines[0]
    assert lines[1].startswith("3f9a2c1 2026-11-21 14:05 gpt-4o")
    assert "12345+678" in lines[1]
    assert "What is the weather in Paris tomorrow? Post it to #general." in lines[1]


def test_runs_from_another_year_show_the_year() -> None:
    lines = run_lines(RUNS[:1], 80, now=datetime(2027, 1, 2, tzinfo=UTC))
    assert lines[1].startswith("3f9a2c1 2026-11-21 14:05 ")


def test_status_cells_can_be_painted_without_moving_columns() -> None:
    plain = run_lines(RUNS, 80, now=NOW)
    painted = run_lines(RUNS, 80, now=NOW, paint_status=lambda cell: f"<{cell}>")
    assert [line.replace("<", "").replace(">", "") for line in painted[1:]] == plain[1:]
    assert "<finished   >" in painted[1]
