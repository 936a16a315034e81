"""Repeats give pass@k and pass^k; arms are columns of one run; reports re-render and compare."""

from __future__ import annotations

import json
import re
from itertools import combinations
from pathlib import Path
from statistics import mean
from typing import Any

import pytest
from bench_helpers import action, bench_command, make_shop_suite, scripted_config, table_rows

from react_repl.bench._plan import derived_seed
from react_repl.llm import ScriptedReply, ScriptedServer

TASKS = "\n".join(
    f'[[task]]\nid = "t{n}"\ntask = "Total of order 7, please (t{n})."\nanswer = 19.99\n'
    for n in (1, 2, 3)
)


def sampled_model(body: dict[str, Any]) -> ScriptedReply:
    """t1 answers right when the request's sampling seed is even; t2 always, t3 never."""
    messages = body["messages"]
    task = next(m["content"] for m in messages if m["role"] == "user")
    if not any(m["role"] == "assistant" for m in messages):
        return ScriptedReply(action("total = get_order_total(7)\nprint(total)"))
    right = "(t2)" in task or ("(t1)" in task and body["seed"] % 2 == 0)
    return ScriptedReply(action("stop(total)" if right else "stop(0)"))


def expected_passes(task: str, trials: int) -> list[bool]:
    seeds = [derived_seed(0, "sample", task, trial) for trial in range(1, trials + 1)]
    return {"t1": [s % 2 == 0 for s in seeds], "t2": [True] * trials, "t3": [False] * trials}[task]


def enumerate_k(passes: list[bool], k: int) -> tuple[float, float]:
    subsets = list(combinations(passes, k))
    return sum(map(any, subsets)) / len(subsets), sum(map(all, subsets)) / len(subsets)


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory, shop_index: Path) -> Path:
    folder = tmp_path_factory.mktemp("repeats")
    suite = make_shop_suite(folder / "shop", TASKS)
    scripted_config(folder)
    (folder / "prices.toml").write_text("scripted = { prompt = 1.0, completion = 2.0 }\n")
    with ScriptedServer(responder=sampled_model) as server:
        result = bench_command(
            str(suite), "--model", f"scripted@{server.base_url}", "--repeats", "3",
            "--arm", "base:", "--arm", "hasty:max_steps=1", "--workers", "2",
            "--index", str(shop_index), "--logs-dir", "logs", "--out", "out",
            "--prices", "prices.toml", cwd=folder,
        )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr
    return folder


def records(folder: Path) -> list[dict]:
    return [
        json.loads(line) for line in (folder / "out" / "results.jsonl").read_text().splitlines()
    ]


def test_every_trial_is_an_attempt_with_its_own_sampling_seed_and_the_task_s_world(
    run: Path,
) -> None:
    base = [r for r in records(run) if r["arm"] == "base"]
    assert len(base) == 9 and len(records(run)) == 18
    for task in ("t1", "t2", "t3"):
        mine = sorted((r for r in base if r["task"] == task), key=lambda r: r["trial"])
        assert [r["passed"] for r in mine] == expected_passes(task, 3)
        assert len({r["seed"] for r in mine}) == 3 and len({r["world_seed"] for r in mine}) == 1
        assert all(r["temperature"] == 0.0 for r in mine)


def test_pass_at_k_and_pass_hat_k_in_the_report(run: Path) -> None:
    per_task = [expected_passes(task, 3) for task in ("t1", "t2", "t3")]
    at_3 = mean(enumerate_k(p, 3)[0] for p in per_task)
    hat_3 = mean(enumerate_k(p, 3)[1] for p in per_task)
    report = (run / "out" / "report.md").read_text()
    assert "| column | success | 95% CI | pass@3 | pass^3 |" in report
    passed = sum(sum(p) for p in per_task)
    row = next(line for line in report.splitlines() if line.startswith("| scripted / base |"))
    assert row.startswith(f"| scripted / base | {passed}/9 ({passed / 9:.0%}) |")
    assert f"| {at_3:.2f} | {hat_3:.2f} |" in row


def test_arms_are_columns_compared_pair_by_pair(run: Path) -> None:
    report = (run / "out" / "report.md").read_text()
    assert "| task | scripted / base | scripted / hasty |" in report
    rows = table_rows(report)
    assert rows[1].startswith("| t2 | 2 ✅ 2 ✅ 2 ✅ | 1 ❌ 1 ❌ 1 ❌ |")
    comparison = re.search(r"^\| scripted / base \| scripted / hasty \|.*$", report, re.MULTILINE)
    assert comparison is not None
    cells = [c.strip() for c in comparison.group(0).strip("|").split("|")]
    base_passes = sum(r["passed"] for r in records(run) if r["arm"] == "base")
    assert cells[4:7] == ["9", str(base_passes), "0"]  # pairs, only base passed, only hasty
    assert float(cells[7]) == pytest.approx(2 * 0.5**base_passes)
    p_value = 2 * 0.5**base_passes
    assert cells[8] == ("scripted / base better" if p_value < 0.05 else "no significant difference")


def test_cost_comes_from_the_price_table(run: Path) -> None:
    base = [r for r in records(run) if r["arm"] == "base"]
    cost = sum(r["prompt_tokens"] * 1.0 + r["completion_tokens"] * 2.0 for r in base) / 1e6
    row = next(line for line in (run / "out" / "report.md").read_text().splitlines()
               if line.startswith("| scripted / base |"))  # fmt: skip
    assert f"| ${cost:.4f} | 0 | 0 |" in row  # cost, then limits hit and harness errors


def test_report_re_renders_the_same_from_the_results_file(run: Path) -> None:
    first = (run / "out" / "report.md").read_text()
    (run / "out" / "report.md").unlink()
    again = bench_command("report", "out/results.jsonl", "--prices", "prices.toml", cwd=run)
    assert again.returncode == 1, again.stdout + again.stderr
    assert (run / "out" / "report.md").read_text() == first


def test_two_results_files_of_one_model_are_compared_as_two_runs(run: Path) -> None:
    copy = run / "again"
    copy.mkdir(exist_ok=True)
    lines = (run / "out" / "results.jsonl").read_text().splitlines()
    flipped = [json.loads(line) for line in lines]
    for record in flipped:  # a second run where the hasty arm's t2 went right
        record["run_id"] = "again"
        if record["arm"] == "hasty" and record["task"] == "t2":
            record["outcome"] = "pass"
    (copy / "results.jsonl").write_text("\n".join(json.dumps(r) for r in flipped) + "\n")
    compared = bench_command("report", "out", "again", "--out", "both", cwd=run)
    assert compared.returncode == 1, compared.stdout + compared.stderr
    report = (run / "both" / "report.md").read_text()
    assert "| scripted [out] / hasty | scripted [again] / hasty |" in report
    header = "| scripted [out] / hasty | scripted [again] / hasty |"
    line = next(row for row in report.splitlines() if row.startswith(header))
    assert "| 9 | 0 | 3 |" in line
