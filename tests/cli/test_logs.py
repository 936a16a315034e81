"""`react-repl logs ...` as a user runs it: the installed command, in an 80-column terminal."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from cli_process import react_repl
from rich.cells import cell_len

from react_repl.logs import RunLog, RunParameters, StepRecord

NOW = datetime.now(UTC).replace(microsecond=0)
TERMINAL = {"COLUMNS": "80"}


def _write(
    logs: Path,
    task: str,
    model: str,
    started: datetime,
    status: str,
    *,
    few_shot: bool = True,
    bench_run: str | None = None,
) -> RunLog:
    log = RunLog.create(
        logs,
        task=task,
        model=model,
        settings={"few_shot": few_shot, "max_steps": 20},
        parameters=RunParameters(temperature=0.0, max_tokens=512, seed=42, prompts_hash="ab12"),
        bench_run=bench_run,
        started=started,
    )
    step = StepRecord(
        1, "step", "Find it.", f"print({task!r})", f"{task.upper()} observed", 50, 5, 0.3
    )
    log.write_step(step)
    log.finish(status=status, answer=f"{task} done", prompt_tokens=50, completion_tokens=5)
    return log


@pytest.fixture
def home(tmp_path: Path) -> Path:
    logs = tmp_path / "logs"
    _write(logs, "Print the date", "gpt-4o", NOW - timedelta(days=10), "finished", few_shot=False)
    _write(logs, "Weather in Paris tomorrow, posted to #general with an emoji per day",
           "meta-llama/Llama-3.1-70B-Instruct-Turbo", NOW - timedelta(hours=2), "max_steps",
           bench_run="bench-7")  # fmt: skip
    _write(logs, "Weather in Lisbon", "qwen2.5-coder:1.5b", NOW - timedelta(minutes=5), "error",
           bench_run="bench-7")  # fmt: skip
    return tmp_path


def _logs(home: Path, *args: str) -> Any:
    result = react_repl("logs", *args, home=home, env=TERMINAL)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def _json(home: Path, *args: str) -> Any:
    result = _logs(home, *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def _tasks(home: Path, *args: str) -> list[str]:
    return [run["task"] for run in _json(home, *args)]


def test_list_is_one_line_per_run_in_80_columns(home: Path) -> None:
    result = _logs(home, "list")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 4 and lines[0].split()[:2] == ["id", "started"]
    assert all(cell_len(line) <= 80 for line in lines), lines
    short_ids = [run["short_id"] for run in _json(home, "list")]
    assert [line.split()[0] for line in lines[1:]] == short_ids
    assert "error" in lines[1] and "Weather in Lisbon" in lines[1]
    assert "max_steps" in lines[2] and "meta-" in lines[2] and "…" in lines[2]


def test_short_ids_are_accepted_by_show_and_export(home: Path) -> None:
    short_id = _logs(home, "list").stdout.splitlines()[3].split()[0]
    shown = _logs(home, "show", short_id)
    assert shown.returncode == 0 and "Print the date" in shown.stdout
    assert "PRINT THE DATE observed" in shown.stdout and "```" not in shown.stdout
    page = home / "shared.html"
    exported = _logs(home, "export", short_id[:5], "--html", "-o", str(page))
    assert exported.stdout.strip() == str(page)
    assert "<h1>Print the date</h1>" in page.read_text()


def test_an_ambiguous_prefix_is_a_clear_error(home: Path) -> None:
    result = _logs(home, "show", "weather")
    assert result.returncode == 1
    assert "2 runs match 'weather'; give more of the id:" in result.stderr
    assert "weather-in-lisbon" in result.stderr and "weather-in-paris" in result.stderr
    missing = _logs(home, "export", "zzzz", "--html")
    assert missing.returncode == 1 and "no run 'zzzz'" in missing.stderr
    next((home / "logs").rglob("print-the-date*.md")).unlink()  # the twin is still there
    no_markdown = _logs(home, "export", "print-the-date", "--html")
    assert no_markdown.returncode == 1 and "cannot read run log" in no_markdown.stderr
    assert _logs(home, "show", "print-the-date").returncode == 1
    assert _json(home, "show", "print-the-date")["task"] == "Print the date"


def test_show_json_holds_the_whole_run(home: Path) -> None:
    run = _json(home, "show", "print-the-date")
    assert (run["task"], run["status"]) == ("Print the date", "finished")
    assert run["path"].endswith(".md") and len(run["short_id"]) >= 7
    header = run["header"]
    assert (header["temperature"], header["max_tokens"], header["seed"]) == (0.0, 512, 42)
    assert header["prompts_hash"] == "ab12" and header["react_repl_version"]
    assert header["settings"] == {"few_shot": False, "max_steps": 20}
    assert [step["observation"] for step in run["steps"]] == ["PRINT THE DATE observed"]
    assert run["end"]["answer"] == "Print the date done"


def test_filters(home: Path) -> None:
    assert _tasks(home, "list", "--setting", "few_shot=false") == ["Print the date"]
    assert _tasks(home, "list", "--setting", "temperature=0", "--setting", "seed=42") == [
        "Weather in Lisbon",
        "Weather in Paris tomorrow, posted to #general with an emoji per day",
        "Print the date",
    ]
    assert _tasks(home, "list", "--bench", "bench-7", "--status", "error") == ["Weather in Lisbon"]
    assert _tasks(home, "list", "--model", "qwen*") == ["Weather in Lisbon"]
    assert _tasks(home, "list", "--model", "gpt-4o", "--model", "qwen*") == [
        "Weather in Lisbon",
        "Print the date",
    ]
    assert _tasks(home, "list", "--since", "1d") == _tasks(home, "list", "--bench", "bench-7")
    # Between the 10-day-old run and the recent ones at any time of day ("yesterday" took in the
    # 2-hour-old run when the tests ran just after midnight).
    five_days_ago = (NOW - timedelta(days=5)).astimezone().date().isoformat()
    assert _tasks(home, "list", "--until", five_days_ago) == ["Print the date"]


def test_search_and_limits(home: Path) -> None:
    assert _tasks(home, "search", "lisbon observed") == ["Weather in Lisbon"]
    assert _tasks(home, "search", "observed", "--in", "task") == []
    limited = _logs(home, "search", "weather", "--limit", "1")
    assert limited.returncode == 0 and len(limited.stdout.splitlines()) == 2
    assert "1 of 2 runs shown; --limit 0 shows all" in limited.stderr
    assert _logs(home, "search", "nothing like it").stdout.strip() == "No runs found."


def test_prune_asks_first_and_deletes_files_with_rows(home: Path) -> None:
    dry = _logs(home, "prune", "--older-than", "1d")
    assert dry.returncode == 0 and "Print the date" in dry.stdout
    assert "1 runs" in dry.stdout and "Nothing deleted." in dry.stdout
    assert "pass --yes" in dry.stderr
    assert len(_json(home, "list")) == 3
    done = _logs(home, "prune", "--older-than", "1d", "--yes")
    assert done.returncode == 0 and "Deleted 1 runs." in done.stdout
    assert _tasks(home, "list", "--model", "gpt-4o") == []
    assert not list((home / "logs" / "gpt-4o").rglob("*.*"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("list", "--setting", "few_shot"), "'few_shot' is not KEY=VALUE"),
        (("list", "--since", "lately"), "use a date like 2026-11-21 or an age like 7d"),
        (("list", "--status", "done"), "'done' is not one of"),
        (("search", " () "), "nothing to search for"),
        (("prune",), "prune needs something to choose runs by"),
        (("export", "weather-in-lisbon"), "choose an export format: --html"),
    ],
)
def test_bad_input_is_a_clear_error(home: Path, args: tuple[str, ...], message: str) -> None:
    result = _logs(home, *args)
    assert result.returncode == 2
    assert message in result.stderr


def test_damaged_logs_are_reported_in_one_line_each(home: Path) -> None:
    (home / "logs" / "broken.jsonl").write_text("{not json\n")
    result = _logs(home, "list")
    assert result.returncode == 0 and len(result.stdout.splitlines()) == 4
    assert result.stderr.startswith("warning: ") and "broken.jsonl" in result.stderr


def test_a_file_of_garbage_is_one_warning_not_one_per_line(home: Path) -> None:
    """Binary junk named *.jsonl gave a warning for each of its lines: 50 for 2 KB."""
    (home / "logs" / "junk.jsonl").write_bytes(bytes(range(256)) * 8 + b"\n{x\n" * 30)
    result = _logs(home, "list")
    assert result.returncode == 0 and len(result.stdout.splitlines()) == 4
    junk = home / "logs" / "junk.jsonl"
    assert result.stderr.splitlines() == [f"warning: {junk}: no run header; not a run log, skipped"]


def test_a_run_with_many_damaged_lines_names_the_first_few(home: Path) -> None:
    log = next((home / "logs").rglob("*.jsonl"))
    with log.open("a") as handle:
        handle.write("{torn\n" * 12)
    warnings = _logs(home, "list").stderr.splitlines()
    assert len(warnings) == 4, warnings
    assert warnings[0].startswith(f"warning: {log}:") and "corrupt line skipped" in warnings[0]
    assert warnings[3] == f"warning: {log}: 9 more corrupt lines skipped"


def test_a_markdown_log_without_its_record_says_so(home: Path) -> None:
    """`logs show X.md` said "no run log at X.jsonl" of a log the user had just opened."""
    record = next((home / "logs").rglob("*.jsonl"))
    record.unlink()
    markdown = record.with_suffix(".md")
    for command in ("show", "export"):
        result = _logs(home, command, str(markdown), *(["--html"] if command == "export" else []))
        assert result.returncode == 1, result.stdout + result.stderr
        assert result.stderr.strip() == (
            f"Error: {markdown} has lost its record {record.name}, which show and export read; "
            "the markdown file itself is still the readable log"
        )


def test_a_logs_folder_that_is_a_file_is_named_as_such(tmp_path: Path) -> None:
    (tmp_path / "logs").write_text("")
    result = react_repl("logs", "show", "abc", home=tmp_path)
    assert result.returncode == 1
    assert (
        result.stderr.strip()
        == f"Error: the logs folder {tmp_path / 'logs'} is a file, not a folder"
    )


def test_a_short_id_prefix_too_short_to_match_says_how_long_it_must_be(home: Path) -> None:
    short_id = _json(home, "list")[0]["short_id"]
    result = _logs(home, "show", short_id[:3])
    assert result.returncode == 1
    assert "a short id is matched from 4 of its characters" in result.stderr, result.stderr
    assert _logs(home, "show", short_id[:4]).returncode == 0


def test_reindex_and_a_lost_index(home: Path) -> None:
    before = _json(home, "list")
    assert _logs(home, "reindex").stdout.strip() == "Indexed 3 run logs."
    for leftover in (home / "logs" / ".index").iterdir():
        leftover.unlink()
    assert _json(home, "list") == before


def test_list_and_show_give_each_runs_cost_and_unknown_when_unpriced(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    priced = RunLog.create(logs, task="Priced run", model="gpt-4o", started=NOW,
                           settings={"prompt_price": 2.5, "completion_price": 10.0})  # fmt: skip
    priced.finish(status="finished", answer="ok", prompt_tokens=1000, completion_tokens=100)
    _write(logs, "Unpriced run", "local-model", NOW - timedelta(hours=1), "finished")

    lines = react_repl("logs", "list", home=tmp_path, env={"COLUMNS": "160"}).stdout.splitlines()
    assert "cost" in lines[0].split()
    assert "$0.0035" in next(line for line in lines if "Priced run" in line)
    assert "unknown" in next(line for line in lines if "Unpriced run" in line)
    costs = {run["task"]: run["cost"] for run in _json(tmp_path, "list")}
    assert costs == {"Priced run": pytest.approx(0.0035), "Unpriced run": None}
    shown = _logs(tmp_path, "show", str(priced.path))
    assert "Cost: $0.0035" in shown.stdout
