"""`react-repl logs list` and `logs search` over 10,000 generated runs, through the real CLI.

The runs are written by the real `RunLog` writer with a fixed seed: several models, every status
(killed runs with no end record too), 1 to 25 steps, tracebacks and long outputs among the
observations, settings, sampling parameters and bench runs that vary. Each command runs as its
own `react-repl` process (start-up included, as a user sees it) with COLUMNS=80 and its output
sent to a pipe. The "rebuild" row deletes the index before each run of the command.

    python benchmarks/logs.py [--runs 10000] [--logs-dir DIR] [--src OLD/src] [--repeat 5]

`--logs-dir` keeps the generated runs for the next call (they are reused when the folder already
holds them); `--src` times another checkout's code (e.g. `git archive 028f7bb src | tar -x`),
which is how the "before" column was measured; commands that code lacks show as failed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from react_repl.logs import RunLog, RunParameters, StepRecord

MODELS = (
    "gpt-4o",
    "gpt-4o-mini",
    "qwen2.5-coder-1.5b",
    "qwen2.5-coder-0.5b",
    "meta-llama/Llama-3.1-8B-Instruct",
    "claude-3-5-sonnet",
)
STATUSES = (("finished", 70), ("max_steps", 12), ("error", 8), ("interrupted", 2), (None, 8))
CITIES = ("Paris", "Berlin", "Lisbon", "Tokyo", "Nairobi", "Lima", "Oslo", "Hanoi", "Quito")
CHANNELS = ("#general", "#weather", "#finance", "#random", "#space")
TASKS = (
    "What is the weather in {city} tomorrow? Post it to {channel}.",
    "Send the 5-day forecast for {city} to Discord, one line per day with an emoji.",
    "Find the NASA picture of the day, resize it to half and post it to {channel}.",
    "Which week of last year had the highest closing price for AAPL? Tell {channel}.",
    "Convert 250 USD to EUR at today's rate and print the result.",
    "List the files in the workspace and summarise the largest one.",
    "How far is {city} from {city2} in kilometres?",
)
APIS = (
    "get_weather_forecast",
    "geocode_city",
    "send_slack_message",
    "send_discord_message",
    "get_apod",
    "resize_image",
    "get_stock_history",
    "list_files",
    "read_file",
)
THOUGHTS = (
    "I need to find a function that gives the {what}; let me search for it.",
    "The search returned {api}; I will call it with the city name.",
    "The result has a list of daily values; I should format one line per day.",
    "That raised an error, so the argument must be wrong. Let me look at the signature again.",
    "Everything is ready; I will post the message and stop with the answer.",
)
TRACEBACK = (
    'Traceback (most recent call last):\n  File "<action>", line {line}, in <module>\n'
    "{error}: {message}"
)
ERRORS = (
    ("KeyError", "'temperature_max'"),
    ("TypeError", "get_weather_forecast() missing 1 required positional argument: 'days'"),
    ("ZeroDivisionError", "division by zero"),
    ("NameError", "name 'requests' is not defined"),
)


@dataclass(frozen=True)
class Timing:
    name: str
    command: list[str]
    seconds: list[float]
    failed: str = ""
    output_lines: int = 0


def generate(logs_dir: Path, runs: int, seed: int = 7) -> float:
    """Write `runs` runs with the real writer; returns the seconds it took."""
    rng = random.Random(seed)
    now = datetime.now().astimezone().replace(microsecond=0)
    bench_runs = [f"bench-{index:03d}" for index in range(40)]
    started_clock = time.perf_counter()
    for _ in range(runs):
        _write_run(logs_dir, rng, now - timedelta(seconds=rng.randint(0, 90 * 86400)), bench_runs)
    return time.perf_counter() - started_clock


def _write_run(logs_dir: Path, rng: random.Random, started: datetime, benches: list[str]) -> None:
    city, city2 = rng.sample(CITIES, 2)
    task = rng.choice(TASKS).format(city=city, city2=city2, channel=rng.choice(CHANNELS))
    max_steps = rng.choice((10, 20, 25))
    settings = {
        "base_url": "http://127.0.0.1:8080/v1",
        "max_steps": max_steps,
        "few_shot": rng.random() < 0.5,
        "techniques": "decompose, api_hints" if rng.random() < 0.3 else "api_hints",
    }
    parameters = RunParameters(
        temperature=rng.choice((0.0, 0.2, 0.7)),
        max_tokens=rng.choice((512, 1024)),
        seed=rng.choice((None, 42)),
        prompts_hash=rng.choice(PROMPT_HASHES),
    )
    log = RunLog.create(
        logs_dir,
        task=task,
        model=rng.choice(MODELS),
        settings=settings,
        parameters=parameters,
        bench_run=rng.choice(benches) if rng.random() < 0.6 else None,
        started=started,
    )
    steps = min(max_steps, 1 + int(rng.expovariate(1 / 5)))
    for index in range(1, steps + 1):
        log.write_step(_step(rng, index, city))
    status = rng.choices([s for s, _ in STATUSES], [w for _, w in STATUSES])[0]
    if status is not None:
        answer = f"Posted the forecast for {city}: 21°C, sunny." if status == "finished" else None
        error = f"{rng.choice(ERRORS)[0]} in step {steps}" if status == "error" else None
        log.finish(
            status=status,
            answer=answer,
            prompt_tokens=900 * steps,
            completion_tokens=80 * steps,
            error=error,
        )


def _step(rng: random.Random, index: int, city: str) -> StepRecord:
    api = rng.choice(APIS)
    thought = rng.choice(THOUGHTS).format(what=api.replace("_", " "), api=api)
    if index == 1:
        action = f'print(method_search("{api.replace("_", " ")}"))'
    else:
        action = f'result = {api}("{city}")\nfor item in result:\n    print(item)'
    if rng.random() < 0.15:
        error, message = rng.choice(ERRORS)
        observation = TRACEBACK.format(line=rng.randint(1, 9), error=error, message=message)
    else:
        lines = rng.randint(1, 40)
        observation = "\n".join(
            f"{{'day': {day}, 'city': '{city}', 'temperature_max': {rng.uniform(-5, 35):.1f}, "
            f"'precipitation': {rng.uniform(0, 20):.1f}}}"
            for day in range(lines)
        )
    reply = f"THOUGHT {index}: {thought}\nACTION {index}:\n```python\n{action}\n```"
    return StepRecord(
        index=index,
        kind="step",
        thought=thought,
        action=action,
        observation=observation,
        prompt_tokens=900,
        completion_tokens=80,
        duration=rng.uniform(0.5, 12.0),
        model_seconds=rng.uniform(0.4, 11.0),
        sandbox_seconds=rng.uniform(0.001, 0.2),
        raw_reply=reply,
    )


def time_command(
    name: str,
    args: list[str],
    env: dict[str, str],
    repeat: int,
    before_each: Any = None,
) -> Timing:
    command = [sys.executable, "-c", "from react_repl.cli import main; main()", *args]
    seconds, lines = [], 0
    for _ in range(repeat):
        if before_each is not None:
            before_each()
        started = time.perf_counter()
        process = subprocess.run(command, env=env, capture_output=True, text=True)
        seconds.append(time.perf_counter() - started)
        if process.returncode != 0:
            return Timing(name, args, seconds, process.stderr.strip().splitlines()[-1][:60])
        lines = len(process.stdout.splitlines())
    return Timing(name, args, seconds, output_lines=lines)


def _newest_short_id(env: dict[str, str]) -> str:
    """A short id to show; the old code has none, so its full id (which it also accepts)."""
    command = [sys.executable, "-c", "from react_repl.cli import main; main()"]
    listed = subprocess.run([*command, "logs", "list", "--json"], env=env, capture_output=True)
    newest = json.loads(listed.stdout)[0]
    return str(newest.get("short_id", newest["id"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--logs-dir", type=Path, help="Keep the generated runs here and reuse.")
    parser.add_argument("--src", type=Path, help="Time the CLI of this source tree instead.")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    temporary = args.logs_dir is None
    logs_dir = Path(tempfile.mkdtemp(prefix="react-repl-logs-")) if temporary else args.logs_dir
    marker = logs_dir / ".generated"
    try:
        if marker.is_file() and marker.read_text() == str(args.runs):
            print(f"reusing {args.runs} runs in {logs_dir}")
        else:
            shutil.rmtree(logs_dir, ignore_errors=True)
            logs_dir.mkdir(parents=True)
            seconds = generate(logs_dir, args.runs)
            marker.write_text(str(args.runs))
            print(f"wrote {args.runs} runs in {seconds:.1f} s ({seconds / args.runs * 1000:.2f} "
                  f"ms a run) to {logs_dir}")  # fmt: skip
        env = os.environ | {"COLUMNS": "80", "REACT_REPL_LOGS": str(logs_dir)}
        if args.src is not None:
            env["PYTHONPATH"] = str(args.src.resolve())
        short_id = _newest_short_id(env)
        commands = [
            (name, [arg.replace("SHORT_ID", short_id) for arg in cmd]) for name, cmd in COMMANDS
        ]
        timings = [time_command(name, cmd, env, args.repeat) for name, cmd in commands]
        timings.append(
            time_command(
                "list, index deleted first (full rebuild)",
                ["logs", "list"],
                env,
                max(1, args.repeat // 2),
                before_each=lambda: shutil.rmtree(logs_dir / ".index", ignore_errors=True),
            )
        )
        _print_table(timings, args.runs)
        _print_sizes(logs_dir)
    finally:
        if temporary:
            shutil.rmtree(logs_dir, ignore_errors=True)


PROMPT_HASHES = ("3b0f9c4e", "a91d22f7")
COMMANDS = (
    ("list (table, 80 columns)", ["logs", "list"]),
    ("list --json", ["logs", "list", "--json"]),
    ("list --model gpt-4o --status error",
     ["logs", "list", "--model", "gpt-4o", "--status", "error"]),
    ("search Lisbon", ["logs", "search", "Lisbon"]),
    ("search ZeroDivisionError --json", ["logs", "search", "ZeroDivisionError", "--json"]),
    ("list --limit 0 (every run, 80 columns)", ["logs", "list", "--limit", "0"]),
    ("list --json --limit 0", ["logs", "list", "--json", "--limit", "0"]),
    ("search Lisbon --limit 0", ["logs", "search", "Lisbon", "--limit", "0"]),
    ("list --setting few_shot=false --bench ID",
     ["logs", "list", "--setting", "few_shot=false", "--bench", "bench-007"]),
    ('search "division by zero" --in observation',
     ["logs", "search", '"division by zero"', "--in", "observation"]),
    ("show SHORT_ID --json", ["logs", "show", "SHORT_ID", "--json"]),
)  # fmt: skip


def _print_table(timings: list[Timing], runs: int) -> None:
    print(f"\n| command ({runs} runs) | median s | min s | max s | lines out |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for timing in timings:
        if timing.failed:
            print(f"| {timing.name} | failed: {timing.failed} | | | |")
            continue
        row = (statistics.median(timing.seconds), min(timing.seconds), max(timing.seconds))
        cells = " | ".join(f"{value:.3f}" for value in row)
        print(f"| {timing.name} | {cells} | {timing.output_lines} |")


def _print_sizes(logs_dir: Path) -> None:
    index = logs_dir / ".index" / "runs.sqlite3"
    if index.is_file():
        logs = sum(
            path.stat().st_size for path in logs_dir.rglob("*.*") if ".index" not in path.parts
        )
        print(f"\nindex: {index.stat().st_size / 1e6:.0f} MB beside {logs / 1e6:.0f} MB of logs")


if __name__ == "__main__":
    main()
