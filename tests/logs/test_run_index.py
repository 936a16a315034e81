"""The index is kept in step with the files, and rebuilt from them whatever happened to it."""

from __future__ import annotations

import shutil
import sqlite3
import warnings
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from react_repl.logs import (
    RunCatalog,
    RunLog,
    RunLogWarning,
    StepRecord,
    SyncReport,
    _indexing,
    list_runs,
    search_runs,
)

WriteRun = Callable[..., RunLog]


def _state(logs: Path) -> list[tuple[str, str, int, int, int]]:
    return [
        (run.id, run.status, run.steps, run.prompt_tokens, run.completion_tokens)
        for run in list_runs(logs)
    ]


def _index_file(logs: Path) -> Path:
    return logs / ".index" / "runs.sqlite3"


def test_the_writer_keeps_the_index_in_step(write_run: WriteRun, started: datetime) -> None:
    first = write_run("Weather in Paris", steps=3)
    write_run("Print the date", started=started + timedelta(minutes=1), status="max_steps")
    logs = first.path.parents[4]
    with RunCatalog(logs) as catalog:
        assert catalog.last_sync == SyncReport(0, 0)  # nothing left for a reader to read
        runs = catalog.select().runs
    assert [(run.task, run.status, run.steps) for run in runs] == [
        ("Print the date", "max_steps", 2),
        ("Weather in Paris", "finished", 3),
    ]


def test_each_step_is_searchable_as_soon_as_it_is_written(tmp_path: Path) -> None:
    log = RunLog.create(tmp_path, task="Count", model="m", settings={})
    for index, word in enumerate(("alpha", "bravo", "charlie"), start=1):
        log.write_step(StepRecord(index, "step", "t", f"print('{word}')", word.upper(), 3, 1, 0.1))
        with RunCatalog(tmp_path) as catalog:
            assert catalog.last_sync == SyncReport(0, 0)
            [run] = catalog.select(text=word).runs
            assert (run.status, run.steps, run.prompt_tokens) == ("running", index, 3 * index)
    log.finish(status="finished", answer="done", prompt_tokens=9, completion_tokens=3)
    with RunCatalog(tmp_path) as catalog:
        assert catalog.last_sync == SyncReport(0, 0)
        assert [run.status for run in catalog.select(text="done").runs] == ["finished"]


def test_a_deleted_index_is_rebuilt_from_the_files(write_run: WriteRun, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    write_run("Weather in Paris", observation="cloudy")
    write_run("Print the date", status="error", answer=None)
    before = _state(logs)
    shutil.rmtree(logs / ".index")
    with RunCatalog(logs) as catalog:
        assert catalog.last_sync == SyncReport(2, 0)
    assert _state(logs) == before
    assert [run.task for run in search_runs(logs, "cloudy")] == ["Weather in Paris"]


def test_a_file_that_is_not_a_database_is_replaced(write_run: WriteRun, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    write_run("Weather in Paris")
    before = _state(logs)
    _index_file(logs).write_bytes(b"not a database at all " * 500)
    with pytest.warns(RunLogWarning, match="was damaged .*rebuilding it from the log files"):
        assert _state(logs) == before


def test_damaged_pages_are_found_and_the_index_rebuilt(write_run: WriteRun, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    for number in range(30):
        write_run(f"Task number {number}", observation="x" * 3000)
    before = _state(logs)
    index = _index_file(logs)
    data = bytearray(index.read_bytes())
    page = 4096
    data[page:] = bytes(len(data) - page)  # keep the header page, zero the rest
    index.write_bytes(bytes(data))
    with pytest.warns(RunLogWarning, match="was damaged"):
        assert _state(logs) == before
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert len(search_runs(logs, "task number")) == 30


def test_an_old_schema_is_replaced(write_run: WriteRun, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    write_run()
    before = _state(logs)
    with sqlite3.connect(_index_file(logs)) as connection:
        connection.execute("PRAGMA user_version = 0")
    with RunCatalog(logs) as catalog:
        assert catalog.last_sync == SyncReport(1, 0)
    assert _state(logs) == before


def test_logs_copied_in_are_indexed_incrementally(tmp_path: Path, started: datetime) -> None:
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    for folder, tasks in ((home, ("Local one", "Local two")), (elsewhere, ("Remote one",))):
        for offset, task in enumerate(tasks):
            log = RunLog.create(folder, task=task, model="m", settings={},
                                started=started + timedelta(minutes=offset))  # fmt: skip
            log.write_step(StepRecord(1, "step", "t", "a", f"seen in {folder.name}", 1, 1, 0.1))
            log.finish(status="finished", answer=None, prompt_tokens=1, completion_tokens=1)
    for source in elsewhere.rglob("*.*"):
        if ".index" not in source.parts:
            target = home / "imported" / source.name
            target.parent.mkdir(exist_ok=True)
            shutil.copy2(source, target)
    with RunCatalog(home) as catalog:
        assert catalog.last_sync == SyncReport(1, 0)  # only the new file is read
        assert [run.task for run in catalog.select(text="elsewhere").runs] == ["Remote one"]
        assert len(catalog.select().runs) == 3


def test_files_changed_or_deleted_behind_its_back(write_run: WriteRun, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    killed = write_run("Killed run", status=None)
    gone = write_run("Deleted run")
    gone.path.unlink()
    gone.jsonl_path.unlink()
    with killed.jsonl_path.open("a") as jsonl:  # e.g. a log finished by hand or by a tool
        jsonl.write('{"type": "end", "status": "error", "prompt_tokens": 5, '
                    '"completion_tokens": 1, "error": "OutOfMemory"}\n')  # fmt: skip
    with RunCatalog(logs) as catalog:
        assert catalog.last_sync == SyncReport(1, 1)
        assert [(r.task, r.status) for r in catalog.select().runs] == [("Killed run", "error")]
        assert [run.task for run in catalog.select(text="outofmemory").runs] == ["Killed run"]


def test_a_writer_that_cannot_reach_the_index_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_indexing, "WRITER_BUSY_SECONDS", 0.05)
    list_runs(tmp_path)  # creates the index
    blocker = sqlite3.connect(_index_file(tmp_path), isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")  # another process holding the write lock for long
    try:
        with pytest.warns(RunLogWarning, match="not updated .*the log file is complete"):
            log = RunLog.create(tmp_path, task="Busy index", model="m", settings={})
        for index in (1, 2, 3):
            log.write_step(StepRecord(index, "step", "t", "a", f"step{index}", 2, 1, 0.1))
        log.finish(status="finished", answer="ok", prompt_tokens=6, completion_tokens=3)
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    with RunCatalog(tmp_path) as catalog:
        assert catalog.last_sync == SyncReport(1, 0)
        [run] = catalog.select(text="step3").runs
    assert (run.task, run.status, run.steps, run.prompt_tokens) == ("Busy index", "finished", 3, 6)


def test_a_damaged_index_does_not_stop_a_writer(tmp_path: Path) -> None:
    list_runs(tmp_path)
    _index_file(tmp_path).write_bytes(b"garbage" * 1000)
    with pytest.warns(RunLogWarning, match="not updated"):
        log = RunLog.create(tmp_path, task="Writes on", model="m", settings={})
    log.write_step(StepRecord(1, "step", "t", "a", "o", 1, 1, 0.1))
    log.finish(status="finished", answer="ok", prompt_tokens=1, completion_tokens=1)
    with pytest.warns(RunLogWarning, match="was damaged"):
        assert [(run.task, run.steps) for run in list_runs(tmp_path)] == [("Writes on", 1)]


def test_an_unwritable_index_falls_back_to_reading_the_files(
    write_run: WriteRun, tmp_path: Path
) -> None:
    logs = tmp_path / "logs"
    write_run("Weather in Paris", observation="cloudy")
    shutil.rmtree(logs / ".index")
    (logs / ".index").write_text("a file where the index folder should be")
    with pytest.warns(RunLogWarning, match="cannot use the run index .*reading every log file"):
        assert [run.task for run in search_runs(logs, "cloudy")] == ["Weather in Paris"]


def test_steps_count_the_numbered_steps_not_the_calls_around_them(
    tmp_path: Path, make_step: Callable[..., StepRecord]
) -> None:
    """A reminder retries its step, a critic and the wrap-up are extra calls: a run stopped at
    max_steps=2 took 2 steps, whether the writer's feed or a re-read of the file counts."""
    log = RunLog.create(tmp_path, task="Count", model="m", settings={})
    kinds = [(1, "decompose"), (2, "reminder"), (2, "step"), (2, "critic"), (3, "wrap_up")]
    for index, kind in kinds:
        log.write_step(make_step(index, kind=kind))
        with RunCatalog(tmp_path) as catalog:
            [running] = catalog.select().runs
        assert running.steps == min(index, 2)
    log.finish(status="max_steps", answer=None, prompt_tokens=9, completion_tokens=3,
               summary="Paris is 21.5 degrees.")  # fmt: skip

    assert "- Steps: 2\n" in log.path.read_text()
    assert _state(tmp_path)[0][2] == 2
    shutil.rmtree(tmp_path / ".index")
    assert _state(tmp_path)[0][2] == 2
