"""stop() before the change the task asks for is sent back once, unrun, naming the functions that
make it; whole runs against the scripted server through the real client and sandbox."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import agent_test_apis as apis
import pytest
from test_loop import PLAIN, fenced, make_agent

from react_repl.agent import AgentOptions, RunResult, Status
from react_repl.agent._context import ApiDoc
from react_repl.agent._pending_change import requested_changes
from react_repl.llm import ScriptedServer

PENDING = replace(PLAIN, pending_changes=True, few_shot=False, max_steps=8)
NOT_RUN = "[The action was not run"
APIS = {
    "send_note": apis.send_note,
    "charge_card": apis.charge_card,
    "get_temperature": apis.get_temperature,
}
SEND_TASK = "Send me a note that says hi, then tell me what it said."


def run(
    server: ScriptedServer, tmp_path: Path, task: str = SEND_TASK, options: AgentOptions = PENDING
) -> RunResult:
    return make_agent(server, tmp_path, options, apis=APIS).run(task)


def test_an_answer_before_the_change_is_sent_back_unrun_naming_the_function(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Answer.", 'stop("hi")'))
    server.enqueue(fenced("Send.", 'print(send_note("hi"))'))
    server.enqueue(fenced("Done.", 'stop("hi")'))
    result = run(server, tmp_path)

    sent_back = result.steps[0].observation
    assert sent_back.startswith(NOT_RUN)
    assert "asks you to send" in sent_back
    assert "`send_note(text: str) -> str`" in sent_back
    assert result.steps[1].observation.strip() == "sent: hi"
    assert result.status is Status.FINISHED and result.answer == "hi"
    assert len(result.steps) == 3


def test_the_change_and_the_answer_in_one_action_are_accepted(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Send and answer.", 'print(send_note("hi"))\nstop("hi")'))
    result = run(server, tmp_path)
    assert result.status is Status.FINISHED and len(result.steps) == 1
    assert "sent: hi" in result.steps[0].observation


def test_a_change_that_raised_does_not_count(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Charge.", "print(charge_card(0))"))
    server.enqueue(fenced("Answer.", 'stop("charged")'))
    server.enqueue(fenced("Answer again.", 'stop("charged")'))
    result = run(server, tmp_path, task="Charge my card 5 euros and say what happened.")
    assert "cannot charge 0" in result.steps[0].observation
    assert result.steps[1].observation.startswith(NOT_RUN)
    assert "`charge_card(amount: float) -> str`" in result.steps[1].observation
    assert result.status is Status.FINISHED and len(result.steps) == 3  # sent back once only


def test_a_change_that_raised_inside_a_helper_does_not_count(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Charge.", "def go(amount):\n    return charge_card(amount)\ngo(0)"))
    server.enqueue(fenced("Answer.", 'stop("charged")'))
    server.enqueue(fenced("Answer again.", 'stop("charged")'))
    result = run(server, tmp_path, task="Charge my card 5 euros and say what happened.")
    assert "in go" in result.steps[0].observation
    assert result.steps[1].observation.startswith(NOT_RUN)


def test_each_change_is_checked_on_its_own(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Send.", 'print(send_note("hi"))'))
    server.enqueue(fenced("Answer.", 'stop("hi")'))
    server.enqueue(fenced("Charge.", "print(charge_card(5))"))
    server.enqueue(fenced("Answer.", 'stop("hi")'))
    result = run(server, tmp_path, task="Send me a note that says hi, then charge my card 5 euros.")
    sent_back = result.steps[1].observation
    assert sent_back.startswith(NOT_RUN) and "asks you to charge" in sent_back
    assert "charge_card" in sent_back and "send_note" not in sent_back
    assert result.status is Status.FINISHED and len(result.steps) == 4


def test_a_change_made_before_a_later_line_failed_counts(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Send, then divide.", 'print(send_note("hi"))\nprint(1 / 0)'))
    server.enqueue(fenced("Done.", 'stop("hi")'))
    result = run(server, tmp_path)
    assert "ZeroDivisionError" in result.steps[0].observation
    assert result.status is Status.FINISHED and len(result.steps) == 2


@pytest.mark.parametrize(
    "task",
    [
        "What is the temperature in Paris?",
        "How many notes did I send last week?",  # the verb opens no clause: a question
    ],
)
def test_a_task_that_asks_for_no_change_is_answered_at_once(
    server: ScriptedServer, tmp_path: Path, task: str
) -> None:
    server.enqueue(fenced("Answer.", "stop(21.5)"))
    result = run(server, tmp_path, task=task)
    assert result.status is Status.FINISHED and len(result.steps) == 1


def test_switched_off_the_answer_is_accepted(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Answer.", 'stop("hi")'))
    result = run(server, tmp_path, options=replace(PENDING, pending_changes=False))
    assert result.status is Status.FINISHED and len(result.steps) == 1


@pytest.mark.parametrize(
    ("task", "verbs"),
    [
        ("Book the cheapest flight for Ana.", ["book"]),
        ("I'm member 2290. Renew every book I have on loan.", ["renew"]),
        ("Refund the teapot, then e-mail her. Answer with the amount.", []),
        ("For each of them, order more units and cancel the rest.", ["order", "cancel"]),
        ("How much did the booking cost? Answer as a number.", []),
        ("Move 40 lanterns to Rotterdam.", ["move"]),  # the summary's verb: transfer_stock
        ("Please cancel my next order.", ["cancel"]),
        ("Find the cheapest flight and then book it.", ["book"]),
        ("Then cancel it.", ["cancel"]),
        ("Return only the number of loans.", []),  # the answer's part, not a change
        ("Order 5512: when will it arrive?", []),  # a word before a number names a record
        ("Hi, order #5512 never arrived. What is its status?", []),
        ("Order 12 lanterns for Rotterdam.", ["order"]),  # a quantity, not a record
        ("What is the status of my refund and transfer?", []),
    ],
)
def test_a_change_is_a_clause_opening_verb_that_names_a_declared_write(
    task: str, verbs: list[str]
) -> None:
    docs = {
        name: ApiDoc(f"{name}()", side_effects=writes, summary=summary)
        for name, writes, summary in [
            ("book_flight", True, "Book one seat on a flight."),
            ("renew_loan", True, ""),
            ("order_units", True, ""),
            ("cancel_order", True, ""),
            ("transfer_stock", True, "Move units of a product from one warehouse to another."),
            ("return_item", True, "Return a borrowed item."),
            ("answer_sheet", False, "Answer a quiz."),  # "Answer with" opens a clause: no write
            ("get_booking", False, ""),
        ]
    }
    assert list(requested_changes(task, docs)) == verbs
