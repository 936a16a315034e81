"""Reading finished benchmarks back: results folders in plan order, several runs side by side,
and the prices the runs' model profiles gave (price files: `react_repl.logs.read_prices`).
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from react_repl.bench._models import ModelTarget
from react_repl.bench._plan import in_plan_order
from react_repl.bench._results import RESULTS_FILE, AttemptRecord, ResultsStore
from react_repl.bench._runner import PLAN_FILE
from react_repl.logs import Prices


def results_file(path: Path) -> Path:
    file = path / RESULTS_FILE if path.is_dir() else path
    if not file.is_file():
        raise ValueError(f"{path} holds no {RESULTS_FILE}")
    return file


def load_results(files: Sequence[Path]) -> list[AttemptRecord]:
    """Records of one or more runs; a column present in two runs is told apart by its run id."""
    per_file = [in_plan_order(ResultsStore(file).read(), plan_of(file)) for file in files]
    columns = [{(r.model, r.agent, r.arm, r.distractors) for r in records} for records in per_file]
    merged = []
    for index, records in enumerate(per_file):
        others = set().union(*(c for i, c in enumerate(columns) if i != index))
        for record in records:
            clash = (record.model, record.agent, record.arm, record.distractors) in others
            merged.append(
                replace(record, model=f"{record.model} [{record.run_id}]") if clash else record
            )
    return merged


def plan_of(file: Path) -> dict[str, Any]:
    """The run.json next to a results file; {} when it is missing, unreadable or not shaped
    like a plan (the report then keeps the order the results were written in)."""
    plan_file = file.parent / PLAN_FILE
    try:
        plan = json.loads(plan_file.read_text(encoding="utf-8")) if plan_file.is_file() else {}
    except (OSError, ValueError):
        return {}
    if _plan_shaped(plan):
        return plan
    warnings.warn(
        f"{plan_file} is damaged; the report lists attempts as they were written", stacklevel=2
    )
    return {}


def _plan_shaped(plan: Any) -> bool:
    """What in_plan_order and plan_prices read: lists, models and arms of JSON objects."""
    if not isinstance(plan, dict):
        return False
    lists = [plan.get(key, []) for key in ("models", "arms", "distractors", "tasks")]
    if not all(isinstance(value, list) for value in lists):
        return False
    models, arms = lists[0], lists[1]
    return all(isinstance(m, dict) and isinstance(m.get("label"), str) for m in models) and all(
        isinstance(arm, dict) and "name" in arm for arm in arms
    )


def target_prices(targets: Sequence[ModelTarget]) -> Prices:
    return {
        target.label: (target.prompt_price or 0.0, target.completion_price or 0.0)
        for target in targets
        if target.prompt_price is not None or target.completion_price is not None
    }


def plan_prices(files: Sequence[Path]) -> Prices:
    models = [model for file in files for model in plan_of(file).get("models", [])]
    return {
        m["label"]: (m.get("prompt_price") or 0.0, m.get("completion_price") or 0.0)
        for m in models
        if m.get("prompt_price") is not None or m.get("completion_price") is not None
    }
