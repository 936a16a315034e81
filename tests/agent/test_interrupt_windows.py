"""A Ctrl-C (or a benchmark worker's SIGTERM) at any moment of a run leaves a log that ends.

A log with a header and no end record reads as a run still going or killed without a trace. A
benchmark stopping its workers hit these moments: while the log's index was updated at the
start, and while the sandbox shut down after the last step.
"""

import json
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_loop import fenced, make_agent

from react_repl.agent import RunStarted
from react_repl.agent._recorder import RunRecorder
from react_repl.llm import ScriptedServer
from react_repl.logs import RunLogWarning, _writer
from react_repl.logs._indexing import RunFeed
from react_repl.sandbox import Sandbox


def _last_record(tmp_path: Path) -> dict:
    (log,) = (tmp_path / "logs").rglob("*.jsonl")
    return json.loads(log.read_text().splitlines()[-1])


def _interrupt(*args: object, **kwargs: object) -> None:
    raise KeyboardInterrupt


def test_ctrl_c_while_the_log_is_indexed_at_the_start(
    server: ScriptedServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(RunFeed, "started", _interrupt)
    with (
        pytest.raises(KeyboardInterrupt),
        pytest.warns(RunLogWarning, match="log file is complete"),
    ):
        make_agent(server, tmp_path).run("Say ok.")
    end = _last_record(tmp_path)
    assert (end["type"], end["status"]) == ("end", "interrupted")


def test_ctrl_c_while_the_run_started_event_is_handled(
    server: ScriptedServer, tmp_path: Path
) -> None:
    def on_event(event: object) -> None:
        if isinstance(event, RunStarted):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        make_agent(server, tmp_path).run("Say ok.", on_event=on_event)
    end = _last_record(tmp_path)
    assert (end["type"], end["status"]) == ("end", "interrupted")
    assert server.requests == [], "no model call after the interrupt"


def test_ctrl_c_while_the_sandbox_shuts_down_after_the_last_step(
    server: ScriptedServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shut_down = Sandbox.__exit__

    def interrupted_exit(self: Sandbox, *exc: object) -> None:
        shut_down(self, *exc)
        raise KeyboardInterrupt

    monkeypatch.setattr(Sandbox, "__exit__", interrupted_exit)
    server.enqueue(fenced("Done.", "stop('ok')"))
    with pytest.raises(KeyboardInterrupt):
        make_agent(server, tmp_path).run("Say ok.")
    end = _last_record(tmp_path)
    assert (end["type"], end["status"], end["answer"]) == ("end", "finished", "ok")


def _on_terminate(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # what a benchmark worker does with its parent's SIGTERM


@pytest.fixture(params=[signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def real_signal(request: pytest.FixtureRequest) -> Iterator[int]:
    before = signal.signal(signal.SIGTERM, _on_terminate)
    yield request.param
    signal.signal(signal.SIGTERM, before)


def _signal_after(function: Callable[..., Any], signum: int) -> Callable[..., Any]:
    def then_signal(*args: object, **kwargs: object) -> Any:
        result = function(*args, **kwargs)
        os.kill(os.getpid(), signum)  # its handler runs at the next bytecode, as a real one would
        return result

    return then_signal


def test_a_signal_just_after_the_log_files_are_created_still_ends_the_log(
    server: ScriptedServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, real_signal: int
) -> None:
    """A benchmark stopped mid-run kept an empty .jsonl: the files existed, nothing was written."""
    files_created = _signal_after(_writer.hold_while_open, real_signal)
    monkeypatch.setattr(_writer, "hold_while_open", files_created)
    with pytest.raises(KeyboardInterrupt):
        make_agent(server, tmp_path).run("Say ok.")
    end = _last_record(tmp_path)
    assert (end["type"], end["status"]) == ("end", "interrupted")
    assert server.requests == [], "no model call after the interrupt"


def test_a_signal_just_after_the_log_is_opened_still_ends_the_log(
    server: ScriptedServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, real_signal: int
) -> None:
    monkeypatch.setattr(RunRecorder, "open", _signal_after(RunRecorder.open, real_signal))
    with pytest.raises(KeyboardInterrupt):
        make_agent(server, tmp_path).run("Say ok.")
    end = _last_record(tmp_path)
    assert (end["type"], end["status"]) == ("end", "interrupted")
