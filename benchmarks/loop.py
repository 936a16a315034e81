"""The agent's own cost per step, against a zero-latency scripted server.

Per step we subtract the time spent inside the model call (HTTP round trip included) from the
step's wall time: what is left is prompt rendering, context budgeting, parsing and the sandbox
round trip. The whole-run column also spreads the sandbox start-up and every log write over the
steps. Goal: ≤ 10 ms median.

    python benchmarks/loop.py [--steps 200]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from react_repl.agent import Agent, AgentOptions
from react_repl.llm import ChatModel, ModelSettings, ScriptedServer

ACTION = "THOUGHT: keep counting.\nACTION:\n```python\ncounter = counter + 1\nprint(counter)\n```"


def measure(steps: int, durable: bool) -> dict[str, float]:
    replies = iter(
        ["THOUGHT: start.\nACTION:\n```python\ncounter = 0\n```"]
        + [ACTION] * (steps - 2)
        + ["THOUGHT: done.\nACTION:\n```python\nstop(str(counter))\n```"]
    )
    with ScriptedServer(responder=lambda _request: next(replies)) as server, \
            tempfile.TemporaryDirectory() as logs:  # fmt: skip
        model = ChatModel(ModelSettings(model="scripted", base_url=server.base_url, api_key="k",
                                        context_window=32768))  # fmt: skip
        agent = Agent(
            model,
            method_search=lambda description, k=5: "",
            options=AgentOptions(max_steps=steps).with_values({"techniques": ["-decompose"]}),
            logs_dir=Path(logs),
            durable_logs=durable,
        )
        started = time.perf_counter()
        result = agent.run("Count to a number.")
        wall = time.perf_counter() - started
    assert result.finished, result.error
    overhead = [(s.duration - s.model_seconds) * 1000 for s in result.steps]
    whole_run = (wall - sum(s.model_seconds for s in result.steps)) / len(result.steps) * 1000
    model_ms = [s.model_seconds * 1000 for s in result.steps]
    sandbox_ms = [s.sandbox_seconds * 1000 for s in result.steps]
    return {
        "agent ms/step, whole run incl. start-up and log writes (mean)": whole_run,
        "agent ms/step within a step (median)": statistics.median(overhead),
        "within a step (p95)": statistics.quantiles(overhead, n=20)[-1],
        "of which sandbox (median)": statistics.median(sandbox_ms),
        "model call incl. HTTP (median)": statistics.median(model_ms),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=200)
    args = parser.parse_args()
    rows = {"flushed log (default)": measure(args.steps, durable=False),
            "fsync'd log": measure(args.steps, durable=True)}  # fmt: skip
    columns = list(next(iter(rows.values())))
    print(f"Agent cost per step over {args.steps} steps, zero-latency scripted server\n")
    print("| log mode | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for name, values in rows.items():
        print(f"| {name} | " + " | ".join(f"{values[c]:.2f}" for c in columns) + " |")


if __name__ == "__main__":
    main()
