"""Offline suites never leave 127.0.0.1: not to the internet, not to the user's own webhooks."""

from __future__ import annotations

import json
import threading
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from bench_helpers import action, bench_command, scripted_config

from react_repl.bench import WorldData
from react_repl.bench._plan import derived_seed
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
