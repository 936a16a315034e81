"""Stages as spans: the `trace_span` hook held open around each stage, and the OpenTelemetry
tracer that implements it.

The loop opens a stage with `stage(...)` and fills in, before it closes, what only its end knows;
any plugin can trace (Logfire, Langfuse, a test), and the OpenTelemetry one is on whenever
`opentelemetry` can be imported (the `otel` extra), exporting to whatever tracer provider the
application set up; without one, OpenTelemetry's own no-op tracer makes it cost next to nothing.

The sandbox stage (`act`) is the one stage with threads of its own: a watcher that kills the
action when the run is cancelled (an async caller cancelling must not wait out a long action),
and the worker's reports of each API call (method_search too) opening and closing its stage.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from typing import Any

from react_repl._version import __version__
from react_repl.context import RunContext, RunResult
from react_repl.hookspecs import hookimpl
from react_repl.llm import Completion
from react_repl.sandbox import Observation, Sandbox

_SPAN_NAMES: dict[str, Callable[[dict[str, Any]], str]] = {
    "run": lambda a: "invoke_agent react-repl",
    "step": lambda a: f"step {a.get('react_repl.step')}",
    "model": lambda a: f"chat {a.get('gen_ai.request.model')}",
    "action": lambda a: "sandbox action",
    "api_call": lambda a: f"execute_tool {a.get('gen_ai.tool.name')}",
}


@contextmanager
def stage(
    hooks: Any,
    run: RunContext,
    name: str,
    attributes: dict[str, Any],
    ended: tuple[type[BaseException], ...] = (),
) -> Iterator[dict[str, Any]]:
    """Every tracer's span around the block; an exception other than `ended` (the loop's own
    way of finishing a run) is recorded as the stage's `error`."""
    with ExitStack() as held:
        for manager in hooks.trace_span(run=run, name=name, attributes=attributes):
            if manager is not None:
                held.enter_context(manager)
        try:
            yield attributes
        except ended:
            raise
        except BaseException as error:
            attributes.setdefault("error", f"{type(error).__name__}: {error}")
            raise


def model_attributes(run: RunContext, step: int, purpose: str) -> dict[str, Any]:
    return {"gen_ai.operation.name": "chat", "gen_ai.request.model": run.model.name,
            "react_repl.step": step, "react_repl.purpose": purpose}  # fmt: skip


def usage_attributes(completion: Completion) -> dict[str, Any]:
    return {
        "gen_ai.usage.input_tokens": completion.prompt_tokens,
        "gen_ai.usage.output_tokens": completion.completion_tokens,
        "gen_ai.response.finish_reasons": (completion.finish_reason or "unknown",),
        "react_repl.retries": completion.retries,
    }


def result_attributes(result: RunResult) -> dict[str, Any]:
    return {
        "react_repl.status": result.status.value,
        "react_repl.steps": len(result.steps),
        "gen_ai.usage.input_tokens": result.usage.prompt_tokens,
        "gen_ai.usage.output_tokens": result.usage.completion_tokens,
        "react_repl.cost_usd": result.cost,
        "error": result.error if result.status.value == "error" else None,
    }


class OpenTelemetryTracer:
    """Each stage as an OpenTelemetry span: run > step > model call, sandbox action > API call
    and method_search, with the GenAI semantic conventions' attributes and react-repl's own."""

    def __init__(self, tracer: Any = None) -> None:
        from opentelemetry import trace

        self._tracer = tracer or trace.get_tracer("react_repl", __version__)

    @hookimpl
    def trace_span(self, run: RunContext, name: str, attributes: dict[str, Any]) -> Any:
        return self._span(_SPAN_NAMES[name](attributes), attributes)

    @contextmanager
    def _span(self, title: str, attributes: dict[str, Any]) -> Iterator[object]:
        from opentelemetry.trace import Status, StatusCode

        with self._tracer.start_as_current_span(
            title, record_exception=False, set_status_on_exception=False
        ) as span:
            try:
                yield span
            finally:
                span.set_attributes(
                    {k: v for k, v in attributes.items() if k != "error" and v is not None}
                )
                if attributes.get("error"):
                    span.set_status(Status(StatusCode.ERROR, str(attributes["error"])))


def tracing_plugins() -> list[object]:
    """The OpenTelemetry tracer when the `otel` extra is installed; nothing otherwise."""
    try:
        return [OpenTelemetryTracer()]
    except ImportError:
        return []


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
