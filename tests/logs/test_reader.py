from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from react_repl.logs import RunLog, RunLogWarning, RunLookupError, find_run, list_runs, search_runs

WriteRun = Callable[..., RunLog]
DAY = timedelta(days=1)


def test_filters_and_newest_first(write_run: WriteRun, started: datetime, tmp_path: Path) -> None:
    old = write_run("Old task", started=started - 3 * DAY)
    capped = write_run("Capped task", model="qwen/q:1b", started=started - DAY, status="max_steps")
    new = write_run("New task", started=started)
    logs = tmp_path / "logs"

    assert [run.id for run in list_runs(logs)] == [new.id, capped.id, old.id]
    assert [run.id for run in list_runs(logs, model="qwen/q:1b")] == [capped.id]
    assert [run.id for run in list_runs(logs, status="finished")] == [new.id, old.id]
    assert [run.id for run in list_runs(logs, since=(started - DAY).date())] == [new.id, capped.id]
    assert [run.id for run in list_runs(logs, since=started - timedelta(hours=1))] == [new.id]
    naive_future = datetime(2030, 1, 1)
    assert list_runs(logs, since=naive_future) == []


def test_summary_comes_from_the_end_record(write_run: WriteRun) -> None:
    log = write_run(steps=3, answer="42")
    [run] = list_runs(log.path.parents[4])
    assert (run.task, run.model, run.status, run.steps, run.answer) == (
        "Print the date",
        "gpt-4",
        "finished",
        3,
        "42",
    )
    assert (run.prompt_tokens, run.completion_tokens) == (7, 3)
    assert run.path == log.path
    assert run.started == datetime(2026, 11, 21, 14, 5, 9, tzinfo=UTC)


def test_missing_logs_folder_lists_nothing(tmp_path: Path) -> None:
    assert list_runs(tmp_path / "nowhere") == []


def test_corrupt_lines_are_skipped_with_a_warning(write_run: WriteRun, tmp_path: Path) -> None:
    log = write_run(steps=2, status=None)
    with log.jsonl_path.open("a") as jsonl:
        jsonl.write('{"type": "step", "index": 3, "prompt_tok\n[1, 2]\n')
    (tmp_path / "logs" / "notes.jsonl").write_text('{"something": "else"}\n')
    (tmp_path / "logs" / "empty.jsonl").write_text("")

    with pytest.warns(RunLogWarning) as caught:
        [run] = list_runs(tmp_path / "logs")
    assert (run.id, run.status, run.steps) == (log.id, "incomplete", 2)
    messages = "\n".join(str(warning.message) for warning in caught)
    assert f"{log.jsonl_path}:4: corrupt line skipped" in messages
    assert f"{log.jsonl_path}:5: not a record" in messages
    assert "notes.jsonl: no run header" in messages
    assert "empty.jsonl: no run header" in messages


def test_unreadable_header_skips_the_file(tmp_path: Path) -> None:
    (tmp_path / "bad.jsonl").write_text('{"type": "run", "task": "t", "started": "yesterday"}\n')
    with pytest.warns(RunLogWarning, match="unreadable run header"):
        assert list_runs(tmp_path) == []


def test_search_looks_in_task_answer_thoughts_and_actions(write_run: WriteRun) -> None:
    weather = write_run("Weather in Paris", answer="Sunny", action="get_weather('Paris')")
    date_run = write_run("Print the date", answer="2026-11-21")
    logs = weather.path.parents[4]
    assert [run.id for run in search_runs(logs, "GET_WEATHER")] == [weather.id]
    assert [run.id for run in search_runs(logs, "sunny")] == [weather.id]
    assert {run.id for run in search_runs(logs, "thought number 2")} == {weather.id, date_run.id}
    assert search_runs(logs, "observation text is not searched: output 1") == []


def test_find_run_by_id_prefix_or_path(write_run: WriteRun, tmp_path: Path) -> None:
    date_run = write_run("Print the date")
    weather = write_run("Weather in Paris")
    logs = tmp_path / "logs"
    assert find_run(logs, date_run.id) == date_run.path
    assert find_run(logs, "weather") == weather.path
    assert find_run(logs, str(date_run.jsonl_path)) == date_run.path
    assert find_run(logs, str(weather.path)) == weather.path


def test_find_run_explains_ambiguity_and_absence(write_run: WriteRun, tmp_path: Path) -> None:
    first = write_run("Print the date")
    second = write_run("Print the time")
    logs = tmp_path / "logs"
    with pytest.raises(RunLookupError, match="2 runs match 'print'") as ambiguous:
        find_run(logs, "print")
    assert first.id in str(ambiguous.value) and second.id in str(ambiguous.value)
    with pytest.raises(RunLookupError, match=r"no run 'weather'.*logs list"):
        find_run(logs, "weather")
    with pytest.raises(RunLookupError, match="no run log at"):
        find_run(logs, str(tmp_path / "gone.md"))
    with pytest.raises(RunLookupError, match="no logs folder"):
        find_run(tmp_path / "nowhere", "print")


def test_exact_id_wins_over_longer_ids_it_prefixes(write_run: WriteRun, tmp_path: Path) -> None:
    first = write_run()
    write_run()
    assert find_run(tmp_path / "logs", first.id) == first.path
