"""A write that already worked is held when proposed again as is, through whole runs against the
scripted server; reads, failed writes and a switched-off agent run as before."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import agent_test_apis as apis
from test_loop import PLAIN, fenced, make_agent

from react_repl.agent import AgentOptions, RunResult
from react_repl.llm import ScriptedServer

HOLDING = replace(PLAIN, few_shot=False, max_steps=8).with_values(
    {"techniques": ["+repeated_writes"]}
)
NOT_RUN = "[The action was not run"
APIS = {
    "send_note": apis.send_note,
    "charge_card": apis.charge_card,
    "get_temperature": apis.get_temperature,
}


def run(server: ScriptedServer, tmp_path: Path, options: AgentOptions = HOLDING) -> RunResult:
    agent = make_agent(server, tmp_path, options, apis=APIS)
    return agent.run("Send me a note that says hi, then tell me what it said.")


def test_a_write_that_worked_is_held_with_its_result(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Send.", 'print(send_note("hi"))'))
    server.enqueue(fenced("Send again.", "print(send_note( 'hi' ))"))
    server.enqueue(fenced("Done.", 'stop("hi")'))
    result = run(server, tmp_path)

    assert result.steps[0].observation.strip() == "sent: hi"
    held = result.steps[1].observation
    assert held.startswith(NOT_RUN)
    assert "same as step 1, which already ran without error" in held
    assert "(send_note)" in held and "sent: hi" in held
    assert result.answer == "hi"


def test_held_at_most_three_times(server: ScriptedServer, tmp_path: Path) -> None:
    for _ in range(5):
        server.enqueue(fenced("Send.", 'print(send_note("hi"))'))
    server.enqueue(fenced("Done.", 'stop("hi")'))
    observations = [step.observation for step in run(server, tmp_path).steps]
    assert [o.startswith(NOT_RUN) for o in observations[:5]] == [False, True, True, True, False]


def test_failed_writes_and_reads_run_again(server: ScriptedServer, tmp_path: Path) -> None:
    for code in ["charge_card(0)", "charge_card(0)", 'print(get_temperature("Paris"))']:
        server.enqueue(fenced("Try.", code))
    server.enqueue(fenced("Read again.", 'print(get_temperature("Paris"))'))
    server.enqueue(fenced("Done.", 'stop("hi")'))
    observations = [step.observation for step in run(server, tmp_path).steps]
    assert "ValueError: cannot charge 0" in observations[1]  # the failed write ran again
    assert observations[3].startswith("21.5")  # a repeated read is not held


def test_a_write_that_did_not_parse_is_not_held(server: ScriptedServer, tmp_path: Path) -> None:
    broken = 'x = 1\n  print(send_note("hi"))'  # an indentation error: nothing ran
    for code in [broken, broken, 'print(send_note("hi"))']:
        server.enqueue(fenced("Send.", code))
    server.enqueue(fenced("Done.", 'stop("hi")'))
    observations = [step.observation for step in run(server, tmp_path).steps]
    assert observations[0].startswith("SyntaxError") and observations[1].startswith("SyntaxError")
    assert observations[2].startswith("sent: hi")


def test_switched_off_a_repeated_write_runs(server: ScriptedServer, tmp_path: Path) -> None:
    for _ in range(2):
        server.enqueue(fenced("Send.", 'print(send_note("hi"))'))
    server.enqueue(fenced("Done.", 'stop("hi")'))
    result = run(server, tmp_path, HOLDING.with_values({"techniques": ["-repeated_writes"]}))
    assert result.steps[1].observation.startswith("sent: hi")
