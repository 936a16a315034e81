"""Agent styles as a bench dimension: the tool-calls style speaks OpenAI tool calls to a real
server and runs the calls in the same sandbox; both styles land side by side in one report with
the paired test; smolagents' CodeAgent runs the seed suite in the same harness."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from bench_helpers import SUITES, action, bench_command, make_shop_suite, scripted_config
from seed_solutions import SOLUTIONS

from react_repl.llm import ScriptedReply, ScriptedServer

REFUND_TASK = '[[task]]\nid = "refund"\ntask = "Refund order 7 and tell me its total."\n' + (
    'answer = 19.99\nstate = [{ check = "refund_recorded", order_id = 7, amount = 19.99 }]\n'
    'may_change = ["db:shop.db:refunds"]\n'
)


def tool_reply(*calls: tuple[str, dict[str, Any]], content: str = "") -> ScriptedReply:
    """A whole chat completion whose message calls tools, as a tool-calling server sends it."""
    tool_calls = [
        {"id": f"srv_{n}", "type": "function",
         "function": {"name": name, "arguments": json.dumps(arguments)}}
        for n, (name, arguments) in enumerate(calls)
    ]  # fmt: skip
    message = {"role": "assistant", "content": content or None, "tool_calls": tool_calls}
    body = {
        "id": "x", "object": "chat.completion", "created": 0, "model": "scripted",
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}],
        "usage": {"prompt_tokens": 50, "completion_tokens": 10, "total_tokens": 60},
    }  # fmt: skip
    return ScriptedReply(body=json.dumps(body))


TOOL_SCRIPT = [
    tool_reply(("method_search", {"description": "refund an order"})),
    tool_reply(("refund_order", {"order_id": 7}), ("no_such_tool", {}), content="Refund it."),
    tool_reply(("final_answer", {"answer": 19.99})),
]
CODE_SCRIPT = [
    action("print(get_order_total(7))"),  # the code style forgets the refund: its check fails
    action("stop(19.99)"),
]


def by_style(body: dict[str, Any]) -> ScriptedReply | str:
    """Tool requests get the tool script, the others the code script, by turn."""
    turn = sum(1 for m in body["messages"] if m.get("role") == "assistant")
    return TOOL_SCRIPT[turn] if "tools" in body else CODE_SCRIPT[turn]


@pytest.fixture(scope="module")
def styles_run(tmp_path_factory: pytest.TempPathFactory, shop_index: Path):
    folder = tmp_path_factory.mktemp("styles")
    scripted_config(folder)
    suite = make_shop_suite(folder / "shop", REFUND_TASK)
    with ScriptedServer(responder=by_style) as server:
        result = bench_command(
            str(suite), "--model", f"scripted@{server.base_url}", "--agent", "code",
            "--agent", "tool-calls", "--out", "out", "--logs-dir", "logs",
            "--index", str(shop_index), cwd=folder,
        )  # fmt: skip
        requests = server.requests
    records = [json.loads(line) for line in (folder / "out/results.jsonl").read_text().splitlines()]
    return result, {r["agent"]: r for r in records}, requests, folder / "out"


def test_tool_calls_run_in_the_sandbox_and_pass_the_checks(styles_run) -> None:
    result, records, _, _ = styles_run
    assert "Traceback" not in result.stderr, result.stderr
    tools = records["tool-calls"]
    assert tools["outcome"] == "pass", tools
    assert tools["answer"] == 19.99
    assert tools["steps"] == 3
    assert tools["prompt_tokens"] == 150
    assert [c["passed"] for c in tools["checks"]] == [True, True, True]
    assert records["code"]["outcome"] == "mistake"  # no refund: the state check failed


def test_method_search_finds_the_tools_the_server_is_offered(styles_run) -> None:
    _, _, requests, _ = styles_run
    tool_requests = [r for r in requests if "tools" in r]
    assert len(tool_requests) == 3
    first = [tool["function"]["name"] for tool in tool_requests[0]["tools"]]
    assert first == ["method_search", "final_answer"]
    found = {tool["function"]["name"]: tool["function"] for tool in tool_requests[1]["tools"]}
    assert {"refund_order", "get_order_total"} <= set(found)
    assert found["refund_order"]["parameters"]["properties"]["order_id"]["type"] == "integer"
    listing = tool_requests[1]["messages"][-1]
    assert listing["role"] == "tool" and "`refund_order(" in listing["content"]


def test_the_server_gets_one_result_per_call(styles_run) -> None:
    _, _, requests, _ = styles_run
    third = [r for r in requests if "tools" in r][2]["messages"]
    assert "calling the tools" in third[0]["content"]
    assert third[1] == {"role": "user", "content": "Refund order 7 and tell me its total."}
    calls = third[4]["tool_calls"]
    assert [c["function"]["name"] for c in calls] == ["refund_order", "no_such_tool"]
    results = {m["tool_call_id"]: m["content"] for m in third[5:]}
    assert results == {
        calls[0]["id"]: "{'order_id': 7, 'amount': 19.99}",
        calls[1]["id"]: "error: there is no tool named 'no_such_tool'",
    }
    assert sum("tools" in r for r in requests) == 3  # the code style's requests have none


def test_the_report_sets_styles_side_by_side_with_the_paired_test(styles_run) -> None:
    _, _, _, out = styles_run
    report = (out / "report.md").read_text()
    assert "| task | scripted / code | scripted / tool-calls |" in report
    assert re.search(r"\| scripted / code \| scripted / tool-calls \| 0% \| 100% \| 1 \|", report)
    assert "Pareto frontier (tokens per attempt against success): scripted / tool-calls" in report
    assert (out / "plots" / "pareto.png").stat().st_size > 1000


def smolagents_script(steps: list[str]) -> list[str]:
    """The seed's reference steps as smolagents code: final_answer ends a run, modules are
    imported (its interpreter has no preloaded datetime)."""
    code = [s.replace("stop(", "final_answer(") for s in steps]
    return [s.replace("```python\n", "```python\nfrom datetime import datetime\n", 1) for s in code]


def test_smolagents_code_agent_runs_the_seed_suite_end_to_end(
    tmp_path: Path, builtin_index: Path
) -> None:
    scripted_config(tmp_path)
    routes = {key: smolagents_script(steps) for key, steps in SOLUTIONS.items()}
    with ScriptedServer(routes=routes) as server:
        result = bench_command(
            str(SUITES / "seed_a_f"), "--model", f"scripted@{server.base_url}",
            "--agent", "smolagents", "--out", "out", "--logs-dir", "logs",
            "--index", str(builtin_index), cwd=tmp_path,
        )  # fmt: skip
        prompts = [r["messages"][0] for r in server.requests]
    assert "Traceback" not in result.stderr, result.stderr
    lines = (tmp_path / "out" / "results.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines]
    assert {r["task"]: r["outcome"] for r in records} == dict.fromkeys("ABCDEF", "pass")
    assert {r["agent"] for r in records} == {"smolagents"}
    assert all(r["steps"] >= 2 for r in records)
    assert "final_answer" in str(prompts[0]["content"])  # smolagents' own prompt, not ours
    assert result.returncode == 0
