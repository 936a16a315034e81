"""`await agent.arun(task)` and `async for event in agent.astream(task)`: runs side by side in
one event loop, each with its own sandbox and log, and cancellation within a second."""

import asyncio
import contextlib
import time
from pathlib import Path

from test_loop import fenced, make_agent

from react_repl.agent import ActionReviewed, RunEnded, RunStarted, Status, TextDelta
from react_repl.llm import ScriptedReply, ScriptedServer


def lookup(city: str, delay: float = 0.0) -> list[ScriptedReply]:
    return [
        ScriptedReply(fenced("Look.", f't = get_temperature("{city}")'), delay=delay),
        ScriptedReply(fenced("Done.", "stop(t)"), delay=delay),
    ]


def test_two_runs_proceed_together_with_their_own_answers_and_logs(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.route("Paris", *lookup("Paris", delay=1.0))
    server.route("London", *lookup("London", delay=1.0))
    agent = make_agent(server, tmp_path)
    seen: list[object] = []

    async def follow(task: str):  # type: ignore[no-untyped-def]
        async for event in agent.astream(task):
            seen.append(event)
        return event.result

    async def both():  # type: ignore[no-untyped-def]
        return await asyncio.gather(follow("Paris?"), agent.arun("London?"))

    paris, london = asyncio.run(both())
    assert (paris.status, paris.answer) == (Status.FINISHED, 21.5)
    assert (london.status, london.answer) == (Status.FINISHED, 17.0)
    assert paris.log_path != london.log_path
    assert paris.log_path.read_text().startswith("# Paris?")
    assert london.log_path.read_text().startswith("# London?")
    assert isinstance(seen[0], RunStarted) and isinstance(seen[-1], RunEnded)


def test_cancelling_one_run_mid_reply_ends_it_within_a_second_and_not_the_other(
    server: ScriptedServer, tmp_path: Path
) -> None:
    slow = fenced("Thinking very slowly about it.", "print(1)")
    server.route("Count", ScriptedReply(slow, chunk_chars=2, chunk_delay=0.5))  # ~25 s
    server.route("London", *lookup("London", delay=0.5))
    agent = make_agent(server, tmp_path)

    async def scenario():  # type: ignore[no-untyped-def]
        streaming = asyncio.Event()

        async def count() -> None:
            async for event in agent.astream("Count."):
                if isinstance(event, TextDelta):
                    streaming.set()

        counting = asyncio.create_task(count())
        other = asyncio.create_task(agent.arun("London?"))
        await streaming.wait()
        cancelled_at = time.monotonic()
        counting.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await counting
        return time.monotonic() - cancelled_at, await other

    elapsed, other = asyncio.run(scenario())
    assert elapsed < 1.0, f"the cancelled run took {elapsed:.2f} s to end"
    assert (other.status, other.answer) == (Status.FINISHED, 17.0)
    logs = [path.read_text() for path in (tmp_path / "logs").rglob("*.md")]
    counted = next(text for text in logs if text.startswith("# Count."))
    assert "- Status: **interrupted**" in counted and "cancelled" in counted


def test_cancelling_during_an_action_kills_it_within_a_second(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Spin.", "n = 0\nwhile True:\n    n += 1"))
    agent = make_agent(server, tmp_path)

    async def scenario():  # type: ignore[no-untyped-def]
        running = asyncio.Event()

        async def spin() -> None:
            async for event in agent.astream("Spin."):
                if isinstance(event, ActionReviewed):
                    running.set()

        spinning = asyncio.create_task(spin())
        await running.wait()
        await asyncio.sleep(0.3)  # the action is running in the worker now
        cancelled_at = time.monotonic()
        spinning.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await spinning
        return time.monotonic() - cancelled_at

    elapsed = asyncio.run(scenario())
    assert elapsed < 1.0, f"the run took {elapsed:.2f} s to end after cancel"
    log = next((tmp_path / "logs").rglob("*.md")).read_text()
    assert "- Status: **interrupted**" in log
