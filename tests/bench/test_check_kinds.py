"""Every check kind, with a passing and a failing run each, through `react-repl bench`.

One benchmark over a small shop suite (its own API module, a SQLite fixture, a state check):
each pair of tasks asks the same thing, and the scripted model answers one right and one wrong.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bench_helpers import action, bench_command, make_shop_suite, scripted_config

TASKS = """
[[task]]
id = "number-right"
task = "Total of order 7? (number-right)"
answer = 19.99
[[task]]
id = "number-wrong"
task = "Total of order 7? (number-wrong)"
answer = 19.99

[[task]]
id = "text-right"
task = "Who is customer 1? (text-right)"
answer = "Ada Lovelace"
[[task]]
id = "text-wrong"
task = "Who is customer 1? (text-wrong)"
answer = "Ada Lovelace"

[[task]]
id = "list-right"
task = "Which fruit? (list-right)"
answer = ["apple", "pear"]
unordered = true
[[task]]
id = "list-wrong"
task = "Which fruit? (list-wrong)"
answer = ["apple", "pear"]
unordered = true

[[task]]
id = "dict-right"
task = "Order 7 as a record (dict-right)"
answer = { id = 7, total = 19.99 }
[[task]]
id = "dict-wrong"
task = "Order 7 as a record (dict-wrong)"
answer = { id = 7, total = 19.99 }

[[task]]
id = "date-right"
task = "Today's date? (date-right)"
answer = "{today}"
[[task]]
id = "date-wrong"
task = "Today's date? (date-wrong)"
answer = "{today}"

[[task]]
id = "regex-right"
task = "Confirm the refund (regex-right)"
answer_regex = "^order \\\\d+ refunded$"
[[task]]
id = "regex-wrong"
task = "Confirm the refund (regex-wrong)"
answer_regex = "^order \\\\d+ refunded$"

[[task]]
id = "state-right"
task = "Refund order 7 (state-right)"
state = [{ check = "refund_recorded", order_id = 7, amount = 19.99 }]
may_change = ["db:shop.db:refunds"]
[[task]]
id = "state-wrong"
task = "Refund order 7 (state-wrong)"
state = [{ check = "refund_recorded", order_id = 7, amount = 19.99 }]
may_change = ["db:shop.db:refunds"]

[[task]]
id = "collateral-right"
task = "Refund order 7 and touch nothing else (collateral-right)"
state = [{ check = "refund_recorded", order_id = 7, amount = 19.99 }]
may_change = ["db:shop.db:refunds"]
[[task]]
id = "collateral-wrong"
task = "Refund order 7 and touch nothing else (collateral-wrong)"
state = [{ check = "refund_recorded", order_id = 7, amount = 19.99 }]
may_change = ["db:shop.db:refunds"]

[[task]]
id = "malformed"
task = "Total of order 7? (malformed)"
answer = 19.99

[[task]]
id = "unfinished"
task = "Keep looking (unfinished)"
max_steps = 2
answer = 1
"""

SCRIPTS = {
    "(number-right)": [action("total = get_order_total(7)\nprint(total)"), action("stop(total)")],
    # prints the right number, then answers another: only the answer counts
    "(number-wrong)": [
        action("total = get_order_total(7)\nprint(total)"),
        action("stop(total + 1)"),
    ],
    "(text-right)": [action("stop('  ada   LOVELACE ')")],
    "(text-wrong)": [action("stop('Ada')")],
    "(list-right)": [action("stop(['pear', 'apple'])")],
    "(list-wrong)": [action("stop(['apple'])")],
    "(dict-right)": [action("stop({'total': get_order_total(7), 'id': 7})")],
    "(dict-wrong)": [action("stop({'id': 7, 'total': 20})")],
    "(date-right)": [action("stop(datetime.now().date().isoformat())")],
    "(date-wrong)": [action("stop('1999-12-31')")],
    "(regex-right)": [action("stop('Order 7 refunded')")],
    "(regex-wrong)": [action("stop('refunded, I think')")],
    "(state-right)": [action("print(refund_order(7))"), action("stop('done')")],
    "(state-wrong)": [action("stop('done')")],  # claims success without refunding
    "(collateral-right)": [action("print(refund_order(7))"), action("stop('done')")],
    "(collateral-wrong)": [
        action("print(refund_order(7))"),
        action("print(delete_customer(1))"),
        action("stop('done')"),
    ],
    "(malformed)": ["The total is probably 19.99.", action("stop(get_order_total(7))")],
    "(unfinished)": [action("print('still looking')"), action("print('and looking')")],
}


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    from react_repl.llm import ScriptedServer

    folder = tmp_path_factory.mktemp("check-kinds")
    suite = make_shop_suite(folder / "shop", TASKS)
    scripted_config(folder)
    with ScriptedServer(routes=SCRIPTS) as server:
        result = bench_command(
            str(suite), "--model", f"scripted@{server.base_url}", "--workers", "2",
            "--out", "out", "--logs-dir", "logs", "--index", str(folder / "no-index"),
            cwd=folder,
        )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr  # some attempts fail: exit 1
    lines = (folder / "out" / "results.jsonl").read_text().splitlines()
    return {record["task"]: record for record in map(json.loads, lines)}


def failing(record: dict) -> list[tuple[str, str]]:
    return [(check["kind"], check["detail"]) for check in record["checks"] if not check["passed"]]


@pytest.mark.parametrize(
    "kind", ["number", "text", "list", "dict", "date", "regex", "state", "collateral"]
)
def test_the_right_run_passes_every_check(outcomes: dict[str, dict], kind: str) -> None:
    record = outcomes[f"{kind}-right"]
    assert (record["status"], record["outcome"], failing(record)) == ("finished", "pass", [])


@pytest.mark.parametrize(
    ("kind", "check", "detail"),
    [
        ("number", "answer", "expected 19.99, got"),
        ("text", "answer", "expected 'Ada Lovelace', got 'Ada'"),
        ("list", "answer", "1 items instead of 2"),
        ("dict", "answer", "value of 'total' differs"),
        ("date", "answer", "got '1999-12-31'"),
        ("regex", "regex", "does not match /^order \\d+ refunded$/"),
        ("state", "state", "refunds: []"),
        ("collateral", "collateral", "changed without being asked: db:shop.db:customers"),
    ],
)
def test_the_wrong_run_fails_exactly_that_check(
    outcomes: dict[str, dict], kind: str, check: str, detail: str
) -> None:
    record = outcomes[f"{kind}-wrong"]
    assert (record["status"], record["outcome"]) == ("finished", "mistake")
    [(failed_kind, failed_detail)] = failing(record)
    assert failed_kind == check
    assert detail in failed_detail


def test_a_run_that_does_not_finish_is_a_failure_whatever_it_printed(
    outcomes: dict[str, dict],
) -> None:
    record = outcomes["unfinished"]
    assert (record["status"], record["outcome"], record["steps"]) == ("max_steps", "fail", 2)


def test_the_printed_number_did_not_rescue_the_wrong_answer(outcomes: dict[str, dict]) -> None:
    log = Path(outcomes["number-wrong"]["log_path"]).read_text()
    assert "19.99" in log  # the observation showed the right total …
    assert outcomes["number-wrong"]["outcome"] == "mistake"  # … but the answer was not it


def test_replies_without_an_action_are_counted(outcomes: dict[str, dict]) -> None:
    record = outcomes["malformed"]
    assert record["outcome"] == "pass"
    assert (record["replies"], record["malformed_replies"]) == (2, 1)
    assert outcomes["number-right"]["malformed_replies"] == 0


def test_the_report_shows_the_malformed_replies(outcomes: dict[str, dict]) -> None:
    report = Path(outcomes["malformed"]["log_path"]).parents[5] / "out" / "report.md"
    summary = report.read_text().split("## Summary")[1]
    assert "malformed replies" in summary
    replies = sum(record["replies"] for record in outcomes.values())
    assert f"| 1/{replies} |" in summary
