"""`react-repl logs ...` through the real top-level command group."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from react_repl.cli import main
from react_repl.logs import RunLog, StepRecord

NOW = datetime.now(UTC).replace(microsecond=0)


def _write(logs: Path, task: str, model: str, started: datetime, status: str | None) -> RunLog:
    log = RunLog.create(logs, task=task, model=model, settings={}, started=started, durable=False)
    step = StepRecord(1, "step", "Find it.", f"print({task!r})", task.upper(), 50, 5, 0.3)
    log.write_step(step)
    if status is not None:
        log.finish(status=status, answer=f"{task} done", prompt_tokens=50, completion_tokens=5)
    return log


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    folder = tmp_path / "logs"
    _write(folder, "Print the date", "gpt-4", NOW - timedelta(days=10), "finished")
    _write(folder, "Weather in Paris", "qwen/coder:1.5b", NOW - timedelta(hours=2), "max_steps")
    _write(folder, "Send a message", "gpt-4", NOW - timedelta(minutes=5), None)
    return folder


def _invoke(*args: str) -> Result:
    return CliRunner().invoke(main, ["logs", *args], catch_exceptions=False)


def test_list_json_with_filters(logs: Path) -> None:
    everything = json.loads(_invoke("list", "--json", "--logs-dir", str(logs)).output)
    assert [run["task"] for run in everything] == [
        "Send a message",
        "Weather in Paris",
        "Print the date",
    ]
    assert [run["status"] for run in everything] == ["incomplete", "max_steps", "finished"]
    assert everything[0]["path"].endswith(".md") and everything[0]["steps"] == 1

    recent = _invoke(
        "list", "--json", "--since", "24h", "--model", "gpt-4", "--logs-dir", str(logs)
    )
    assert [run["task"] for run in json.loads(recent.output)] == ["Send a message"]
    finished = _invoke("list", "--json", "--status", "finished", "--logs-dir", str(logs))
    assert [run["task"] for run in json.loads(finished.output)] == ["Print the date"]
    since_date = (NOW - timedelta(days=1)).date().isoformat()
    dated = _invoke("list", "--json", "--since", since_date, "--logs-dir", str(logs))
    assert len(json.loads(dated.output)) == 2


def test_list_table(logs: Path) -> None:
    result = CliRunner().invoke(
        main, ["logs", "list", "--logs-dir", str(logs)], env={"COLUMNS": "250"}
    )
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert "id" in lines[1] and "tokens" in lines[1]
    send_row = next(line for line in lines if "Send a message" in line)
    assert "incomplete" in send_row and "send-a-message__gpt-4__" in send_row
    assert "50 + 5" in send_row


def test_list_rejects_a_bad_since(logs: Path) -> None:
    result = CliRunner().invoke(
        main, ["logs", "list", "--since", "lately", "--logs-dir", str(logs)]
    )
    assert result.exit_code == 2
    assert "use a date like 2026-11-21 or an age like 7d" in result.output


def test_list_reports_damaged_logs_and_keeps_going(logs: Path) -> None:
    (logs / "broken.jsonl").write_text("{not json\n")
    result = CliRunner().invoke(main, ["logs", "list", "--json", "--logs-dir", str(logs)])
    assert result.exit_code == 0
    assert "warning: " in result.stderr and "broken.jsonl" in result.stderr
    assert len(json.loads(result.stdout)) == 3


def test_show_renders_markdown(logs: Path) -> None:
    result = _invoke("show", "weather", "--logs-dir", str(logs))
    assert "Weather in Paris" in result.output and "WEATHER IN PARIS" in result.output
    assert "```" not in result.output


def test_show_explains_an_ambiguous_id(logs: Path) -> None:
    _write(logs, "Weather in Rome", "gpt-4", NOW, "finished")
    result = CliRunner().invoke(main, ["logs", "show", "weather", "--logs-dir", str(logs)])
    assert result.exit_code == 1
    assert "2 runs match 'weather'" in result.output


def test_export_html(logs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.html"
    result = _invoke("export", "print-the-date", "--html", "-o", str(out), "--logs-dir", str(logs))
    assert result.output.strip() == str(out)
    assert "<h1>Print the date</h1>" in out.read_text()


def test_export_needs_a_format(logs: Path) -> None:
    result = CliRunner().invoke(main, ["logs", "export", "print", "--logs-dir", str(logs)])
    assert result.exit_code == 2
    assert "choose an export format: --html" in result.output


def test_search(logs: Path) -> None:
    result = _invoke("search", "PARIS", "--json", "--logs-dir", str(logs))
    assert [run["task"] for run in json.loads(result.output)] == ["Weather in Paris"]
    assert "No runs found." in _invoke("search", "nothing like it", "--logs-dir", str(logs)).output
