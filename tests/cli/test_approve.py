"""`react-repl run --approve` driven in a real terminal (a pty), as a person would use it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest

from react_repl.llm import ScriptedServer

NOTES_MODULE = '''
def get_city_temperature(city: str) -> float:
    """Return the current air temperature in degrees Celsius for a city.

    Args:
        city: Name of the city.
    """
    return 21.5 if city == "Paris" else 10.0


def post_note(text: str) -> str:
    """Post a short note to the team board.

    Args:
        text: The note.
    """
    return f"posted: {text}"
'''
PROMPT = r"\[r\]un, \[e\]dit, re\[j\]ect or \[s\]top"


def reply(thought: str, code: str) -> str:
    return f"THOUGHT: {thought}\nACTION:\n```python\n{code}\n```"


@pytest.fixture
def terminal_run(tmp_path: Path):
    (tmp_path / "myapis").mkdir()
    (tmp_path / "myapis" / "notes_board.py").write_text(NOTES_MODULE)
    env = {key: value for key, value in os.environ.items() if key not in ("EDITOR", "VISUAL")}
    env |= {"OPENAI_API_KEY": "k", "HF_HUB_OFFLINE": "1", "COLUMNS": "120", "TERM": "dumb"}

    def spawn(server: ScriptedServer, *args: str) -> pexpect.spawn:
        command = [
            "-m", "react_repl", "run", "Post the Paris temperature.", *args,
            "--base-url", server.base_url, "--model", "scripted",
            "--apis", str(tmp_path / "myapis"), "--index", str(tmp_path / "index"),
            "--logs-dir", str(tmp_path / "logs"),
        ]  # fmt: skip
        return pexpect.spawn(
            sys.executable, command, cwd=tmp_path, env=env, encoding="utf-8", timeout=120,
            dimensions=(50, 120),
        )  # fmt: skip

    return spawn


def test_run_edit_reject_at_the_terminal(terminal_run, tmp_path: Path) -> None:
    with ScriptedServer() as server:
        server.enqueue(
            "1. Look up the temperature\n2. Post it",  # the planning step needs no approval
            reply("Look it up.", 't = get_city_temperature("Paris")\nprint(t)'),
            reply("Post it.", 'print(post_note("hot in Paris"))'),
            reply("Post again.", 'print(post_note("very hot"))'),
            reply("Done.", "stop(t)"),
        )
        person = terminal_run(server, "--approve", "all")
        person.expect("Step 2 wants to run")
        person.expect(PROMPT)
        person.sendline("r")
        person.expect("Step 3 wants to run")
        person.expect(PROMPT)
        person.sendline("e")
        person.expect("end with a line holding a single")
        person.sendline('print(post_note(f"Paris: {t} C"))')
        person.sendline(".")
        person.expect("posted: Paris: 21.5 C")
        person.expect(PROMPT)
        person.sendline("j")
        person.expect("Reason")
        person.sendline("one note is enough")
        person.expect(PROMPT)
        person.sendline("r")
        person.expect("Answer: 21.5")
        person.expect(pexpect.EOF)
        person.close()

    assert person.exitstatus == 0
    log = next((tmp_path / "logs").rglob("*.md")).read_text()
    assert "### Proposed action 3" in log and 'post_note("hot in Paris")' in log
    assert 'post_note(f"Paris: {t} C")' in log
    assert "_Review: reject: one note is enough_" in log
    assert "very hot" not in log.split("### Observation 4")[1]


def test_stop_at_the_terminal_ends_the_run(terminal_run, tmp_path: Path) -> None:
    with ScriptedServer() as server:
        server.enqueue("1. Post it", reply("Post it.", 'print(post_note("x"))'))
        person = terminal_run(server, "--approve", "all")
        person.expect(PROMPT)
        person.sendline("s")
        person.expect("Reason")
        person.sendline("not today")
        person.expect(pexpect.EOF)
        person.close()

    assert person.exitstatus == 1
    log = next((tmp_path / "logs").rglob("*.md")).read_text()
    assert "- Status: **interrupted**" in log and "not today" in log
    assert "posted:" not in log


def test_the_agent_asks_the_person_at_the_terminal(terminal_run, tmp_path: Path) -> None:
    with ScriptedServer() as server:
        server.enqueue(
            "1. Ask which city",
            reply("Ask.", 'city = ask_user("Which city do you mean?")\nprint(city)'),
            reply("Done.", "stop(get_city_temperature(city))"),
        )
        person = terminal_run(server)
        person.expect("The agent asks you")
        person.expect("Which city do you mean")
        person.expect("Your answer")
        person.sendline("Paris")
        person.expect("Answer: 21.5")
        person.expect(pexpect.EOF)
        person.close()
    assert person.exitstatus == 0
