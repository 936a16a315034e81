"""The answer-form check: a task that asks for a number or a list gets one, through the loop."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from test_loop import PLAIN, fenced, make_agent

from react_repl.llm import ScriptedServer
from react_repl.techniques._answer_form import form_problem

NUMBER_TASK = "How much did Raj spend? Answer in euros, as a number."
POSITIVE_TASK = "How much did I spend on groceries? Answer with a positive number of euros."


@pytest.mark.parametrize(
    ("task", "value", "accepted"),
    [
        (NUMBER_TASK, 276.35, True),
        (NUMBER_TASK, "276.35", True),
        (NUMBER_TASK, 3, True),
        (NUMBER_TASK, "The total is 276.35 euros.", False),
        (NUMBER_TASK, True, False),
        ("What is their place in the queue? Answer with the number.", "third", False),
        ("Tell me the new due dates as a list of YYYY-MM-DD strings.", ["2025-05-24"], True),
        ("Tell me the new due dates as a list of YYYY-MM-DD strings.", "2025-05-24", False),
        ("Send Bo a note and say what you sent.", "I sent 'hi'.", True),  # no form asked
        ("Book a slot. Answer with its time.", "No open slots available", False),
        ("Which flight? Answer with its number.", "No flights found for that day.", False),
        ("Place a hold on the book.", "The book 'The Salt Road' does not exist.", False),
        ("Approve LR-0042 and name the manager.", "No employee with ID 'LR-0042'", False),
        ("Who approved it?", "I could not find the request.", False),
        ("Record the score.", "The course does not have an assessment named 'Final'.", False),
        ("Is the room free at noon?", "No", True),  # a short no is an answer
        ("Is the pool open?", "Not available", True),
        ("Which shop took the parcel?", "Tabakshop Leidsestraat", True),
        (POSITIVE_TASK, -259.83, False),
        (POSITIVE_TASK, "-259.83", False),
        (POSITIVE_TASK, 259.83, True),
        (POSITIVE_TASK, 0, True),
        (NUMBER_TASK, -12.5, True),  # a refund or a balance may be negative when not asked
        ("What is her grade in CHEM-210? Round it to one decimal.", 84.3, True),
        ("What is her grade in CHEM-210? Round it to one decimal.", "Mei Lin has 93.", False),
        ("Tell me my speed in km/h rounded to one decimal.", "Speed: 26.8 km/h", False),
        ("How many tickets were sold in March?", 412, True),
        ("How many tickets were sold in March?", "412 tickets", False),
        ("Who sold the most tickets?", "Ana sold 412 tickets", True),  # no form asked
        ("How much protein is in the pie?", "The pie is not in the nutrition database.", False),
        ("Which van is free?", "There are no free vans that day.", False),
        ("Where is the room?", "Room 3 on the second floor", True),
        ("Fuel use per 100 km? Round to one decimal.", 8.748, False),
        ("Fuel use per 100 km? Round to one decimal.", 8.7, True),
        ("Fuel use per 100 km? Round to one decimal.", 9, True),
        ("The monthly payment, rounded to 2 decimals.", "1676.784", False),
        ("The monthly payment, rounded to 2 decimals.", 1676.78, True),
    ],
)
def test_form_problem(task: str, value: object, accepted: bool) -> None:
    assert (form_problem(task, value) == "") is accepted


def test_a_sentence_for_a_number_is_sent_back_and_the_number_accepted(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("done", 'stop("Raj spent 276.35 euros.")'))
    server.enqueue(fenced("the number only", "stop(276.35)"))
    options = replace(PLAIN, few_shot=False).with_values({"techniques": ["+answer_form"]})
    result = make_agent(server, tmp_path, options).run(NUMBER_TASK)
    assert result.answer == 276.35
    assert "the task asks for a number" in result.steps[0].observation
    assert "keep working on the task. Fix this, then call stop() again" in (
        result.steps[0].observation
    )


def test_without_the_switch_the_sentence_is_the_answer(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("done", 'stop("Raj spent 276.35 euros.")'))
    result = make_agent(server, tmp_path, replace(PLAIN, few_shot=False)).run(NUMBER_TASK)
    assert result.answer == "Raj spent 276.35 euros."


def test_a_give_up_answer_is_sent_back_with_what_to_check(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("nothing", 'stop("No events found at De Roma.")'))
    server.enqueue(fenced("searched properly", "stop(1840)"))
    options = replace(PLAIN, few_shot=False).with_values({"techniques": ["+answer_form"]})
    result = make_agent(server, tmp_path, options).run("How many tickets were sold at De Roma?")
    assert result.answer == 1840 and len(result.steps) == 2
    assert "not found or could not be done" in result.steps[0].observation


def test_a_negative_amount_for_a_positive_number_is_sent_back(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("summed the debits", "total = -64.37 - 195.46\nstop(total)"))
    server.enqueue(fenced("its size", "stop(abs(total))"))
    options = replace(PLAIN, few_shot=False).with_values({"techniques": ["+answer_form"]})
    result = make_agent(server, tmp_path, options).run(POSITIVE_TASK)
    assert result.answer == pytest.approx(259.83) and len(result.steps) == 2
    assert "asks for a positive number" in result.steps[0].observation


def test_an_unrounded_number_is_sent_back_and_the_rounded_one_accepted(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("litres per 100 km", "use = 61.24 / 700 * 100\nstop(use)"))
    server.enqueue(fenced("rounded", "stop(round(use, 1))"))
    options = replace(PLAIN, few_shot=False).with_values({"techniques": ["+answer_form"]})
    task = "What was the van's fuel use in litres per 100 km? Round to one decimal."
    result = make_agent(server, tmp_path, options).run(task)
    assert result.answer == 8.7 and len(result.steps) == 2
    assert "round(value, 1)" in result.steps[0].observation
