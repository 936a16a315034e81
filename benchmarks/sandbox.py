"""Sandbox speed and memory against the goals of issue 2; prints a markdown table.

Run: `python benchmarks/sandbox.py` (with the package importable). Loop timings compare the same
source run in the sandbox (guarded code, in the worker) and by plain `exec` in this process.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from react_repl.sandbox import Sandbox

ARITHMETIC_LOOP = """
total = 0
for i in range(1_000_000):
    total += i * 3 % 7
"""
METHOD_LOOP = """
items = []
for i in range(1_000_000):
    items.append(i)
text = ''
for i in range(200_000):
    text = 'ab'.upper().lower()
"""
UNPACK_LOOP = """
pairs = {i: i * 2 for i in range(200_000)}
acc = 0
for key, value in pairs.items():
    acc += key + value
"""


def _plain_exec(code: str) -> float:
    started = time.perf_counter()
    exec(compile(code, "<plain>", "exec"), {})
    return time.perf_counter() - started


def _best(measure: Callable[[], float], repeat: int = 3) -> float:
    return min(measure() for _ in range(repeat))


def _worker_rss_mib() -> float:
    pid = os.getpid()
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    sizes = []
    for child in children:
        for line in Path(f"/proc/{child}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                sizes.append(int(line.split()[1]) / 1024)
    return max(sizes)


def main() -> None:
    rows: list[tuple[str, str, str]] = []
    starts = []
    for _ in range(5):
        started = time.perf_counter()
        Sandbox().close()
        starts.append(time.perf_counter() - started)
    with Sandbox() as box:
        box.run("x = 1")
        trips = []
        for _ in range(500):
            started = time.perf_counter()
            box.run("x = 1")
            trips.append(time.perf_counter() - started)
        trips.sort()
        rows.append(
            ("trivial round trip, median", f"{statistics.median(trips) * 1e3:.2f} ms", "≤ 2 ms")
        )
        rows.append(
            ("trivial round trip, p95", f"{trips[int(len(trips) * 0.95)] * 1e3:.2f} ms", "")
        )
        for label, code in (
            ("arithmetic loop, 10^6 iterations", ARITHMETIC_LOOP),
            ("method-call loop (append/upper), 1.2·10^6 calls", METHOD_LOOP),
            ("tuple-unpacking loop over dict.items(), 2·10^5", UNPACK_LOOP),
        ):
            plain = _best(lambda code=code: _plain_exec(code))
            guarded = _best(lambda code=code: box.run(code).duration)
            rows.append(
                (
                    f"{label}: sandbox / plain exec",
                    f"{guarded / plain:.2f}× ({guarded * 1e3:.0f} vs {plain * 1e3:.0f} ms)",
                    "≤ 2×",
                )
            )
        box.run("del items, text, pairs")
        rows.append(
            (
                "fresh Sandbox() until ready, median of 5",
                f"{statistics.median(starts) * 1e3:.0f} ms",
                "≤ 300 ms",
            )
        )
        resets = []
        for _ in range(3):
            started = time.perf_counter()
            box.reset()
            box.run("x = 1")
            resets.append(time.perf_counter() - started)
        rows.append(
            (
                "reset() + first action on the new worker",
                f"{statistics.median(resets) * 1e3:.0f} ms",
                "",
            )
        )
        rows.append(
            ("worker memory (RSS), default preinject, no APIs", f"{_worker_rss_mib():.1f} MiB", "")
        )
    print("| measure | result | goal |\n|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
