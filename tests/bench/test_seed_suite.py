"""The seed's tasks A-F, offline: reference solutions pass every check, and the report holds the
seed's table; the mistakes the seed's models made fail the check that names them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bench_helpers import SUITES, action, bench_command, scripted_config
from seed_solutions import CHANNEL, SOLUTIONS

from react_repl.llm import ScriptedServer

WRONG = {
    "Print the current date.": [action("stop('2001-01-01')")],
    "current weather for my location": [
        *SOLUTIONS["current weather for my location"][:2],
        action("send_discord_message(f\"It is {now['temperature_c'] + 7} °C here\")"),
        action("stop('sent')"),
    ],
    "current weather for London, UK": [
        *SOLUTIONS["current weather for London, UK"][:2],
        action("send_slack_message(f\"London: {now['temperature_c']} °C\", '#general')"),
        action("stop('sent')"),
    ],
    "forecast for the next 5 days": [
        SOLUTIONS["forecast for the next 5 days"][0],
        action("days = get_weather_forecast(where['latitude'], where['longitude'], 4)"),
        *SOLUTIONS["forecast for the next 5 days"][2:],
    ],
    "NASA picture-of-the day": [
        *SOLUTIONS["NASA picture-of-the day"][:2],
        action("send_discord_message('Hello from Space! ' + apod['title'], picture)"),
        action("stop('sent')"),
    ],
    "lowest MSFT stock closing price": [
        SOLUTIONS["lowest MSFT stock closing price"][0],
        action("lowest = max(weeks, key=lambda row: row['close'])\nprint(lowest)"),
        *SOLUTIONS["lowest MSFT stock closing price"][2:],
    ],
}


def run_seed_suite(folder: Path, scripts: dict, index: Path) -> tuple[int, dict[str, dict], Path]:
    scripted_config(folder)
    with ScriptedServer(routes=scripts) as server:
        result = bench_command(
            str(SUITES / "seed_a_f"), "--model", f"scripted@{server.base_url}",
            "--workers", "2", "--out", "out", "--logs-dir", "logs", "--index", str(index),
            cwd=folder,
        )  # fmt: skip
    assert "Traceback" not in result.stderr, result.stderr
    out = folder / "out"
    records = {
        r["task"]: r for r in map(json.loads, (out / "results.jsonl").read_text().splitlines())
    }
    return result.returncode, records, out


@pytest.fixture(scope="module")
def solved(tmp_path_factory: pytest.TempPathFactory, builtin_index: Path):
    return run_seed_suite(tmp_path_factory.mktemp("seed-right"), SOLUTIONS, builtin_index)


@pytest.fixture(scope="module")
def mistaken(tmp_path_factory: pytest.TempPathFactory, builtin_index: Path):
    return run_seed_suite(tmp_path_factory.mktemp("seed-wrong"), WRONG, builtin_index)


def test_every_reference_solution_passes_every_check(solved) -> None:
    code, records, _ = solved
    assert code == 0
    assert {task: r["outcome"] for task, r in records.items()} == dict.fromkeys("ABCDEF", "pass")
    assert all(r["network_attempts"] == [] for r in records.values())
    assert [p["service"] for p in records["E"]["posts"]] == ["discord"]
    assert records["E"]["posts"][0]["image_size"] == [480, 320]
    assert records["F"]["posts"][0]["channel"] == CHANNEL


def test_the_report_holds_the_seed_table_with_linked_logs(solved) -> None:
    _, records, out = solved
    report = (out / "report.md").read_text()
    rows = re.findall(r"^\| ([A-F]) \| \[(\d+) ✅\]\(([^)]+)\) \|$", report, re.MULTILINE)
    assert [(task, int(steps)) for task, steps, _ in rows] == [
        (task, records[task]["steps"]) for task in "ABCDEF"
    ]
    for _, _, link in rows:
        log = (out / link).resolve()
        assert log.is_file() and log.suffix == ".md"
    assert "| scripted | 6/6 (100%) | 61%–100% |" in report
    html = (out / "report.html").read_text()
    assert html.count("✅</a>") == 6 and 'href="../logs/' in html
    for plot in ("success", "steps", "time", "tokens"):
        assert (out / "plots" / f"{plot}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("task", "check", "detail"),
    [
        ("A", "answer_regex", "'2001-01-01' does not match"),
        ("B", "discord_weather_at_home", "does not give the temperature served for"),
        ("C", "slack_weather_for", "posted to '#general'"),
        ("D", "discord_five_day_forecast", "no line gives the date"),
        ("E", "discord_apod_at_half_size", "the image is 960x640, not half the picture's size"),
        ("F", "slack_lowest_week", "does not give the week's price"),
    ],
)
def test_each_mistake_fails_the_check_that_names_it(
    mistaken, task: str, check: str, detail: str
) -> None:
    code, records, out = mistaken
    assert code == 1
    record = records[task]
    assert record["outcome"] == "mistake"
    [failed] = [c for c in record["checks"] if not c["passed"]]
    assert failed["name"].startswith(check) and detail in failed["detail"]
    assert f"| {task} | [" in (out / "report.md").read_text()
