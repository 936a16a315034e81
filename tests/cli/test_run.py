"""`react-repl run` end to end in a subprocess, against a scripted server on 127.0.0.1."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

import pytest

from react_repl.llm import ScriptedReply, ScriptedServer

WEATHER_MODULE = '''
def get_city_temperature(city: str) -> float:
    """Return the current air temperature in degrees Celsius for a city.

    Args:
        city: Name of the city.

    Returns:
        Degrees Celsius.
    """
    return 21.5 if city == "Paris" else 10.0
'''


def reply(thought: str, code: str) -> str:
    return f"THOUGHT: {thought}\nACTION:\n```python\n{code}\n```"


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    (tmp_path / "myapis").mkdir()
    (tmp_path / "myapis" / "weather_station.py").write_text(WEATHER_MODULE)
    return tmp_path


def react_repl(
    workdir: Path,
    server: ScriptedServer,
    *args: str,
    env: Mapping[str, str] | None = None,
    **popen,
) -> subprocess.Popen:
    """`env` adds to the environment, e.g. COLUMNS for the width rich assumes."""
    env = {
        **os.environ,
        "OPENAI_API_KEY": "test-key",
        "HF_HUB_OFFLINE": "1",
        "REACT_REPL_WORKSPACE": str(workdir / "workspace"),
        **(env or {}),
    }
    command = [
        sys.executable, "-m", "react_repl", "run", *args,
        "--base-url", server.base_url, "--model", "scripted",
        "--apis", str(workdir / "myapis"),
        "--index", str(workdir / "index"), "--logs-dir", str(workdir / "logs"),
    ]  # fmt: skip
    return subprocess.Popen(command, cwd=workdir, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **popen)  # fmt: skip


def test_run_finishes_with_real_search_and_writes_the_log(workdir: Path) -> None:
    with ScriptedServer() as server:
        server.enqueue("1. Find the temperature in Paris\n2. Report it")
        server.enqueue(reply("Call it [/b] x[i].", 't = get_city_temperature("Paris")\nprint(t)'))
        server.enqueue(reply("Done.", 'stop(f"{t} degrees")'))
        process = react_repl(workdir, server, "What is the temperature in Paris?")
        out, err = process.communicate(timeout=180)

    assert process.returncode == 0, err
    assert "Answer: 21.5 degrees" in out
    assert "Call it [/b] x[i]." in out  # model text is shown as text, never as rich markup
    log = next((workdir / "logs").rglob("*.md"))
    assert f"Log: {log}" in out.splitlines()
    text = log.read_text()
    lines = text.splitlines()
    assert lines[0] == "# What is the temperature in Paris?"
    plan = lines.index("## Step 1: plan")
    assert "method_search('Find the temperature in Paris')" in lines[plan:]
    observation = lines[lines.index("### Observation 1") + 3]
    assert observation.startswith("`get_city_temperature(city: str) -> float`: Return the current")
    assert lines[lines.index("### Observation 2") + 3] == "21.5"
    assert "- Status: **finished**" in lines
    assert (workdir / "index").is_dir()


def test_a_long_answer_and_the_log_path_stay_on_one_line_each_when_piped(workdir: Path) -> None:
    """A script reads `Answer:` and `Log:` lines; rich must not break them at the pipe's width."""
    rows = [{"city": f"City number {i}", "temperature": 20.5 + i} for i in range(6)]
    with ScriptedServer() as server:
        server.enqueue("1. Answer")
        server.enqueue(reply("Done.", f"stop({rows!r})"))
        process = react_repl(workdir, server, "List them.", "--quiet", env={"COLUMNS": "40"})
        out, err = process.communicate(timeout=180)

    assert process.returncode == 0, err
    log = next((workdir / "logs").rglob("*.md"))
    answer, log_line = out.splitlines()
    assert answer.startswith("Answer: ") and json.loads(answer.removeprefix("Answer: ")) == rows
    assert log_line == f"Log: {log}"


def test_task_dash_reads_the_task_from_stdin(workdir: Path) -> None:
    """`run -` sent the model the task "-", as `search -` reads its queries from stdin."""
    with ScriptedServer() as server:
        server.enqueue("1. Answer")
        server.enqueue(reply("Done.", 'stop("done")'))
        process = react_repl(workdir, server, "-", "--quiet", stdin=subprocess.PIPE)
        _out, err = process.communicate("Say done.\nIn one word.\n", timeout=180)

    assert process.returncode == 0, err
    assert server.requests[0]["messages"][-1]["content"].count("Say done.\nIn one word.") == 1
    log = next((workdir / "logs").rglob("*.md"))
    assert log.read_text().splitlines()[0] == "# Say done. In one word."


def test_apis_in_a_folder_whose_name_is_not_utf8_are_found_and_called(workdir: Path) -> None:
    """The module name's hash encoded the path as UTF-8, which its lone surrogate refused:
    an unexpected UnicodeEncodeError in `apis list`, a bare codec error in `run`."""
    folder = workdir / "caf\udce9"  # b"caf\xe9": a name written in Latin-1
    folder.mkdir()
    (folder / "cities.py").write_text(
        'def city_population(city: str) -> int:\n    """Number of people living in a city."""\n'
        "    return 2_100_000\n"
    )
    with ScriptedServer() as server:
        server.enqueue("1. Answer")
        server.enqueue(reply("Call it.", 'print(city_population("Paris"))'))
        server.enqueue(reply("Done.", 'stop("ok")'))
        process = react_repl(workdir, server, "How many?", "--quiet", "--apis", str(folder))
        _out, err = process.communicate(timeout=180)

    assert process.returncode == 0, err
    log = next((workdir / "logs").rglob("*.md")).read_text()
    lines = log.splitlines()
    assert lines[lines.index("### Observation 2") + 3] == "2100000", log


def test_set_chooses_the_profile_and_switches_for_one_run(workdir: Path) -> None:
    with ScriptedServer() as server:
        server.enqueue("1. Answer")  # the hosted profile lists sub-steps first
        server.enqueue(reply("Guess.", "stop(20)"))
        server.enqueue("REJECT: the temperature was never looked up.")  # the critic's call
        server.enqueue(reply("Look it up.", 't = get_city_temperature("Paris")\nprint(t)'))
        server.enqueue(reply("Done.", "stop(t)"))
        server.enqueue("ACCEPT")
        flags = ["--set", "profile=hosted", "--set", "techniques=+critic", "--max-steps", "5"]
        process = react_repl(workdir, server, "How warm is Paris?", *flags)
        out, err = process.communicate(timeout=180)

    assert process.returncode == 0, err
    assert "Answer: 21.5" in out
    text = next((workdir / "logs").rglob("*.md")).read_text()
    assert "| profile | hosted |" in text and "decompose, name_error_search" in text
    assert "example_check, critic |" in text and "| max_steps | 5 |" in text
    assert "the temperature was never looked up" in text


def test_a_malformed_set_is_a_one_line_error(workdir: Path) -> None:
    with ScriptedServer() as server:
        process = react_repl(workdir, server, "Anything.", "--set", "techniques")
        _, err = process.communicate(timeout=180)
    assert process.returncode == 1 and "Traceback" not in err
    assert "--set 'techniques' is not KEY=VALUE" in err


def test_run_exits_non_zero_when_not_finished(workdir: Path) -> None:
    """Also: the wrap-up reply streamed last ends its line before the max_steps rule."""
    with ScriptedServer() as server:
        server.enqueue("1. Loop")
        server.enqueue(reply("again", "print(1)"))
        server.enqueue("THOUGHT: out of steps")
        process = react_repl(workdir, server, "Loop.", "--max-steps", "2")
        out, err = process.communicate(timeout=180)
    assert process.returncode == 1, err
    assert "max_steps" in out
    assert "- Status: **max_steps**" in next((workdir / "logs").rglob("*.md")).read_text()
    lines = out.splitlines()
    after = lines[lines.index("THOUGHT: out of steps") + 1]
    assert after.startswith("─") and " max_steps " in after


def test_a_reply_streamed_before_an_error_ends_its_line_before_the_error_rule(
    workdir: Path,
) -> None:
    with ScriptedServer() as server:
        server.enqueue("1. Think")
        for thought in ("THOUGHT: one", "THOUGHT: two", "THOUGHT: more"):  # no action: reminded
            server.enqueue(thought)
        process = react_repl(workdir, server, "Think.", "--max-steps", "3")
        out, err = process.communicate(timeout=180)
    lines = out.splitlines()
    assert process.returncode == 1, err
    after = lines[lines.index("THOUGHT: more") + 1]
    assert after.startswith("─") and " error " in after


def test_quiet_at_max_steps_prints_the_summary_and_the_log_keeps_it(workdir: Path) -> None:
    """--quiet drops the live view, not the result: at max steps the summary is the result."""
    with ScriptedServer() as server:
        server.enqueue("1. Look it up")
        server.enqueue("THOUGHT: Paris is 21.5 degrees;\nout of steps.")
        process = react_repl(workdir, server, "Loop.", "--max-steps", "1", "--quiet")
        out, err = process.communicate(timeout=180)
    log = next((workdir / "logs").rglob("*.md"))
    assert process.returncode == 1, err
    assert out.splitlines() == ['Summary: "Paris is 21.5 degrees;\\nout of steps."', f"Log: {log}"]
    assert "### Summary" in log.read_text() and "- Steps: 1\n" in log.read_text()
    shown = json.loads(_logs_show_json(log))
    assert shown["end"]["summary"] == "Paris is 21.5 degrees;\nout of steps."
    assert shown["end"]["steps"] == 1  # the wrap-up is no step


@pytest.mark.parametrize(
    ("code", "printed", "answer_type"),
    [
        ("stop('line1\\nline2')", 'Answer: "line1\\nline2"', "str"),
        ("stop('42')", "Answer: 42", "str"),
        ("stop(42)", "Answer: 42", "int"),
        ("stop(21.5)", "Answer: 21.5", "float"),
        ("stop(date(2026, 11, 27))", "Answer: 2026-11-27", "date"),
        ("stop(datetime(2026, 11, 27, 9, 30))", "Answer: 2026-11-27T09:30:00", "datetime"),
        ("stop(timedelta(hours=36))", "Answer: 1 day, 12:00:00", "timedelta"),
        ('stop(["Ann", "Bo"])', 'Answer: ["Ann", "Bo"]', "list"),
        (
            'stop({"city": "Paris", "when": date(2026, 1, 2)})',
            'Answer: {"city": "Paris", "when": "2026-01-02"}',
            "dict",
        ),
        ("stop({3, 1, 2})", "Answer: [1, 2, 3]", "set"),
        ("stop()", "Finished with no answer value: stop() was given none.", "NoneType"),
    ],
)
def test_each_answer_is_one_line_and_the_log_says_its_type(
    workdir: Path, code: str, printed: str, answer_type: str
) -> None:
    with ScriptedServer() as server:
        server.enqueue("1. Answer")
        server.enqueue(reply("Done.", code))
        process = react_repl(workdir, server, "Answer.", "--quiet")
        out, err = process.communicate(timeout=180)
    log = next((workdir / "logs").rglob("*.md"))
    assert process.returncode == 0, err
    assert out.splitlines() == [printed, f"Log: {log}"]
    assert json.loads(_logs_show_json(log))["end"]["answer_type"] == answer_type


def _logs_show_json(log: Path) -> str:
    command = [sys.executable, "-m", "react_repl", "logs", "show", str(log), "--json"]
    shown = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    return shown.stdout


def test_interrupt_mid_run_leaves_a_complete_log(workdir: Path) -> None:
    with ScriptedServer() as server:
        server.enqueue("1. Print one")
        server.enqueue(reply("one", "print('one')"))
        server.enqueue(ScriptedReply(text=reply("late", "stop()"), delay=120))  # a busy CPU
        process = react_repl(workdir, server, "Print one, slowly.")
        log = _wait_for_step(workdir / "logs", "## Step 2", process)
        os.kill(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)

    assert process.returncode == 130, err
    assert f"Log: {log}" in out.splitlines()  # which log is marked interrupted
    text = log.read_text()
    assert "## Step 2" in text and "one" in text
    assert "- Status: **interrupted**" in text
    assert text.rstrip().endswith("```")


def test_unreachable_server_is_a_clear_error(workdir: Path) -> None:
    with ScriptedServer() as server:
        url = server.base_url
    env = {**os.environ, "OPENAI_API_KEY": "k", "HF_HUB_OFFLINE": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "react_repl", "run", "Hi.", "--base-url", url, "--model", "m",
         "--index", str(workdir / "index"), "--logs-dir", str(workdir / "logs")],
        capture_output=True, text=True, env=env, timeout=180,
    )  # fmt: skip
    assert result.returncode == 1
    assert url.split("/v1")[0] in result.stdout + result.stderr


def _wait_for_step(logs: Path, marker: str, process: subprocess.Popen) -> Path:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for log in logs.rglob("*.md"):
            if marker in log.read_text():
                return log
        if process.poll() is not None:
            raise AssertionError(process.communicate())
        time.sleep(0.2)
    raise AssertionError(f"{marker} never appeared")
