"""The sandbox stage of a step: the action runs, a cancel kills it, its API calls (method_search
and the other host functions too) are traced.

Apart from the loop because it is the one stage with threads of its own: a watcher that kills
the action when the run is cancelled (an async caller cancelling must not wait out a long
action), and the worker's reports of each API call opening and closing that call's stage.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from react_repl.sandbox import Observation, Sandbox

OpenStage = Callable[[str, dict[str, Any]], AbstractContextManager[dict[str, Any]]]


def act(
    sandbox: Sandbox, code: str, cancel: threading.Event, open_stage: OpenStage, step: int
) -> Observation:
    attributes: dict[str, Any] = {"react_repl.step": step}
    with open_stage("action", attributes):
        observation = _run(sandbox, code, cancel, open_stage)
        attributes["react_repl.outcome"] = _outcome(observation)
        if not observation.ok:
            attributes["error"] = observation.error or "the action failed"
    return observation


def _run(
    sandbox: Sandbox, code: str, cancel: threading.Event, open_stage: OpenStage
) -> Observation:
    ended = threading.Event()

    def interrupt_on_cancel() -> None:
        while not ended.wait(0.05):
            if cancel.is_set():
                sandbox.interrupt()
                return

    calls: list[AbstractContextManager[dict[str, Any]]] = []

    def on_api_call(report: str, name: str) -> None:
        if report == "call":
            attributes = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": name,
                          "react_repl.api.name": name}  # fmt: skip
            calls.append(open_stage("api_call", attributes))
            calls[-1].__enter__()
        elif calls:
            calls.pop().__exit__(None, None, None)

    threading.Thread(target=interrupt_on_cancel, daemon=True).start()
    sandbox.on_api_call = on_api_call
    try:
        return sandbox.run(code)
    finally:
        ended.set()
        sandbox.on_api_call = None
        while calls:  # a call the action's end cut short (a timeout, a kill)
            calls.pop().__exit__(None, None, None)


def _outcome(observation: Observation) -> str:
    if observation.stopped:
        return "stopped"
    if observation.timed_out:
        return "timed_out"
    return "ok" if observation.ok else "error"
