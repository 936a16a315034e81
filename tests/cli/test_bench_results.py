"""`react-repl bench report` and `--resume` on results folders damaged by hand or by a kill:
each damaged part is one `warning:` line or one clear error, never a crash."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from react_repl.bench import AttemptRecord
from react_repl.llm import ScriptedServer


def record(key: str, **changes: object) -> dict[str, object]:
    good = AttemptRecord(
        key=key, run_id="r", suite="s", model="m", arm="default", distractors=0, task=key,
        trial=1, seed=1, world_seed=2, status="finished", outcome="pass",
    )  # fmt: skip
    return json.loads(good.to_json()) | changes


def report(folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "react_repl", "bench", "report", str(folder)],
        capture_output=True, text=True, timeout=120, cwd=folder,
        env=os.environ | {"REACT_REPL_CACHE": str(folder / "cache")},
    )  # fmt: skip


def write_results(folder: Path, *lines: object) -> None:
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    (folder / "results.jsonl").write_text(text)


def test_records_of_the_wrong_shape_are_skipped_with_one_warning_line_each(
    tmp_path: Path,
) -> None:
    write_results(
        tmp_path,
        record("a"),
        [1, 2],  # a line that is JSON but not an object
        record("b", steps="many"),  # a hand edit
        record("c", outcome="great"),  # no such outcome: the table has no mark for it
        record("d", checks=["passed"]),
        "not json",
        record("e", outcome="mistake"),
    )
    done = report(tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr  # one attempt failed
    assert "failed unexpectedly" not in done.stderr and "Traceback" not in done.stderr
    warnings = done.stderr.strip().splitlines()
    assert [line.split(": skipped")[0] for line in warnings] == [
        f"warning: {tmp_path / 'results.jsonl'}:{number}" for number in (2, 3, 4, 5, 6)
    ], done.stderr
    assert "1/2" in done.stdout  # a and e: the report is made from what could be read


@pytest.mark.parametrize("plan", ["[]", '{"models": "m", "tasks": 3}', '{"models": [1]}'])
def test_a_run_json_of_the_wrong_shape_only_loses_the_order(tmp_path: Path, plan: str) -> None:
    write_results(tmp_path, record("a"), record("b"))
    (tmp_path / "run.json").write_text(plan)
    done = report(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2/2" in done.stdout and "run.json is damaged" in done.stderr


@pytest.mark.parametrize("plan", [None, "[]"], ids=["missing", "a-list"])
def test_resuming_without_a_readable_plan_says_so(tmp_path: Path, plan: str | None) -> None:
    """It said every setting had changed ("different suite_digest, models, arms, ...")."""
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "suite.toml").write_text(
        '[suite]\nname = "s"\nbuiltin_apis = false\n\n[[task]]\nid = "t"\ntask = "Say ok."\n'
        'answer = "ok"\n'
    )
    out = tmp_path / "out"
    out.mkdir()
    write_results(out, record("a"))
    if plan is not None:
        (out / "run.json").write_text(plan)
    with ScriptedServer() as server:
        done = subprocess.run(
            [sys.executable, "-m", "react_repl", "bench", "run", str(suite), "--model",
             f"scripted@{server.base_url}", "--out", str(out), "--resume"],
            capture_output=True, text=True, timeout=120, cwd=tmp_path,
        )  # fmt: skip
    assert done.returncode == 2, done.stdout + done.stderr
    reason = "is missing" if plan is None else "cannot be read"
    assert f"{out / 'run.json'} {reason}" in " ".join(done.stderr.split())
    assert "different" not in done.stderr


def test_a_report_folder_that_cannot_be_written_is_a_usage_error(tmp_path: Path) -> None:
    """The OSError of the plots folder was an unexpected failure."""
    write_results(tmp_path, record("a"))
    (tmp_path / "a_file").write_text("")
    out = tmp_path / "a_file" / "report"
    done = subprocess.run(
        [sys.executable, "-m", "react_repl", "bench", "report", str(tmp_path), "--out", str(out)],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 2, done.stdout + done.stderr
    message = f"Error: cannot write the report to {out}: Not a directory; choose --out"
    assert done.stderr.strip() == message
