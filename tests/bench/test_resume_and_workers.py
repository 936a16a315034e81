"""A benchmark killed midway resumes to the same table; two workers give the same results faster."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import pytest
from bench_helpers import (
    SIX_SCRIPTS,
    SIX_TASKS,
    bench_command,
    delayed,
    make_shop_suite,
    scripted_config,
    table_rows,
)

from react_repl.llm import ScriptedServer

DELAY = 0.4  # seconds per model reply, so attempts take long enough to be killed and overlapped


def results(out: Path) -> dict[str, dict]:
    lines = (out / "results.jsonl").read_text().splitlines()
    return {r["key"]: r for r in map(json.loads, lines)}


def comparable(record: dict) -> tuple:
    return (record["task"], record["outcome"], record["steps"], record["answer"], record["checks"])


def test_a_killed_benchmark_resumes_to_the_table_of_an_uninterrupted_one(
    tmp_path: Path, shop_index: Path
) -> None:
    suite = make_shop_suite(tmp_path / "shop", SIX_TASKS)
    scripted_config(tmp_path)
    with ScriptedServer(routes=delayed(SIX_SCRIPTS, DELAY)) as server:
        common = ["--model", f"scripted@{server.base_url}", "--index", str(shop_index),
                  "--logs-dir", "logs"]  # fmt: skip
        whole = bench_command(str(suite), *common, "--out", "whole", cwd=tmp_path)
        assert whole.returncode == 1, whole.stdout + whole.stderr  # t3 and t6 are mistakes

        killed = subprocess.Popen(
            [sys.executable, "-m", "react_repl", "bench", str(suite), *common, "--out", "resumed"],
            cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env={**os.environ, "OPENAI_API_KEY": "k", "HF_HUB_OFFLINE": "1"},
            start_new_session=True,
        )  # fmt: skip
        partial = tmp_path / "resumed" / "results.jsonl"
        deadline = time.monotonic() + 120
        while not (partial.exists() and partial.read_text().count("\n") >= 2):
            assert time.monotonic() < deadline and killed.poll() is None, "never got midway"
            time.sleep(0.05)
        os.killpg(killed.pid, signal.SIGKILL)  # the whole process group: no goodbye
        killed.wait()
        before = results(tmp_path / "resumed")
        assert 2 <= len(before) < 6

        again = bench_command(str(suite), *common, "--out", "resumed", "--resume", cwd=tmp_path)
    assert again.returncode == 1, again.stdout + again.stderr
    assert f"{len(before)} of 6 attempts already finished" in " ".join(again.stdout.split())
    after = results(tmp_path / "resumed")
    assert all(after[key] == record for key, record in before.items())  # not run again
    assert sorted(map(comparable, after.values())) == sorted(
        map(comparable, results(tmp_path / "whole").values())
    )
    whole_table = table_rows((tmp_path / "whole" / "report.md").read_text())
    assert table_rows((tmp_path / "resumed" / "report.md").read_text()) == whole_table
    assert whole_table[0] == "| t1 | 3 ✅ |" and whole_table[2] == "| t3 | 3 🟠 |"


def test_resume_refuses_a_different_benchmark_and_a_plain_rerun_refuses_to_overwrite(
    tmp_path: Path, shop_index: Path
) -> None:
    suite = make_shop_suite(tmp_path / "shop", SIX_TASKS)
    scripted_config(tmp_path)
    with ScriptedServer(routes=SIX_SCRIPTS) as server:
        common = ["--model", f"scripted@{server.base_url}", "--index", str(shop_index),
                  "--logs-dir", "logs", "--out", "out", "--only", "t1"]  # fmt: skip
        assert bench_command(str(suite), *common, cwd=tmp_path).returncode == 0
        rerun = bench_command(str(suite), *common, cwd=tmp_path)
        assert rerun.returncode == 2 and "add --resume" in rerun.stderr
        other = bench_command(str(suite), *common, "--resume", "--repeats", "2", cwd=tmp_path)
        assert other.returncode == 2 and "different repeats" in other.stderr
        same = bench_command(str(suite), *common, "--resume", cwd=tmp_path)
    assert same.returncode == 0 and "1 of 1 attempts already finished" in same.stdout


def attempts_span(out: Path) -> float:
    """Seconds from the first attempt's start to the last one's end: the work, not start-up."""
    spans = [
        (datetime.fromisoformat(r["started_at"]).timestamp(), r["wall_seconds"])
        for r in results(out).values()
    ]
    return max(start + wall for start, wall in spans) - min(start for start, _ in spans)


def run_with_workers(tmp_path: Path, suite: Path, index: Path, url: str, workers: int) -> Path:
    out = f"workers{workers}"
    run = bench_command(str(suite), "--model", f"scripted@{url}", "--index", str(index),
                        "--logs-dir", "logs", "--out", out, "--workers", str(workers),
                        cwd=tmp_path)  # fmt: skip
    assert run.returncode == 1, run.stdout + run.stderr
    return tmp_path / out


def test_two_workers_give_the_same_results_in_less_time(tmp_path: Path, shop_index: Path) -> None:
    suite = make_shop_suite(tmp_path / "shop", SIX_TASKS)
    scripted_config(tmp_path)
    # a second per reply makes the model the bottleneck, as a real one is
    with ScriptedServer(routes=delayed(SIX_SCRIPTS, 1.0)) as server:
        out_one = run_with_workers(tmp_path, suite, shop_index, server.base_url, 1)
        out_two = run_with_workers(tmp_path, suite, shop_index, server.base_url, 2)
    by_task = lambda out: sorted(map(comparable, results(out).values()))  # noqa: E731
    assert by_task(out_two) == by_task(out_one)
    assert len({r["worker"] for r in results(out_two).values()}) == 2
    # attempts overlapping in time, whatever else slows this machine: 1.0 would be one at a time
    busy = sum(r["wall_seconds"] for r in results(out_two).values())
    overlap = busy / attempts_span(out_two)
    assert overlap > 1.3, f"2 workers ran {overlap:.2f} attempts at a time"


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_or_kill_stops_at_once_keeps_finished_attempts_and_marks_running_ones(
    tmp_path: Path, shop_index: Path, signum: int
) -> None:
    suite = make_shop_suite(tmp_path / "shop", SIX_TASKS)
    scripted_config(tmp_path)
    with ScriptedServer(routes=delayed(SIX_SCRIPTS, 1.0)) as server:
        running = subprocess.Popen(
            [sys.executable, "-m", "react_repl", "bench", str(suite), "--model",
             f"scripted@{server.base_url}", "--index", str(shop_index), "--logs-dir", "logs",
             "--out", "out", "--workers", "2"],
            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "OPENAI_API_KEY": "k", "HF_HUB_OFFLINE": "1"},
        )  # fmt: skip
        partial = tmp_path / "out" / "results.jsonl"
        deadline = time.monotonic() + 120
        # two attempts finished and a third one's log opened: it is mid-run, however slow the CI
        while not (
            partial.exists()
            and partial.read_text().count("\n") >= 2
            and sum(log.stat().st_size > 0 for log in (tmp_path / "logs").rglob("*.jsonl")) >= 3
        ):
            assert time.monotonic() < deadline and running.poll() is None, "never got midway"
            time.sleep(0.05)
        pressed = time.monotonic()
        running.send_signal(signum)
        stdout, _ = running.communicate(timeout=60)
    assert running.returncode == 130
    assert time.monotonic() - pressed < 10
    assert "--resume" in stdout
    finished = len(results(tmp_path / "out"))
    assert 2 <= finished < 6
    logs = list((tmp_path / "logs").rglob("*.jsonl"))
    statuses = [json.loads(log.read_text().splitlines()[-1]).get("status") for log in logs]
    assert statuses.count("interrupted") >= 1


def test_a_resume_whose_plan_file_is_damaged_names_the_file(
    tmp_path: Path, shop_index: Path
) -> None:
    """It printed only the JSON parser's "Expecting value: line 1 column 1"."""
    suite = make_shop_suite(tmp_path / "shop", SIX_TASKS)
    scripted_config(tmp_path)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "run.json").write_text("")
    with ScriptedServer(routes=SIX_SCRIPTS) as server:
        model = f"scripted@{server.base_url}"
        again = bench_command(str(suite), "--model", model, "--index", str(shop_index),
                              "--out", "out", "--resume", cwd=tmp_path)  # fmt: skip
    assert again.returncode == 2, again.stdout + again.stderr
    assert f"{tmp_path / 'out' / 'run.json'} cannot be read" in " ".join(again.stderr.split())
