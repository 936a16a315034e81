"""Harness failures apart from the model's: a model server that dies mid-attempt makes that
attempt an error, which is retried and never enters a success rate; per-attempt limits end an
attempt and are recorded; the Pareto frontier is named in the report."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

from bench_helpers import action, bench_command, make_shop_suite, scripted_config

from react_repl.bench import AttemptRecord, summarise, write_report
from react_repl.llm import ScriptedReply, ScriptedServer

THREE_TASKS = "\n".join(
    f'[[task]]\nid = "t{n}"\ntask = "Total of order 7, please (t{n})."\nanswer = 19.99\n'
    for n in range(1, 4)
)
SOLVED = [action("total = get_order_total(7)\nprint(total)"), action("stop(total)")]


def run_shop(folder: Path, server: ScriptedServer, *flags: str) -> tuple[Any, list[dict]]:
    scripted_config(folder)
    with (folder / "react-repl.toml").open("a") as config:
        config.write("[model]\nmax_retries = 0\n")  # one reset is the server gone: no retry
    suite = make_shop_suite(folder / "shop", THREE_TASKS)
    result = bench_command(
        str(suite), "--model", f"scripted@{server.base_url}", "--out", "out",
        "--logs-dir", "logs", *flags, cwd=folder,
    )  # fmt: skip
    assert "Traceback" not in result.stderr, result.stderr
    lines = (folder / "out" / "results.jsonl").read_text().splitlines()
    return result, [json.loads(line) for line in lines]


def test_a_server_dying_mid_attempt_is_an_error_retried_and_not_counted(tmp_path: Path) -> None:
    routes = {"(t1)": SOLVED, "(t2)": SOLVED, "(t3)": [SOLVED[0], ScriptedReply(fault="reset")]}
    with ScriptedServer(routes=routes) as server:
        result, records = run_shop(tmp_path, server, "--error-retries", "1")
    t3 = [r for r in records if r["task"] == "t3"]
    assert [(r["outcome"], r["tries"]) for r in t3] == [("error", 1), ("error", 2)]
    assert t3[-1]["status"] == "error" and "127.0.0.1" in t3[-1]["error"]
    assert result.returncode == 3  # the harness failed: not a clean benchmark
    report = (tmp_path / "out" / "report.md").read_text()
    assert "| scripted | 2/2 (100%) |" in report  # x/2, not x/3
    assert "Success counts the 2 attempts that ran; 1 ended in a harness error" in report
    assert "harness error after 2 tries, not counted" in report


def test_an_error_that_does_not_recur_is_run_again_and_counted(tmp_path: Path) -> None:
    lock, resets = threading.Lock(), []

    def t3_dies_once(body: dict[str, Any]) -> ScriptedReply | str:
        turn = sum(1 for m in body["messages"] if m.get("role") == "assistant")
        with lock:
            if turn == 1 and not resets:
                resets.append(turn)
                return ScriptedReply(fault="reset")
        return SOLVED[turn]

    with ScriptedServer(routes={"(t1)": SOLVED, "(t2)": SOLVED}, responder=t3_dies_once) as server:
        result, records = run_shop(tmp_path, server)
    t3 = [r for r in records if r["task"] == "t3"]
    assert [(r["outcome"], r["tries"]) for r in t3] == [("error", 1), ("pass", 2)]
    assert result.returncode == 0
    report = (tmp_path / "out" / "report.md").read_text()
    assert "| scripted | 3/3 (100%) |" in report
    assert "0 (1 retried)" in report


def test_time_and_token_limits_end_an_attempt_and_are_recorded(tmp_path: Path) -> None:
    heavy = [ScriptedReply(text, prompt_tokens=5000) for text in SOLVED]
    slow = [ScriptedReply(SOLVED[0], delay=20), SOLVED[1]]
    routes = {"(t1)": SOLVED, "(t2)": heavy, "(t3)": slow}
    with ScriptedServer(routes=routes) as server:
        _, records = run_shop(tmp_path, server, "--time-limit", "3", "--token-limit", "8000")
    by_task = {r["task"]: r for r in records}
    assert (by_task["t1"]["outcome"], by_task["t1"]["limit"]) == ("pass", None)
    assert (by_task["t2"]["outcome"], by_task["t2"]["limit"]) == ("fail", "tokens")
    assert by_task["t2"]["steps"] == 1  # cancelled before its second step
    assert (by_task["t3"]["outcome"], by_task["t3"]["limit"]) == ("fail", "time")
    assert by_task["t3"]["wall_seconds"] < 15
    plan = json.loads((tmp_path / "out" / "run.json").read_text())
    assert plan["limits"] == {"seconds": 3.0, "tokens": 8000}


def record(model: str, task: str, passed: bool, tokens: int, agent: str = "code") -> AttemptRecord:
    return AttemptRecord(
        key=f"{model}|{agent}|{task}", run_id="r", suite="s", model=model, arm="default",
        distractors=0, task=task, trial=1, seed=1, world_seed=1, status="finished",
        outcome="pass" if passed else "mistake", prompt_tokens=tokens, agent=agent,
    )  # fmt: skip


def test_the_pareto_frontier_is_named_and_plotted(tmp_path: Path) -> None:
    records = [
        *(record("small", t, t == "a", 100) for t in "abcd"),  # 25% at 100 tokens
        *(record("large", t, t != "d", 1000) for t in "abcd"),  # 75% at 1,000
        *(record("large", t, t == "a", 2000, "tool-calls") for t in "abcd"),  # beaten by both
    ]
    summary = summarise(records)
    assert [c.label for c in summary.frontier] == ["small / code", "large / code"]
    write_report(records, tmp_path, title="t")
    report = (tmp_path / "report.md").read_text()
    assert (
        "Pareto frontier (tokens per attempt against success): small / code (25% at 100 "
        "tokens), large / code (75% at 1,000 tokens)." in report
    )
    assert (tmp_path / "plots" / "pareto.png").stat().st_size > 1000
    assert "- **b** · large / tool-calls · trial 1" in report  # its own column, not the first
    priced = summarise(records, {"small": (1.0, 0.0), "large": (0.01, 0.0)})
    assert [c.label for c in priced.frontier] == ["large / code"]  # cheaper and better
