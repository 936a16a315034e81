"""A cancelled call ends within a second wherever it is: streaming, waiting, or backing off."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from react_repl.llm import ModelCancelled, ModelError, ScriptedReply, ScriptedServer

USER = [{"role": "user", "content": "hi"}]
LONG = " ".join(f"word{i}" for i in range(200))  # 200 pieces at 0.1 s: 20 s uncancelled


def cancel_after(seconds: float) -> tuple[threading.Event, list[float]]:
    """An event set from another thread after `seconds`; the list gets the time it was set."""
    event, set_at = threading.Event(), []

    def fire() -> None:
        time.sleep(seconds)
        set_at.append(time.perf_counter())
        event.set()

    threading.Thread(target=fire, daemon=True).start()
    return event, set_at


def test_cancel_mid_stream(server: ScriptedServer, model_for) -> None:
    server.enqueue(ScriptedReply(LONG, chunk_delay=0.1))
    cancel, set_at = threading.Event(), []
    shown: list[str] = []

    def show(piece: str) -> None:
        """Cancel a little after the second piece, however long the call took to get there."""
        shown.append(piece)
        if len(shown) == 2:
            threading.Timer(0.3, lambda: (set_at.append(time.perf_counter()), cancel.set())).start()

    with pytest.raises(ModelCancelled) as caught:
        model_for(server).complete(USER, on_text=show, cancel=cancel)
    assert time.perf_counter() - set_at[0] < 1.0
    assert caught.value.partial_text == "".join(shown)
    assert caught.value.partial_text.startswith("word0 word1")
    assert not isinstance(caught.value, ModelError)


def test_cancel_while_the_server_has_not_answered(server: ScriptedServer, model_for) -> None:
    server.enqueue(ScriptedReply(fault="hang"))
    cancel, set_at = cancel_after(0.5)
    with pytest.raises(ModelCancelled):
        model_for(server).complete(USER, cancel=cancel)
    assert time.perf_counter() - set_at[0] < 1.0


def test_cancel_during_back_off(server: ScriptedServer, model_for) -> None:
    server.enqueue(ScriptedReply(status=503), "never needed")
    cancel, set_at = cancel_after(0.5)
    with pytest.raises(ModelCancelled) as caught:
        model_for(server, retry_base_delay=30).complete(USER, cancel=cancel)
    assert time.perf_counter() - set_at[0] < 1.0
    assert [r.cause for r in caught.value.retry_log] == ["HTTP 503: scripted error 503"]
    assert len(server.requests) == 1


def test_a_call_cancelled_before_it_starts_sends_nothing(server: ScriptedServer, model_for) -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(ModelCancelled):
        model_for(server).complete(USER, cancel=cancel)
    assert server.requests == []


CTRL_C_CLIENT = """
import sys
from react_repl.llm import ChatModel, ModelSettings
model = ChatModel(ModelSettings("scripted", base_url=sys.argv[1]))
print("calling", flush=True)
try:
    model.complete([{"role": "user", "content": "hi"}], on_text=lambda t: print(t, flush=True))
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


@pytest.mark.parametrize("fault", ["hang", None])
def test_ctrl_c_ends_a_blocked_call(
    server: ScriptedServer, tmp_path: Path, fault: str | None
) -> None:
    """Ctrl-C reaches a process waiting on a silent server or a slow stream within a second."""
    server.enqueue(ScriptedReply(LONG, chunk_delay=0.1, fault=fault))  # type: ignore[arg-type]
    script = tmp_path / "client.py"
    script.write_text(CTRL_C_CLIENT)
    process = subprocess.Popen(
        [sys.executable, str(script), server.base_url], stdout=subprocess.PIPE, text=True
    )
    assert process.stdout is not None
    assert process.stdout.readline() == "calling\n"
    if fault is None:
        assert process.stdout.readline().startswith("word0")
    time.sleep(0.5)
    os.kill(process.pid, signal.SIGINT)
    interrupted = time.perf_counter()
    lines = iter(process.stdout.readline, "")
    assert "interrupted\n" in lines  # reads on until it comes, or the process ends without it
    assert time.perf_counter() - interrupted < 1.0
    assert process.wait(timeout=30) == 0
