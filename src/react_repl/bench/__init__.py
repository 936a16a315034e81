"""Benchmarking task suites across models: attempts in their own worlds, checked, reported.

A suite is a folder (docs/bench.md). `run_benchmark` runs every attempt (model × agent style ×
arm × distractors × task × trial) in its own workspace and local world, appends each record to a
results file, and `write_report` renders the seed-style table, summaries and paired tests.
"""

from react_repl.bench._apiset import DISTRACTOR_PACK, ApiSet, choose_distractors
from react_repl.bench._attempt import AttemptJob, CheckResult, run_attempt
from react_repl.bench._executors import ExecutorError
from react_repl.bench._limits import Limits
from react_repl.bench._models import ModelSpecError, ModelTarget, resolve_targets
from react_repl.bench._plan import Arm, Attempt, Column, PlanError, parse_arm
from react_repl.bench._report import ReportFiles, write_report
from react_repl.bench._results import RESULTS_FILE, AttemptRecord, ResultsStore
from react_repl.bench._runner import BenchRun, ModelUnreachable, Progress, run_benchmark
from react_repl.bench._state_checks import CheckWorld, load_world
from react_repl.bench._styles import ENTRY_POINT_GROUP, AgentRequest, check_styles
from react_repl.bench._suite import StateCheckRef, Suite, SuiteError, Task, load_suite
from react_repl.bench._summary import (
    Summary,
    mcnemar_exact,
    pass_at_k,
    pass_hat_k,
    summarise,
    wilson_interval,
)

# The local world is benchmark data outside src/ (benchmarks/world); its public names stay here.
LocalWorld, Post, WorldData = (
    getattr(load_world(), name) for name in ("LocalWorld", "Post", "WorldData")
)

__all__ = [
    "DISTRACTOR_PACK",
    "ENTRY_POINT_GROUP",
    "RESULTS_FILE",
    "AgentRequest",
    "ApiSet",
    "Arm",
    "Attempt",
    "AttemptJob",
    "AttemptRecord",
    "BenchRun",
    "CheckResult",
    "CheckWorld",
    "Column",
    "ExecutorError",
    "Limits",
    "LocalWorld",
    "ModelSpecError",
    "ModelTarget",
    "ModelUnreachable",
    "PlanError",
    "Post",
    "Progress",
    "ReportFiles",
    "ResultsStore",
    "StateCheckRef",
    "Suite",
    "SuiteError",
    "Summary",
    "Task",
    "WorldData",
    "check_styles",
    "choose_distractors",
    "load_suite",
    "mcnemar_exact",
    "parse_arm",
    "pass_at_k",
    "pass_hat_k",
    "resolve_targets",
    "run_attempt",
    "run_benchmark",
    "summarise",
    "wilson_interval",
    "write_report",
]
