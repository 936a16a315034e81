"""An answer from a run that called no API is sent back once, through the loop."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from test_loop import PLAIN, fenced, make_agent

from react_repl.agent import AskUser, Status
from react_repl.llm import ScriptedServer

TASK = "How much warmer than 15 C is it in Paris?"
GUESSED = "paris = 20  # assume it is 20 C\nstop(paris - 15)"
GROUNDED = replace(PLAIN, grounded_answers=True, few_shot=False)


def test_an_answer_made_of_assumed_values_is_sent_back(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("I will assume a value.", GUESSED))
    server.enqueue(fenced("Look it up.", 't = get_temperature("Paris")\nprint(t)'))
    server.enqueue(fenced("Done.", "stop(t - 15)"))
    result = make_agent(server, tmp_path, GROUNDED).run(TASK)

    assert result.status is Status.FINISHED
    assert result.answer == 6.5 and len(result.steps) == 3
    assert "no API function has been called" in result.steps[0].observation
    assert "no API function has been called" in server.requests[1]["messages"][-1]["content"]


def test_an_answer_after_an_api_call_is_accepted_at_once(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Look it up.", 't = get_temperature("Paris")\nprint(t)'))
    server.enqueue(fenced("Done.", "stop(t - 15)"))
    result = make_agent(server, tmp_path, GROUNDED).run(TASK)
    assert result.answer == 6.5 and len(result.steps) == 2


def test_the_same_answer_again_is_accepted_because_some_tasks_need_no_api(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Arithmetic.", "stop(17 * 23)"))
    server.enqueue(fenced("It is arithmetic.", "stop(17 * 23)"))
    result = make_agent(server, tmp_path, GROUNDED).run("What is 17 times 23?")
    assert result.answer == 391 and len(result.steps) == 2


def test_without_the_switch_the_guess_is_the_answer(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("I will assume a value.", GUESSED))
    result = make_agent(server, tmp_path, replace(GROUNDED, grounded_answers=False)).run(TASK)
    assert result.answer == 5 and len(result.steps) == 1


def test_an_answer_from_the_user_is_grounded(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Ask.", 'city = ask_user("Which city?")\nprint(city)'))
    server.enqueue(fenced("Done.", "stop(city)"))
    agent = make_agent(server, tmp_path, GROUNDED)
    agent.plugins = [AskUser(lambda question: "Lisbon")]  # as Agent(plugins=...) sets it
    result = agent.run("Pick a city with me.")
    assert result.answer == "Lisbon" and len(result.steps) == 2
