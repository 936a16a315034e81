"""`react-repl bench` as a command: its forms, its usage errors and its exit codes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SUITES = Path(__file__).resolve().parents[2] / "benchmarks" / "suites"


def bench(
    *args: str, cwd: Path, extra_env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """No key and no server configured: only what the arguments say (and `extra_env`)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "REACT_REPL_"))}
    env |= {"HF_HUB_OFFLINE": "1", **(extra_env or {})}
    return subprocess.run(
        [sys.executable, "-m", "react_repl", "bench", *args],
        capture_output=True, text=True, timeout=120, cwd=cwd, env=env,
    )  # fmt: skip


def test_help_shows_both_forms(tmp_path: Path) -> None:
    shown = bench("--help", cwd=tmp_path)
    assert shown.returncode == 0
    assert "run" in shown.stdout and "report" in shown.stdout
    run_help = bench("run", "--help", cwd=tmp_path).stdout
    for option in ("--model", "--arm", "--repeats", "--workers", "--executor", "--distractors",
                   "--resume", "--out", "--prices"):  # fmt: skip
        assert option in run_help


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nowhere"], "does not exist"),
        (["{tmp}"], "has no suite.toml"),
        (["{offline}", "--only", "nope"], "--only: no task ['nope'] in offline"),
        (["{offline}", "--resume"], "--resume needs --out"),
        (["{offline}", "--arm", "broken"], "--arm 'broken': write NAME:key=value"),
        (["{offline}", "--arm", "a:fewshot=1"], "unknown agent option"),
        (["{offline}", "--set", "noequals"], "is not KEY=VALUE"),
        # a value of the wrong type once ran as the text "False", leaving few-shot on
        (["{offline}", "--arm", "a:few_shot=False"], "--arm a: Bad agent option value"),
        (["{offline}", "--arm", "a:max_steps=0"], "max_steps: input should be greater than 0"),
        (["{offline}", "--set", "max_steps=-1"], "max_steps: input should be greater than 0"),
        # two arms of one name once wrote their results under one key
        (["{offline}", "--arm", "a:few_shot=true", "--arm", "a:few_shot=false"], "given twice"),
        (["{offline}", "--distractors", "many"], "--distractors 'many'"),
        (
            [
                "{offline}",
                "--model",
                "m@http://127.0.0.1:9/v1",
                "--distractors",
                "5",
                "--distractor-pack",
                "{tmp}",
            ],
            "no distractor pack at",
        ),
        (["{offline}", "--model", "mystery-model"], "not a profile"),
        (["{offline}", "--repeats", "0"], "0 is not in the range x>=1"),
        (["report", "{tmp}"], "holds no results.jsonl"),
    ],
)
def test_usage_errors_exit_2_with_a_clear_message(
    tmp_path: Path, args: list[str], message: str
) -> None:
    filled = [a.format(tmp=tmp_path, offline=SUITES / "offline") for a in args]
    env_free = bench(*filled, cwd=tmp_path)
    assert env_free.returncode == 2, env_free.stdout + env_free.stderr
    assert message in " ".join(env_free.stderr.split())
    assert "Traceback" not in env_free.stderr


def test_a_model_server_that_does_not_answer_stops_the_run_before_it_starts(tmp_path: Path) -> None:
    run = bench(str(SUITES / "offline"), "--model", "m@http://127.0.0.1:9/v1", "--out", "out",
                cwd=tmp_path, extra_env={"COLUMNS": "30"})  # fmt: skip
    assert run.returncode == 3, run.stdout + run.stderr
    assert f"Results: {(tmp_path / 'out').resolve()}" in run.stdout.splitlines()  # unbroken
    assert "cannot reach the model server of m at http://127.0.0.1:9/v1" in " ".join(
        run.stderr.split()
    )
    assert not (tmp_path / "out" / "results.jsonl").exists()


def test_a_suite_whose_api_module_cannot_load_is_a_usage_error(tmp_path: Path) -> None:
    """Every attempt would run without the suite's APIs: refused before any model is asked."""
    suite = tmp_path / "shop"
    (suite / "apis").mkdir(parents=True)
    (suite / "apis" / "orders.py").write_text("def f(:\n    pass\n")
    (suite / "suite.toml").write_text(
        '[suite]\nname = "shop"\n\n[[task]]\nid = "t"\ntask = "Total?"\nanswer = 1\n'
    )
    run = bench(str(suite), "--model", "m@http://127.0.0.1:9/v1", "--out", "out", cwd=tmp_path)
    assert run.returncode == 2, run.stdout + run.stderr
    assert run.stderr.strip() == (
        f"Error: suite shop: {suite / 'apis' / 'orders.py'}:1: syntax error: invalid syntax"
    )


def test_a_logs_folder_that_is_a_file_is_a_usage_error(tmp_path: Path) -> None:
    """Every attempt crashed with NotADirectoryError when it opened its log."""
    a_file = tmp_path / "logs"
    a_file.write_text("")
    run = bench(str(SUITES / "offline"), "--model", "m@http://127.0.0.1:9/v1", "--out", "out",
                cwd=tmp_path, extra_env={"REACT_REPL_LOGS": str(a_file)})  # fmt: skip
    assert run.returncode == 2, run.stdout + run.stderr
    assert run.stderr.strip() == f"Error: cannot write run logs to {a_file}: {a_file} is a file"


def test_an_out_folder_that_cannot_be_made_is_a_usage_error(tmp_path: Path) -> None:
    """mkdir's NotADirectoryError (or a read-only disk's OSError) was an unexpected failure."""
    from react_repl.llm import ScriptedServer

    (tmp_path / "a_file").write_text("")
    out = tmp_path / "a_file" / "out"
    with ScriptedServer() as server:
        run = bench(str(SUITES / "offline"), "--model", f"scripted@{server.base_url}",
                    "--out", str(out), cwd=tmp_path)  # fmt: skip
    assert run.returncode == 2, run.stdout + run.stderr
    assert run.stderr.strip() == (
        f"Error: cannot write the results to {out}: Not a directory; choose another --out"
    )
