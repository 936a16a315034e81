"""`reflect_on_errors`: after a failed action the next reply is sent already begun with the
error, and the model's continuation completes it, through the real client and sandbox."""

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from test_loop import PLAIN, make_agent

from react_repl.llm import ScriptedServer

REFLECTING = replace(PLAIN, reflect_on_errors=True)
FAILING = "rates = {'EUR': 1.0}\nprint(rates['USD'])"
OPENING = (
    "THOUGHT 2: Action 1 failed with KeyError: \"'USD' (this dict's keys: 'EUR')\". "
    "Repeating it would fail again, so this time I will"
)
CONTINUATION = " print the keys.\nACTION 2:\n```python\nprint(sorted(rates))\n```"


def script(echoes: bool) -> Iterator[str]:
    """A step that fails, the continued reply (echoing the opening as llama.cpp does, or not),
    then a stop."""
    yield f"THOUGHT 1: Look it up.\nACTION 1:\n```python\n{FAILING}\n```"
    yield (OPENING if echoes else "") + CONTINUATION
    yield "THOUGHT 3: Done.\nACTION 3:\n```python\nstop('EUR')\n```"


def serve(echoes: bool) -> ScriptedServer:
    replies = script(echoes)
    return ScriptedServer(responder=lambda body: next(replies))


@pytest.mark.parametrize("echoes", [True, False], ids=["server echoes", "continuation only"])
def test_the_reply_after_a_failure_opens_with_the_error(tmp_path: Path, echoes: bool) -> None:
    with serve(echoes) as server:
        result = make_agent(server, tmp_path, REFLECTING).run("Which currencies are there?")
        requests = server.requests

    assert requests[1]["messages"][-1] == {"role": "assistant", "content": OPENING}
    second = result.steps[1]
    assert second.thought.count("Action 1 failed with KeyError") == 1
    assert second.thought.endswith("so this time I will print the keys.")
    assert second.action == "print(sorted(rates))" and second.observation == "['EUR']"
    assert result.answer == "EUR"
    assert result.log_path.read_text().count("so this time I will print the keys.") == 1


def test_a_step_that_worked_gets_no_opening(tmp_path: Path) -> None:
    with serve(echoes=False) as server:
        make_agent(server, tmp_path, REFLECTING).run("Which currencies are there?")
        last_messages = [request["messages"][-1] for request in server.requests]
    assert last_messages[2]["role"] == "user"  # step 2 printed the keys without an error


def test_switched_off_every_reply_starts_fresh(tmp_path: Path) -> None:
    with serve(echoes=True) as server:
        make_agent(server, tmp_path).run("Which currencies are there?")
        roles = [request["messages"][-1]["role"] for request in server.requests]
    assert roles == ["user", "user", "user"]


def test_the_live_stream_shows_the_opening_once(tmp_path: Path) -> None:
    for echoes in (True, False):
        shown: list[Any] = []
        with serve(echoes) as server:
            agent = make_agent(server, tmp_path, REFLECTING)
            agent.run("Which currencies are there?", on_event=shown.append)
        text = "".join(e.text for e in shown if type(e).__name__ == "TextDelta" and e.step == 2)
        assert text == OPENING + CONTINUATION


def test_the_same_failing_code_again_gets_an_opening_that_says_so(tmp_path: Path) -> None:
    replies = iter(
        [
            f"THOUGHT 1: Look it up.\nACTION 1:\n```python\n{FAILING}\n```",
            f" look again.\nACTION 2:\n```python\n{FAILING}\n```",
            " print the keys.\nACTION 3:\n```python\nprint(sorted(rates))\n```",
            "THOUGHT 4: Done.\nACTION 4:\n```python\nstop('EUR')\n```",
        ]
    )
    with ScriptedServer(responder=lambda body: next(replies)) as server:
        make_agent(server, tmp_path, REFLECTING).run("Which currencies are there?")
        openings = [request["messages"][-1]["content"] for request in server.requests[1:3]]
    assert openings[0].endswith("Repeating it would fail again, so this time I will")
    assert openings[1].startswith("THOUGHT 3: Action 2 failed with KeyError")
    assert openings[1].endswith(
        "It is the same code as action 1, which failed the same way, so that code cannot work "
        "and I will not write it again. Instead, I will"
    )


def test_an_action_that_worked_sent_again_opens_the_next_reply_with_what_is_left(
    tmp_path: Path,
) -> None:
    reading = "order = {'id': 'O-7', 'total': 12.5}\nprint(order)"
    replies = iter(
        [
            f"THOUGHT 1: Read it.\nACTION 1:\n```python\n{reading}\n```",
            f"THOUGHT 2: Read it again.\nACTION 2:\n```python\n{reading}\n```",
            " answering with the total.\nACTION 3:\n```python\nstop(order['total'])\n```",
        ]
    )
    options = replace(PLAIN, reflect_on_repeats=True)
    with ScriptedServer(responder=lambda body: next(replies)) as server:
        result = make_agent(server, tmp_path, options).run("What is the order's total?")
        last_messages = [request["messages"][-1] for request in server.requests]

    assert [message["role"] for message in last_messages] == ["user", "user", "assistant"]
    assert last_messages[2]["content"] == (
        "THOUGHT 3: Action 2 was the same code as action 1, so its result is already above and "
        "running it again tells me nothing new. The part of the task that is still not done is"
    )
    assert result.steps[2].thought.endswith("still not done is answering with the total.")
    assert result.answer == 12.5


def test_a_repeated_action_gets_no_opening_when_the_switch_is_off(tmp_path: Path) -> None:
    reading = "print('O-7')"
    replies = iter(
        [
            f"THOUGHT 1: Read.\nACTION 1:\n```python\n{reading}\n```",
            f"THOUGHT 2: Read.\nACTION 2:\n```python\n{reading}\n```",
            "THOUGHT 3: Done.\nACTION 3:\n```python\nstop('O-7')\n```",
        ]
    )
    with ScriptedServer(responder=lambda body: next(replies)) as server:
        make_agent(server, tmp_path).run("Which order?")
        roles = [request["messages"][-1]["role"] for request in server.requests]
    assert roles == ["user", "user", "user"]
