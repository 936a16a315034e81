"""Memory across runs: a finished run is remembered, a similar task sees it and can recall it."""

from dataclasses import replace
from pathlib import Path

from test_loop import PLAIN, fenced, make_agent

from react_repl.cli import main
from react_repl.llm import ScriptedServer
from react_repl.memory import MemoryStore


def test_a_similar_task_starts_from_what_worked(server: ScriptedServer, tmp_path: Path) -> None:
    memory_file = tmp_path / "memory.sqlite"
    options = replace(PLAIN, memory_path=memory_file).with_values({"techniques": ["+memory"]})
    server.enqueue(fenced("Search.", 'method_search("temperature")'))
    server.enqueue(fenced("Call.", 't = get_temperature("Paris")\nprint(t)'))
    server.enqueue(fenced("Done.", "stop(t)"))
    first = make_agent(server, tmp_path, options).run("What is the temperature in Paris?")
    assert first.finished

    remembered = MemoryStore(memory_file).all()
    assert [m.task for m in remembered] == ["What is the temperature in Paris?"]
    assert remembered[0].actions == 't = get_temperature("Paris")\nprint(t)\nstop(t)'
    assert remembered[0].answer == "21.5"

    server.enqueue(fenced("Recall.", 'recall("temperature in a city")'))
    server.enqueue(fenced("Done.", 'stop(get_temperature("London"))'))
    second = make_agent(server, tmp_path, options).run("What is the temperature in London?")

    first_prompt = server.requests[3]["messages"]
    assert "An earlier task like this one was solved" in first_prompt[-1]["content"]
    assert 'get_temperature("Paris")' in first_prompt[-1]["content"]
    assert "recall(" in first_prompt[0]["content"]  # the system prompt offers recall()
    assert "ACTIONS THAT WORKED" in second.steps[0].observation
    assert second.answer == 17.0
    assert len(MemoryStore(memory_file).all()) == 2


def test_memory_is_off_by_default(server: ScriptedServer, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("REACT_REPL_MEMORY", str(tmp_path / "memory.sqlite"))
    server.enqueue(fenced("Done.", "stop(1)"))
    make_agent(server, tmp_path).run("One.")
    assert not (tmp_path / "memory.sqlite").exists()
    assert "recall(" not in server.requests[0]["messages"][0]["content"]


def test_memories_are_listed_searched_and_erased_from_the_cli(tmp_path: Path) -> None:
    from click.testing import CliRunner

    path = tmp_path / "memory.sqlite"
    store = MemoryStore(path)
    store.add("Send the weekly report to Slack", "send_report()", "sent")
    store.add("Convert 100 F to Celsius", "print(fahrenheit_to_celsius(100))", "37.8")
    runner = CliRunner()
    listed = runner.invoke(main, ["memory", "list", "--memory", str(path)])
    assert "Send the weekly report" in listed.output and "37.8" in listed.output
    found = runner.invoke(main, ["memory", "search", "temperature units", "--memory", str(path),
                                 "--k", "1"])  # fmt: skip
    assert found.output.startswith("TASK: Convert 100 F to Celsius")
    assert runner.invoke(main, ["memory", "forget", "1", "--memory", str(path)]).exit_code == 0
    assert [m.id for m in MemoryStore(path).all()] == [2]
    missing = runner.invoke(main, ["memory", "forget", "9", "--memory", str(path)])
    assert missing.exit_code == 1 and "no memory with id 9" in missing.output
    assert runner.invoke(main, ["memory", "clear", "--yes", "--memory", str(path)]).exit_code == 0
    assert MemoryStore(path).all() == []
