"""Human in the action: ask_user found by method_search, answered by a callback or a script,
and saying so when no one can answer."""

from pathlib import Path

from conftest import indexed_agent
from test_loop import PLAIN, fenced

from react_repl._paths import builtin_apis_dir
from react_repl.agent import Agent, AskUser, ScriptedAnswers, Status
from react_repl.llm import ScriptedServer
from react_repl.registry import ApiRegistry


def agent_with_builtins(server: ScriptedServer, tmp_path: Path, *plugins: object) -> Agent:
    registry = ApiRegistry.discover(entry_points=False)
    return indexed_agent(server, tmp_path, registry, PLAIN, plugins=plugins)


def test_the_agent_finds_ask_user_and_a_callback_answers(
    server: ScriptedServer, tmp_path: Path
) -> None:
    asked: list[str] = []

    def person(question: str) -> str:
        asked.append(question)
        return "Lisbon"

    server.enqueue(fenced("Find a way to ask.", 'method_search("ask the user a question")'))
    server.enqueue(fenced("Ask.", 'city = ask_user("Which city should I use?")\nprint(city)'))
    server.enqueue(fenced("Done.", "stop(city)"))
    result = agent_with_builtins(server, tmp_path, AskUser(person)).run("Pick a city with me.")

    assert result.steps[0].observation.startswith("`ask_user(question: str) -> str`")
    assert asked == ["Which city should I use?"]
    assert result.steps[1].observation.startswith("Lisbon")
    assert result.answer == "Lisbon" and result.status is Status.FINISHED


def test_without_anyone_to_answer_ask_user_says_so(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Ask.", 'print(ask_user("Which city?"))'))
    server.enqueue(fenced("Done.", 'stop("unknown")'))
    result = agent_with_builtins(server, tmp_path).run("Pick a city.")
    observation = result.steps[0].observation
    assert "RuntimeError: No one can answer questions in this run" in observation


def test_scripted_answers_run_out_clearly(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Ask.", 'a = ask_user("First?")\nprint(a)'))
    server.enqueue(fenced("Ask again.", 'print(ask_user("Second?"))'))
    server.enqueue(fenced("Done.", "stop(a)"))
    plugin = AskUser(ScriptedAnswers(["yes"]))
    result = agent_with_builtins(server, tmp_path, plugin).run("Confirm.")
    assert result.steps[0].observation.startswith("yes")
    assert "The user has no more answers" in result.steps[1].observation
    assert result.answer == "yes"


def test_the_stand_in_ships_with_the_built_in_apis() -> None:
    assert (builtin_apis_dir() / "people.py").is_file()
