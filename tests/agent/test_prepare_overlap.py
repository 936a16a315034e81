"""The model's first-request work (the openai chat resource, the /v1/models listing, the context
window's probes) runs while the sandbox worker boots, not after it (issue 32, start-up).

Both are made slow on purpose: the worker's API module sleeps at import, and the server answers
its model listing late. Run one after the other they take both delays before the first chat
request; run side by side, about the longer one.
"""

from __future__ import annotations

import importlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from test_loop import PLAIN, fenced

from react_repl.agent import Agent, Status
from react_repl.llm import ChatModel, ModelSettings

DELAY = 2.0
SLOW_WORKER_API = f"""
import os
import time

if os.environ.get("REACT_REPL_WORKSPACE"):  # set in the sandbox worker only
    time.sleep({DELAY})


def shout(text: str) -> str:
    \"\"\"The text in capitals.\"\"\"
    return text.upper()
"""


class _SlowListingServer:
    """An OpenAI-compatible server whose /v1/models answers after DELAY seconds (or, while
    `held` is set, once it is cleared), and which notes when the first chat request arrives and
    how many listings were asked for."""

    def __init__(self, reply: str) -> None:
        self.first_chat: float | None = None
        self.listings = 0
        self.held = threading.Event()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                if self.path.rstrip("/").endswith("/models"):
                    owner.listings += 1
                    time.sleep(DELAY)
                    while owner.held.is_set():
                        time.sleep(0.05)
                    entry = {"id": "slow", "object": "model", "max_model_len": 8192}
                    self._json(200, {"object": "list", "data": [entry]})
                else:
                    self._json(404, {"error": {"message": "no such path"}})

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    return self._json(404, {"error": {"message": "no such path"}})
                owner.first_chat = owner.first_chat or time.monotonic()
                message = {"role": "assistant", "content": reply}
                self._json(200, {"id": "c", "object": "chat.completion", "model": "slow",
                                 "choices": [{"index": 0, "message": message,
                                              "finish_reason": "stop"}]})  # fmt: skip

            def _json(self, status: int, payload: object) -> None:
                body = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"


@pytest.fixture
def slow_server() -> Iterator[_SlowListingServer]:
    server = _SlowListingServer(fenced("Shout it.", "stop(shout('hi'))"))
    yield server
    server.httpd.shutdown()
    server.httpd.server_close()


def test_the_model_gets_ready_while_the_sandbox_worker_boots(
    slow_server: _SlowListingServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "slow_worker_api.py").write_text(SLOW_WORKER_API)
    monkeypatch.syspath_prepend(str(tmp_path))
    shout = importlib.import_module("slow_worker_api").shout
    settings = ModelSettings(model="slow", base_url=slow_server.base_url, api_key="k", timeout=10.0)
    agent = Agent(ChatModel(settings), apis={"shout": shout}, options=PLAIN,
                  logs_dir=tmp_path / "logs")  # fmt: skip

    started = time.monotonic()
    result = agent.run("Shout hi.")

    assert result.status is Status.FINISHED, result
    assert result.answer == "HI"
    assert slow_server.first_chat is not None
    waited = slow_server.first_chat - started
    assert DELAY <= waited < 1.6 * DELAY, f"{waited:.2f} s: the two delays ran one after the other"


INTERRUPTED_RUN = """
import sys
from test_loop import PLAIN
from react_repl.agent import Agent
from react_repl.llm import ChatModel, ModelSettings

settings = ModelSettings(model="slow", base_url=sys.argv[1], api_key="k", timeout=60.0)
Agent(ChatModel(settings), options=PLAIN, logs_dir=sys.argv[2]).run("Say hi.")
"""


def test_ctrl_c_while_the_model_still_prepares_leaves_an_interrupted_log(
    slow_server: _SlowListingServer, tmp_path: Path
) -> None:
    """The run must not wait for the model's preparation outside the code that closes its log:
    a Ctrl-C there once left no log at all."""
    slow_server.held.set()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).parent), *sys.path])}
    run = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED_RUN, slow_server.base_url, str(tmp_path / "logs")],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not list((tmp_path / "logs").rglob("*.jsonl")) and time.monotonic() < deadline:
            assert run.poll() is None, run.communicate()
            time.sleep(0.05)
        time.sleep(0.5)  # the first step now waits for the listing the preparation asked for
        run.send_signal(signal.SIGINT)
        _out, err = run.communicate(timeout=30)
    finally:
        slow_server.held.clear()
        run.kill()
    (log,) = (tmp_path / "logs").rglob("*.jsonl")
    end = json.loads(log.read_text().splitlines()[-1])
    assert (end["type"], end["status"]) == ("end", "interrupted"), err
    assert slow_server.listings == 1, "the first step asked again instead of waiting for it"
