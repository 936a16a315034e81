"""Aids for small greedy models, each through a whole run against the scripted server: a silent
assignment shown, a copied placeholder query read as the task, the task's hits interleaved."""

from dataclasses import replace
from pathlib import Path

from test_loop import PLAIN, fenced, make_agent

from react_repl.llm import ScriptedServer


def test_a_silent_assignment_shows_its_value_when_switched_on(
    server: ScriptedServer, tmp_path: Path
) -> None:
    for _ in range(2):
        server.enqueue(fenced("Look.", 'paris = get_temperature("Paris")'))
        server.enqueue(fenced("Done.", "stop(paris)"))
    shown = make_agent(server, tmp_path, replace(PLAIN, show_assigned=True)).run("Paris?")
    silent = make_agent(server, tmp_path).run("Paris?")
    assert shown.steps[0].observation == "paris = 21.5"
    assert silent.steps[0].observation.startswith("(no output: the action printed nothing.")


def test_a_print_that_never_ran_is_explained_not_asked_for(
    server: ScriptedServer, tmp_path: Path
) -> None:
    code = "cities = []\nfor city in cities:\n    print(get_temperature(city))"
    server.enqueue(fenced("Look.", code))
    server.enqueue(fenced("Done.", "stop()"))
    observation = make_agent(server, tmp_path).run("Temperatures?").steps[0].observation
    assert observation.startswith("(no output: print() never ran: `cities` is empty")
    assert "Use print()" not in observation


def test_a_copied_placeholder_query_searches_the_task_instead(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Search.", 'method_search("what you need")'))
    server.enqueue(fenced("Search.", 'method_search("What the next step needs.")'))
    server.enqueue(fenced("Done.", "stop()"))
    result = make_agent(server, tmp_path).run("Send a note that says hello.")
    for step in result.steps[:2]:
        note, first_hit = step.observation.splitlines()[:2]
        assert "placeholder" in note and "functions for the task itself" in note
        assert first_hit.startswith("`send_note(text: str)")


def test_a_real_query_is_searched_as_written(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Search.", 'method_search("what you need to know about temperature")'))
    server.enqueue(fenced("Done.", "stop()"))
    observation = make_agent(server, tmp_path).run("Send a note.").steps[0].observation
    assert observation.startswith("`get_temperature(")


def _hit(name: str) -> str:
    return f"`{name}(x: str) -> str`: Does {name.replace('_', ' ')}."


RANKINGS = {
    "total spent": ["energy_cost", "issue_refund", "mortgage", "meter_reading", "spending",
                    "cancel_order", "list_customer_orders", "get_order", "weather", "stocks"],
    "How much has raj@example.com spent on delivered orders?": [
        "find_customer_by_email", "list_customer_orders", "get_order", "issue_refund",
        "cancel_order", "energy_cost", "weather", "stocks", "mortgage", "meter_reading"],
}  # fmt: skip


def ranked_search(description: str, k: int = 5) -> str:
    return "\n".join(_hit(name) for name in RANKINGS[description][:k])


def test_search_with_task_interleaves_the_query_and_task_hits(
    server: ScriptedServer, tmp_path: Path
) -> None:
    task = "How much has raj@example.com spent on delivered orders?"
    for _ in range(2):
        server.enqueue(fenced("Search.", 'method_search("total spent")'))
        server.enqueue(fenced("Done.", "stop(1)"))
    runs = {}
    for with_task in (True, False):
        options = replace(PLAIN, search_with_task=with_task)
        agent = make_agent(server, tmp_path, options)
        agent.method_search = ranked_search
        observation = agent.run(task).steps[0].observation
        runs[with_task] = [line.split("(")[0].strip("`") for line in observation.splitlines()]
    assert runs[False] == RANKINGS["total spent"][:5]
    assert runs[True] == [
        "energy_cost", "find_customer_by_email", "issue_refund", "list_customer_orders",
        "mortgage",
    ]  # fmt: skip
