"""Made-up ids sent back before they run: a parameter's `e.g.` value, an invented id, through
whole runs against the scripted server; and which literals count as ids."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import agent_test_apis as apis
import pytest
from test_loop import PLAIN, fenced, make_agent

from react_repl.agent import AgentOptions, RunResult
from react_repl.llm import ScriptedServer
from react_repl.techniques._grounded_ids import looks_like_id, was_seen

GROUNDED = replace(PLAIN, few_shot=False).with_values({"techniques": ["+grounded_ids"]})
TASK = "What is the balance of Maya Lindqvist's account? Answer with the number."
CUSTOMER_APIS = {"get_customer": apis.get_customer, "find_customer": apis.find_customer}


def search_customers(description: str, k: int = 5) -> str:
    """The hits a real method_search shows: signature, summary and the parameter's example."""
    return (
        "`get_customer(customer_id: str) -> dict`: Get a customer's record.\n"
        '    customer_id: The customer\'s id, e.g. "C-1001" (see find_customer).\n'
        "`find_customer(name: str) -> list[dict]`: Find customers whose name contains the text."
    )


def run(server: ScriptedServer, tmp_path: Path, task: str = TASK,
        options: AgentOptions = GROUNDED) -> RunResult:  # fmt: skip
    agent = make_agent(
        server, tmp_path, options, apis=CUSTOMER_APIS, method_search=search_customers
    )
    return agent.run(task)


def test_a_documentation_example_is_sent_back_with_where_to_find_the_real_value(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Find it.", 'method_search("customer balance")'))
    server.enqueue(fenced("Use it.", 'print(get_customer("C-1001"))'))
    server.enqueue(fenced("Find her id.", 'print(find_customer("Lindqvist"))'))
    server.enqueue(fenced("Now her record.", 'print(get_customer("C-2002")["balance"])'))
    server.enqueue(fenced("Done.", "stop(38.5)"))
    result = run(server, tmp_path)

    rejected = result.steps[1].observation
    assert rejected.startswith("[The action was not run")
    assert "Ada Example" not in rejected  # the call with the example id never ran
    assert '"C-1001" appears nowhere in the task' in rejected
    assert "the example in the documentation of get_customer (customer_id)" in rejected
    assert "customer_id: The customer's id (see find_customer)" in rejected
    assert "Functions that may find it:\n`find_customer(name: str)" in rejected
    assert rejected.count("\n`") == 1  # only the best finder: a second one led the model astray
    assert "`get_customer(" not in rejected.split("may find it:")[1]  # it wants the id itself
    assert result.steps[3].observation.strip() == "38.5"
    assert result.answer == 38.5
    assert "appears nowhere in the task" in result.log_path.read_text()


def test_an_invented_id_is_sent_back_too(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Guess.", 'record = get_customer(customer_id="C-7777")'))
    server.enqueue(fenced("Done.", "stop(0)"))
    result = run(server, tmp_path)
    rejected = result.steps[0].observation
    assert '"C-7777" appears nowhere' in rejected and "documentation" not in rejected
    assert "customer_id: The customer's id" in rejected  # what the parameter wants
    assert 'e.g. "C-1001"' not in rejected  # the example is not offered again
    assert "LookupError" not in rejected


def test_ids_from_the_task_or_an_observation_run(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Look.", 'print(find_customer("Maya"))'))
    server.enqueue(fenced("Read.", 'print(get_customer("C-2002")["balance"])'))
    server.enqueue(fenced("Given.", 'print(get_customer("C-1001")["name"])'))
    server.enqueue(fenced("Done.", "stop(38.5)"))
    result = run(server, tmp_path, TASK + " (Also look at customer C-1001.)")
    assert [step.observation.strip().splitlines()[0] for step in result.steps[1:3]] == [
        "38.5",
        "Ada Example",
    ]


def test_a_guess_passed_as_search_text_runs(server: ScriptedServer, tmp_path: Path) -> None:
    """Looking a guessed id up is how the model finds the real one (the lantern's SKU in the
    multistep suite was rejected inside search_products and the model turned to other domains)."""
    server.enqueue(fenced("Look it up.", 'print(find_customer("C-1001"))'))
    server.enqueue(fenced("Done.", "stop(0)"))
    result = run(server, tmp_path)
    assert result.steps[0].observation.strip() == "[]"


def test_a_value_insisted_on_runs_after_two_rejections(
    server: ScriptedServer, tmp_path: Path
) -> None:
    for _ in range(3):
        server.enqueue(fenced("Use it.", 'print(get_customer("C-1001")["name"])'))
    server.enqueue(fenced("Done.", 'stop("Ada")'))
    result = run(server, tmp_path)
    observations = [step.observation for step in result.steps]
    assert all(o.startswith("[The action was not run") for o in observations[:2])
    assert observations[2].startswith("Ada Example")


def test_switched_off_the_example_runs(server: ScriptedServer, tmp_path: Path) -> None:
    server.enqueue(fenced("Use it.", 'print(get_customer("C-1001")["name"])'))
    server.enqueue(fenced("Done.", 'stop("Ada")'))
    result = run(server, tmp_path, options=GROUNDED.with_values({"techniques": ["-grounded_ids"]}))
    assert result.steps[0].observation.startswith("Ada Example")


@pytest.mark.parametrize(
    ("value", "is_id"),
    [
        ("E-112", True),
        ("ACC-01", True),
        ("D-NWG", True),
        ("NL91ABNA0417164300", True),
        ("9780316239784x", True),
        ("john.doe@example.com", True),
        ("2025-05-01", False),
        ("2025-05-01T10:00", False),
        ("14:00", False),
        ("450000", False),
        ("LIS", False),  # a well-known code, not a record's id
        ("Rotterdam", False),
        ("Rent July 2025", False),
        ("%Y-%m-%d", False),
        ("report.csv", False),
        ("out/report-2025.txt", False),
        ("https://example.com/v1", False),
        ("photo_2025.jpeg", False),
    ],
)
def test_looks_like_id(value: str, is_id: bool) -> None:
    assert looks_like_id(value) is is_id


@pytest.mark.parametrize(
    ("value", "text", "seen"),
    [
        ("KX-482-B", "the van with plate kx482b", True),
        ("1017CT", "nearest to postcode 1017 CT", True),
        ("E-112", "the 112 days left", False),
        ("S-01", "student S-010", False),
    ],
)
def test_was_seen(value: str, text: str, seen: bool) -> None:
    assert was_seen(value, text) is seen


def test_an_example_assigned_first_is_caught_where_it_is_written(
    server: ScriptedServer, tmp_path: Path
) -> None:
    server.enqueue(fenced("Use it.", 'cid = "C-1001"\nrecord = get_customer(cid)'))
    server.enqueue(fenced("Done.", "stop(0)"))
    rejected = run(server, tmp_path).steps[0].observation
    assert "the example in the documentation of get_customer (customer_id)" in rejected
    assert "`find_customer(name: str)" in rejected
