"""OpenTelemetry: a run's stages are spans of one trace (run > step > model call, sandbox action
> API call and method_search) with GenAI attributes; without the extra nothing changes."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from opentelemetry import trace
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import StatusCode
from test_loop import fenced, make_agent

from react_repl.agent import Status
from react_repl.llm import ScriptedReply, ScriptedServer

EXPORTER = InMemorySpanExporter()
_provider = TracerProvider()
_provider.add_span_processor(SimpleSpanProcessor(EXPORTER))
trace.set_tracer_provider(_provider)  # what an application does; the agent's tracer follows it


def children(spans: list[ReadableSpan], parent: ReadableSpan) -> list[str]:
    return [s.name for s in spans if s.parent and s.parent.span_id == parent.context.span_id]


def test_a_runs_spans_form_one_trace_of_stages(server: ScriptedServer, tmp_path: Path) -> None:
    EXPORTER.clear()
    search = fenced("Search.", 'print(method_search("temperature"))')
    server.enqueue(ScriptedReply(search, prompt_tokens=120, completion_tokens=30))
    server.enqueue(fenced("Call.", 't = get_temperature("Paris")\nstop(t)'))
    result = make_agent(server, tmp_path).run("Temperature in Paris?")
    assert result.status is Status.FINISHED

    spans = sorted(EXPORTER.get_finished_spans(), key=lambda s: s.start_time)
    assert len({s.context.trace_id for s in spans}) == 1
    run = spans[0]
    assert run.name == "invoke_agent react-repl" and run.parent is None
    assert run.attributes["gen_ai.operation.name"] == "invoke_agent"
    assert run.attributes["react_repl.status"] == "finished"
    assert run.attributes["gen_ai.usage.input_tokens"] == result.usage.prompt_tokens
    assert children(spans, run) == ["step 1", "step 2"]
    step1, step2 = (s for s in spans if s.name.startswith("step "))
    assert children(spans, step1) == ["chat scripted", "sandbox action"]
    assert children(spans, step2) == ["chat scripted", "sandbox action"]
    action1, action2 = (s for s in spans if s.name == "sandbox action")
    assert children(spans, action1) == ["execute_tool method_search"]
    assert children(spans, action2) == ["execute_tool get_temperature"]
    chat = next(s for s in spans if s.name == "chat scripted")
    assert chat.attributes["gen_ai.operation.name"] == "chat"
    assert chat.attributes["gen_ai.request.model"] == "scripted"
    assert chat.attributes["gen_ai.usage.input_tokens"] == 120
    assert chat.attributes["gen_ai.usage.output_tokens"] == 30
    assert chat.attributes["gen_ai.response.finish_reasons"] == ("stop",)
    assert step1.attributes["react_repl.step"] == 1
    assert action2.attributes["react_repl.outcome"] == "stopped"
    call = next(s for s in spans if s.name == "execute_tool get_temperature")
    assert call.attributes["gen_ai.tool.name"] == "get_temperature"
    assert call.attributes["react_repl.api.name"] == "get_temperature"
    assert action2.start_time <= call.start_time <= call.end_time <= action2.end_time
    search = next(s for s in spans if s.name == "execute_tool method_search")
    assert action1.start_time <= search.start_time <= search.end_time <= action1.end_time


def test_a_failed_action_is_an_error_span(server: ScriptedServer, tmp_path: Path) -> None:
    EXPORTER.clear()
    server.enqueue(fenced("Oops.", "1 / 0"))
    server.enqueue(fenced("Done.", "stop(1)"))
    make_agent(server, tmp_path).run("Divide.")
    action = next(s for s in EXPORTER.get_finished_spans() if s.name == "sandbox action")
    assert action.status.status_code is StatusCode.ERROR
    assert "ZeroDivisionError" in (action.status.description or "")
    assert action.attributes["react_repl.outcome"] == "error"


WITHOUT_OTEL = """
import sys
sys.modules["opentelemetry"] = None  # as if the otel extra were not installed
sys.path.insert(0, {tests!r})
from test_loop import fenced, make_agent
from react_repl.llm import ScriptedServer
from pathlib import Path

with ScriptedServer() as server:
    server.enqueue(fenced("Call.", 't = get_temperature("Paris")\\nprint(t)'))
    server.enqueue(fenced("Done.", "stop(t)"))
    agent = make_agent(server, Path({tmp!r}))
    assert not [p for p in agent.plugins if type(p).__name__ == "OpenTelemetryTracer"]
    result = agent.run("Temperature in Paris?")
print(result.status.value, result.answer, len(result.steps))
"""


def test_without_opentelemetry_a_run_is_unchanged(tmp_path: Path) -> None:
    tests = str(Path(__file__).parent)
    script = textwrap.dedent(WITHOUT_OTEL).format(tests=tests, tmp=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([tests, *sys.path])},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["finished", "21.5", "2"]
