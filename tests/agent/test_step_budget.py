"""The last steps' prompts say how many are left, through the loop and the real client."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from test_loop import PLAIN, fenced, make_agent

from react_repl.agent import Status
from react_repl.llm import ScriptedServer

BUDGETED = replace(PLAIN, max_steps=4, step_budget_notes=True, few_shot=False)
LOOK = fenced("Look.", 't = get_temperature("Paris")\nprint(t)')


def test_the_last_steps_say_so_and_the_last_asks_for_the_answer(
    server: ScriptedServer, tmp_path: Path
) -> None:
    for _ in range(3):
        server.enqueue(LOOK)
    server.enqueue(fenced("Answer now.", "stop(t)"))
    result = make_agent(server, tmp_path, BUDGETED).run("How warm is Paris?")

    assert result.status is Status.FINISHED and result.answer == 21.5
    last_words = [request["messages"][-1]["content"] for request in server.requests]
    assert "more after this one" not in last_words[0] + last_words[1]
    assert "(Step 3 of 4: 1 more after this one." in last_words[2]
    assert "(This is the last step, 4 of 4" in last_words[3]
    assert "ACTION 4 is stop(answer)" in last_words[3]
    transcript = server.requests[3]["messages"]
    assert sum("of 4" in message["content"] for message in transcript) == 1  # not kept


def test_no_budget_note_when_switched_off(server: ScriptedServer, tmp_path: Path) -> None:
    for _ in range(4):
        server.enqueue(LOOK)
    server.enqueue("THOUGHT: Out of steps; it is 21.5 C.")  # the wrap-up
    options = replace(BUDGETED, step_budget_notes=False)
    result = make_agent(server, tmp_path, options).run("How warm is Paris?")
    assert result.status is Status.MAX_STEPS
    assert not any("of 4" in str(request["messages"]) for request in server.requests)
