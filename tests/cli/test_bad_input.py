"""Bad input on the command line: a clear one-line error and the right exit code, never a
traceback. The cases are what a red-team run of the real CLI found printing tracebacks."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from cli_process import react_repl

SERVER = ("--base-url", "http://127.0.0.1:9/v1", "--model", "m")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("run", "hi", "--approve-rule", "(", *SERVER), "is not a valid regular expression"),
        (("run", "hi", "--logs-dir", "{file}", *SERVER), "is a file"),
        (("model", "serve", "x.gguf", "--port", "99999"), "is not in the range 1<=x<=65535"),
        (("resume", "nosuch", "--more-steps", "-5"), "is not in the range x>=1"),
        (("run", " ", *SERVER), "Invalid value for TASK: is empty"),
    ],
    ids=[
        "bad-approval-regex",
        "logs-dir-is-a-file",
        "port-out-of-range",
        "negative-more-steps",
        "empty-task",
    ],
)
def test_a_bad_option_value_is_a_usage_error(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    a_file = tmp_path / "a_file"
    a_file.write_text("")
    done = react_repl(*(arg.replace("{file}", str(a_file)) for arg in args), home=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert message in " ".join(done.stderr.split()) and "Traceback" not in done.stderr


def test_an_age_beyond_the_calendar_lists_every_run(tmp_path: Path) -> None:
    done = react_repl("logs", "list", "--since", "1000000d", home=tmp_path)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr


def test_an_error_nobody_anticipated_is_one_line_and_a_saved_report(tmp_path: Path) -> None:
    """A memory database that is not SQLite has no message of its own: the safety net."""
    memory = tmp_path / "memory.db"
    memory.write_text("not a database")
    cache = tmp_path / "cache"
    env = {"REACT_REPL_MEMORY": str(memory), "REACT_REPL_CACHE": str(cache)}
    done = react_repl("memory", "list", home=tmp_path, env=env)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert "react-repl memory failed unexpectedly: DatabaseError" in done.stderr
    (report,) = (cache / "crash-reports").iterdir()
    assert str(report) in done.stderr and "Traceback" in report.read_text()
    debug = react_repl("memory", "list", home=tmp_path, env={**env, "REACT_REPL_DEBUG": "1"})
    assert "Traceback" in debug.stderr


class _WebPage(BaseHTTPRequestHandler):
    """A web UI where the API was expected: every route answers an HTML page."""

    def _page(self) -> None:
        body = b"<!DOCTYPE html><html><body><h1>Welcome</h1></body></html>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = _page

    def log_message(self, format: str, *args: object) -> None:
        return


@pytest.mark.parametrize("command", ["run", "bench"])
def test_a_web_page_where_the_api_should_be_is_a_clear_error(tmp_path: Path, command: str) -> None:
    """Its /v1/models listing once ended in an AttributeError traceback from the client."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _WebPage)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "suite.toml").write_text(
        '[suite]\nname = "s"\n\n[[task]]\nid = "t"\ntask = "Say 1."\nanswer = 1\n'
    )
    args = {
        "run": ("run", "Say 1.", "--base-url", url, "--model", "m", "--quiet"),
        "bench": ("bench", str(suite), "--model", f"m@{url}", "--out", str(tmp_path / "out")),
    }[command]
    try:
        env = {"OPENAI_API_KEY": "k", "REACT_REPL_CACHE": str(tmp_path / "cache")}
        done = react_repl(*args, home=tmp_path, env=env)
    finally:
        server.shutdown()
    assert "Traceback" not in done.stderr + done.stdout, done.stderr
    assert "failed unexpectedly" not in done.stderr, done.stderr
    # a server that is no model server is the harness's failure in a bench: exit 3, not 1
    assert done.returncode == (1 if command == "run" else 3), done.stdout + done.stderr
    if command == "run":  # --quiet keeps stdout for the answer and the log; the reason: stderr
        reason = done.stderr.strip().splitlines()[-1]  # after the warning: no APIs here
        assert reason.startswith("Error: ") and "HTML page" in reason, done.stderr
    else:
        assert "1 attempts" in done.stdout or "error" in done.stdout, done.stdout


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("localhost:9001/v1", "must start with http:// or https:// (for example http://localhost"),
        ("http://[::1", "is not a valid URL"),
    ],
)
def test_a_base_url_that_cannot_work_is_refused_before_any_request(
    tmp_path: Path, url: str, message: str
) -> None:
    """Without a scheme it was sent as a path, retried five times, then blamed on the server."""
    done = react_repl("run", "hi", "--base-url", url, "--model", "m", home=tmp_path)
    assert done.returncode == 1 and message in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and "retr" not in done.stderr


def test_a_prompt_template_that_does_not_parse_stops_the_run_before_it_starts(
    tmp_path: Path,
) -> None:
    """It ended in a jinja2 traceback, or mid-run when the template was first rendered."""
    prompts = tmp_path / "prompts"
    prompts.mkdir()
    (prompts / "observation.jinja2").write_text("OBSERVATION:\n{% if %}broken\n")
    done = react_repl("run", "hi", "--prompts", str(prompts), *SERVER, home=tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"prompt template {prompts / 'observation.jinja2'}:2: " in done.stderr


def test_an_unknown_set_key_is_named_as_an_agent_option(tmp_path: Path) -> None:
    """It was called an unknown table name, with the file's table names as the known keys."""
    done = react_repl("run", "hi", "--set", "max_stpes=3", *SERVER, home=tmp_path)
    assert done.returncode == 1, done.stderr
    assert "unknown key `max_stpes` in [agent] (did you mean `max_steps`?)" in done.stderr


def test_a_log_holding_escaped_lone_surrogates_is_listed(tmp_path: Path) -> None:
    """JSON escapes such as \\udcff decode to text SQLite refuses: `logs list` crashed on them."""
    from react_repl.logs import RunLog

    logs = tmp_path / "logs"
    log = RunLog.create(logs, task="Print \udcff hi", model="m", settings={})
    log.finish(status="error", answer=None, prompt_tokens=0, completion_tokens=0)
    assert "\\udcff" in log.jsonl_path.read_text(encoding="utf-8")
    done = react_repl("logs", "list", "--logs-dir", str(logs), home=tmp_path)
    assert done.returncode == 0 and "Print \\udcff hi" in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize("where", ["project", "env"])
def test_a_logs_folder_that_is_a_file_stops_the_run_before_it_starts(
    tmp_path: Path, where: str
) -> None:
    """--logs-dir was checked, the project's logs/ and REACT_REPL_LOGS were not: the run crashed
    with NotADirectoryError when it opened its log."""
    a_file = tmp_path / ("logs" if where == "project" else "elsewhere")
    a_file.write_text("")
    env = {"REACT_REPL_CACHE": str(tmp_path / "cache")}
    if where == "env":
        env["REACT_REPL_LOGS"] = str(a_file)
    done = react_repl("run", "hi", *SERVER, home=tmp_path, env=env)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and "failed unexpectedly" not in done.stderr
    reason = done.stderr.strip().splitlines()[-1]
    assert reason == f"Error: cannot write run logs to {a_file}: {a_file} is a file", reason


def test_ctrl_c_while_a_run_is_prepared_is_interrupted_with_exit_130(tmp_path: Path) -> None:
    """Before the run's log was open, Ctrl-C was click's "Aborted!" with exit 1; the README
    promises 130. An MCP server that never answers holds the run in its preparation."""
    import os
    import signal
    import subprocess
    import sys
    import time

    started = tmp_path / "sleeper-started"
    script = f"import pathlib, time; pathlib.Path({str(started)!r}).touch(); time.sleep(120)"
    sleeper = f'mcp:sleeper={sys.executable} -c "{script}"'
    env = os.environ | {"REACT_REPL_HOME": str(tmp_path), "HF_HUB_OFFLINE": "1"}
    env |= {"REACT_REPL_BUILTIN_APIS": "", "REACT_REPL_CACHE": str(tmp_path / "cache")}
    run = subprocess.Popen(
        [sys.executable, "-m", "react_repl", "run", "hi", *SERVER, "--apis", sleeper],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    deadline = time.monotonic() + 120  # the run waits on the server: it is being prepared
    while not started.exists():
        assert time.monotonic() < deadline and run.poll() is None, "the run never got there"
        time.sleep(0.05)
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, out + err
    assert err.lstrip().startswith("Interrupted.") and "Aborted" not in err, err
