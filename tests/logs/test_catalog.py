"""Listing, filtering, searching and finding runs through the index, written by the real writer."""

from __future__ import annotations

import hashlib
import warnings
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from react_repl.logs import (
    QueryError,
    RunCatalog,
    RunFilter,
    RunLog,
    RunLogWarning,
    RunLookupError,
    RunParameters,
    find_run,
    list_runs,
    search_runs,
)
from react_repl.logs._writer import run_stem

WriteRun = Callable[..., RunLog]
DAY = timedelta(days=1)


def _ids(runs: list) -> list[str]:
    return [run.id for run in runs]


def test_filters_and_newest_first(write_run: WriteRun, started: datetime, tmp_path: Path) -> None:
    old = write_run("Old task", started=started - 3 * DAY)
    capped = write_run("Capped task", model="qwen/q:1b", started=started - DAY, status="max_steps")
    new = write_run("New task", started=started)
    logs = tmp_path / "logs"

    assert _ids(list_runs(logs)) == [new.id, capped.id, old.id]
    assert _ids(list_runs(logs, RunFilter(models=("qwen/q:1b",)))) == [capped.id]
    assert _ids(list_runs(logs, RunFilter(models=("qwen*",)))) == [capped.id]
    assert _ids(list_runs(logs, RunFilter(models=("gpt-4", "qwen/q:1b")))) == _ids(list_runs(logs))
    assert _ids(list_runs(logs, RunFilter(statuses=("finished",)))) == [new.id, old.id]
    day_before = (started - DAY).astimezone().date()
    assert _ids(list_runs(logs, RunFilter(since=day_before))) == [new.id, capped.id]
    assert _ids(list_runs(logs, RunFilter(until=day_before))) == [capped.id, old.id]
    assert _ids(list_runs(logs, RunFilter(since=started - timedelta(hours=1)))) == [new.id]
    assert _ids(list_runs(logs, RunFilter(until=started - timedelta(hours=1)))) == [
        capped.id,
        old.id,
    ]
    assert list_runs(logs, RunFilter(since=datetime(2030, 1, 1))) == []
    assert _ids(list_runs(logs, limit=2)) == [new.id, capped.id]


def test_filter_by_setting_and_recorded_parameters(write_run: WriteRun, tmp_path: Path) -> None:
    plain = write_run("a", settings={"few_shot": False, "max_steps": 20, "note": "20"})
    shots = write_run(
        "b",
        settings={"few_shot": True, "max_steps": 10, "apis": ["apis", "extra"]},
        parameters=RunParameters(temperature=0.0, max_tokens=512, seed=7, prompts_hash="abc"),
    )
    logs = tmp_path / "logs"

    def matching(**settings: object) -> list[str]:
        return _ids(list_runs(logs, RunFilter(settings=settings)))

    assert matching(few_shot=False) == [plain.id]
    assert matching(few_shot=True) == [shots.id]
    assert matching(max_steps=20) == [plain.id]
    assert matching(note=20) == [plain.id]  # typed on a command line, "20" may be a string
    assert matching(apis=["apis", "extra"]) == [shots.id]
    assert matching(temperature=0) == [shots.id]
    assert matching(seed=7, max_tokens=512, prompts_hash="abc") == [shots.id]
    assert matching(few_shot=False, max_steps=10) == []
    assert matching(no_such_setting=1) == []


def test_filter_by_bench_run(write_run: WriteRun, tmp_path: Path) -> None:
    first = write_run("a", bench_run="bench-1")
    write_run("b", bench_run="bench-2")
    write_run("c")
    logs = tmp_path / "logs"
    assert _ids(list_runs(logs, RunFilter(bench_runs=("bench-1",)))) == [first.id]
    assert list_runs(logs, RunFilter(bench_runs=("bench-1",)))[0].bench_run == "bench-1"


def test_unknown_status_is_refused() -> None:
    with pytest.raises(QueryError, match="unknown status 'done'; expected one of finished"):
        RunFilter(statuses=("done",))


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
    assert run.short_id == hashlib.sha1(log.id.encode()).hexdigest()[:7]


def test_missing_logs_folder_lists_nothing(tmp_path: Path) -> None:
    assert list_runs(tmp_path / "nowhere") == []
    assert not (tmp_path / "nowhere").exists()


def test_damaged_files_are_reported_once_and_cost_only_their_lines(
    write_run: WriteRun, tmp_path: Path
) -> None:
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
    assert "empty.jsonl" not in messages  # a writer may be about to write its header

    with warnings.catch_warnings(record=True) as again:  # unchanged files are not read again
        warnings.simplefilter("always")
        assert _ids(list_runs(tmp_path / "logs")) == [log.id]
    assert again == []


def test_unreadable_header_skips_the_file(tmp_path: Path) -> None:
    (tmp_path / "bad.jsonl").write_text('{"type": "run", "task": "t", "started": "yesterday"}\n')
    with pytest.warns(RunLogWarning, match="unreadable run header"):
        assert list_runs(tmp_path) == []


def test_search_looks_everywhere_in_a_run(write_run: WriteRun) -> None:
    weather = write_run(
        "Weather in Paris",
        answer="Sunny",
        action="get_weather('Paris')",
        observation="{'temperature_max': 21.5}",
    )
    failed = write_run("Print the date", status="error", answer=None, error="ZeroDivisionError")
    logs = weather.path.parents[4]
    assert _ids(search_runs(logs, "GET_WEATHER")) == [weather.id]
    assert _ids(search_runs(logs, "weather")) == [weather.id]
    assert _ids(search_runs(logs, "sunny")) == [weather.id]
    assert _ids(search_runs(logs, "temperature_max")) == [weather.id]
    assert _ids(search_runs(logs, "zerodivisionerror")) == [failed.id]
    assert set(_ids(search_runs(logs, "thought number 2"))) == {weather.id, failed.id}
    assert _ids(search_runs(logs, "temp*")) == [weather.id]
    assert search_runs(logs, "weath") == []  # whole words, unless asked for a prefix


def test_search_needs_every_word_anywhere_in_the_run(write_run: WriteRun) -> None:
    run = write_run("Weather in Paris", answer="Sunny", observation="rain expected")
    logs = run.path.parents[4]
    assert _ids(search_runs(logs, "paris rain sunny")) == [run.id]  # task, observation, answer
    assert search_runs(logs, "paris snow") == []
    assert _ids(search_runs(logs, '"weather in paris"')) == [run.id]
    assert search_runs(logs, '"paris in weather"') == []


def test_search_in_chosen_fields(write_run: WriteRun) -> None:
    run = write_run("Weather in Paris", observation="Paris is cloudy")
    logs = run.path.parents[4]
    assert _ids(search_runs(logs, "cloudy", fields=("observation",))) == [run.id]
    assert search_runs(logs, "cloudy", fields=("task", "thought")) == []
    assert _ids(search_runs(logs, "paris", fields=("task",))) == [run.id]


def test_search_refuses_what_it_cannot_answer(write_run: WriteRun) -> None:
    logs = write_run().path.parents[4]
    with pytest.raises(QueryError, match="nothing to search for"):
        search_runs(logs, ' -- () "" ')
    with pytest.raises(QueryError, match="cannot search in 'raw_reply'"):
        search_runs(logs, "x", fields=("raw_reply",))
    assert search_runs(logs, 'unbalanced "quote AND OR NOT ( *') == []


def test_find_run_by_id_prefix_short_id_or_path(write_run: WriteRun, tmp_path: Path) -> None:
    date_run = write_run("Print the date")
    weather = write_run("Weather in Paris")
    logs = tmp_path / "logs"
    assert find_run(logs, date_run.id).path == date_run.path
    assert find_run(logs, "weather").path == weather.path
    short = list_runs(logs, RunFilter(models=("gpt-4",)))[0].short_id
    assert find_run(logs, short).path == list_runs(logs)[0].path
    assert find_run(logs, short.upper()).path == list_runs(logs)[0].path
    assert find_run(logs, str(date_run.jsonl_path)).path == date_run.path
    assert find_run(logs, str(weather.path)).short_id == list_runs(logs)[0].short_id


def test_ambiguous_short_ids_are_explained(
    tmp_path: Path, started: datetime, die: Callable[[RunLog], None]
) -> None:
    """Two runs whose hashes share 4 characters: that prefix names neither."""
    seen: dict[str, datetime] = {}
    for offset in range(100_000):
        moment = started + timedelta(seconds=offset)
        prefix = hashlib.sha1(run_stem("t", "m", moment).encode()).hexdigest()[:4]
        if prefix in seen:
            break
        seen[prefix] = moment
    for twin in (seen[prefix], moment):
        die(RunLog.create(tmp_path, task="t", model="m", settings={}, started=twin))
    runs = list_runs(tmp_path)
    assert all(run.short_id.startswith(prefix) for run in runs)
    with pytest.raises(RunLookupError, match=f"2 runs match '{prefix}'; give more") as error:
        find_run(tmp_path, prefix)
    assert all(run.short_id in str(error.value) for run in runs)
    assert find_run(tmp_path, runs[0].short_id).id == runs[0].id


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
    assert find_run(tmp_path / "logs", first.id).path == first.path


def test_read_gives_the_whole_run(write_run: WriteRun, tmp_path: Path) -> None:
    log = write_run(steps=2, parameters=RunParameters(0.2, 256, 3, "f00"), bench_run="b-1")
    with RunCatalog(tmp_path / "logs") as catalog:
        detail = catalog.read(log.id[:12])
    assert detail.summary.path == log.path
    assert (detail.header["temperature"], detail.header["seed"], detail.header["bench_run"]) == (
        0.2,
        3,
        "b-1",
    )
    assert [step["index"] for step in detail.steps] == [1, 2]
    assert detail.end is not None and detail.end["status"] == "finished"
