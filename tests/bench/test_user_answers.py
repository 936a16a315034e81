"""ask_user in a benchmark: a task scripts the person's answers, and the agent finds ask_user.

Driven through `react-repl bench` with the scripted server and the real client, like a user's
benchmark. Without scripted answers the stand-in tells the model no one can answer.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bench_helpers import action, bench_command, make_shop_suite, scripted_config

TASKS = """
[[task]]
id = "asks"
task = "Ask which order to total, then answer with its total (asks)"
answer = 19.99
user_answers = ["order 7"]

[[task]]
id = "nobody"
task = "Ask which order to total, then answer with its total (nobody)"
answer = 19.99
"""

ASKING = [
    action('print(method_search("ask the user a question"))'),
    action('reply = ask_user("Which order?")\nprint(reply)'),
    action("stop(get_order_total(int(reply.split()[-1])))"),
]
SCRIPTS = {"(asks)": ASKING, "(nobody)": ASKING}


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    from react_repl.llm import ScriptedServer

    folder = tmp_path_factory.mktemp("user-answers")
    suite = make_shop_suite(folder / "shop", TASKS)
    scripted_config(folder)
    with ScriptedServer(routes=SCRIPTS) as server:
        bench_command(
            str(suite), "--model", f"scripted@{server.base_url}", "--out", "out",
            "--logs-dir", "logs", "--index", str(folder / "no-index"), cwd=folder,
        )  # fmt: skip
    lines = (folder / "out" / "results.jsonl").read_text().splitlines()
    return {record["task"]: record for record in map(json.loads, lines)}


def test_the_scripted_person_answers_and_the_task_passes(records: dict[str, dict]) -> None:
    record = records["asks"]
    assert (record["status"], record["outcome"]) == ("finished", "pass"), record
    log = Path(record["log_path"]).read_text()
    assert "`ask_user(question: str) -> str`" in log  # found with method_search
    assert "order 7" in log


def test_without_answers_the_agent_hears_no_one_can_answer(records: dict[str, dict]) -> None:
    record = records["nobody"]
    assert record["outcome"] != "pass"
    assert "No one can answer questions in this run" in Path(record["log_path"]).read_text()
