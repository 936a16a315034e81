"""Aids for small greedy models, each through a whole run against the scripted server: a copied
placeholder query read as the task."""

from pathlib import Path

from test_loop import fenced, make_agent

from react_repl.llm import ScriptedServer


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
