"""Benchmarking task suites across models: tasks in TOML, automatic checks, a table per model."""

from react_repl.bench._runner import TaskOutcome, outbox_reader, run_suite, summary_rows
from react_repl.bench._suite import BenchTask, Evidence, load_suite

__all__ = [
    "BenchTask",
    "Evidence",
    "TaskOutcome",
    "load_suite",
    "outbox_reader",
    "run_suite",
    "summary_rows",
]
