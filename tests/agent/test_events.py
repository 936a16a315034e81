"""The event stream a front end consumes: order, content, the threaded iterator, cancel."""

import threading
import time
from pathlib import Path

import pytest
from test_loop import fenced, make_agent

from react_repl.agent import (
    ActionProposed,
    ActionReviewed,
    ModelRetried,
    Observed,
    RunEnded,
    RunStarted,
    Status,
    StepEnded,
    StepStarted,
    TextDelta,
    event_name,
)
from react_repl.hookspecs import hookimpl
from react_repl.llm import ScriptedReply, ScriptedServer


def test_events_arrive_in_stage_order(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Search.", 'method_search("temperature")'))
    server.enqueue(fenced("Done.", 'stop("ok")'))
    events: list[object] = []
    result = make_agent(server, tmp_path).run("Go.", on_event=events.append)

    kinds = [type(e) for e in events if not isinstance(e, TextDelta)]
    assert kinds == [
        RunStarted,
        StepStarted, ActionProposed, ActionReviewed, Observed, StepEnded,
        StepStarted, ActionProposed, ActionReviewed, Observed, StepEnded,
        RunEnded,
    ]  # fmt: skip
    assert events[0].log_path == result.log_path
    assert events[-1].result is result
    streamed = "".join(e.text for e in events if isinstance(e, TextDelta) and e.step == 1)
    assert 'method_search("temperature")' in streamed
    observed = [e for e in events if isinstance(e, Observed)]
    assert observed[0].observation.startswith("`get_temperature(city: str)")
    assert [event_name(e) for e in events[:2]] == ["run_started", "step_started"]


def test_the_handle_yields_events_from_a_background_thread(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Call.", 'print(get_temperature("Paris"))'))
    server.enqueue(fenced("Done.", "stop(21.5)"))
    handle = make_agent(server, tmp_path).start("Temperature in Paris?")
    seen = list(handle.events())
    assert isinstance(seen[-1], RunEnded)
    assert handle.result(timeout=5).status is Status.FINISHED
    assert threading.current_thread() is threading.main_thread()


def test_a_failure_inside_the_run_reaches_the_consumer(
    server: ScriptedServer, tmp_path: Path
) -> None:
    class BrokenHints:
        @hookimpl
        def observation_hints(self, run: object, proposal: object, observation: object) -> str:
            raise RuntimeError("hint broke")

    server.enqueue(fenced("one", "print(1)"))
    agent = make_agent(server, tmp_path)
    agent.plugins.append(BrokenHints())
    handle = agent.start("Print one.")
    events = handle.events()
    assert isinstance(next(events), RunStarted)
    with pytest.raises(RuntimeError, match="hint broke"):
        list(events)
    assert "- Status: **error**" in next((tmp_path / "logs").rglob("*.md")).read_text()


def test_cancel_before_a_step_ends_the_run_as_interrupted(
    server: ScriptedServer, tmp_path: Path
) -> None:
    cancel = threading.Event()

    def cancel_after_first_step(event: object) -> None:
        if isinstance(event, StepEnded):
            cancel.set()

    server.enqueue(fenced("one", "print(1)"))
    server.enqueue(fenced("two", "print(2)"))
    result = make_agent(server, tmp_path).run(
        "Count.", on_event=cancel_after_first_step, cancel=cancel
    )
    assert result.status is Status.INTERRUPTED
    assert len(result.steps) == 1
    assert "cancelled by the caller" in (result.error or "")
    log = result.log_path.read_text()
    assert "- Status: **interrupted**" in log and "cancelled by the caller" in log


def test_cancel_mid_reply_ends_the_run_within_a_second(
    server: ScriptedServer, tmp_path: Path
) -> None:
    slow = fenced("Thinking very slowly about it.", "print(1)")
    server.enqueue(ScriptedReply(text=slow, chunk_chars=2, chunk_delay=0.5))  # ~25 s to stream
    handle = make_agent(server, tmp_path).start("Count.")
    events = handle.events()
    for event in events:
        if isinstance(event, TextDelta):  # the reply is streaming: cancel mid-generation
            cancelled_at = time.monotonic()
            handle.cancel()
            break
    rest = list(events)
    elapsed = time.monotonic() - cancelled_at
    result = handle.result(timeout=5)

    assert elapsed < 1.0, f"the run took {elapsed:.2f} s to end after cancel()"
    assert isinstance(rest[-1], RunEnded)
    assert result.status is Status.INTERRUPTED
    assert "cancelled" in (result.error or "")
    assert "- Status: **interrupted**" in result.log_path.read_text()


def test_a_retried_model_call_is_an_event_and_in_the_log(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(ScriptedReply(status=503, error_message="overloaded"))
    server.enqueue(fenced("Done.", "stop(1)"))
    events: list[object] = []
    result = make_agent(server, tmp_path).run("One.", on_event=events.append)
    retries = [e for e in events if isinstance(e, ModelRetried)]
    assert len(retries) == 1 and "503" in retries[0].cause
    assert result.steps[0].retries and "503" in result.steps[0].retries[0]
    assert "_Retries: attempt 1:" in result.log_path.read_text()
