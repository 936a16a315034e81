"""Task suites as folders: `suite.toml` (tasks and defaults), the suite's APIs, fixtures, checks.

Everything is validated when the suite is loaded, before any model is called: unknown keys,
tasks without a check, state checks `checks.py` does not define, malformed placeholders. A
benchmark that would only fail an hour in because of a typo fails at once with the file and the
task named. The format is documented in docs/bench.md.

Date placeholders in tasks and checks (`{today}`, `{today+3d}`, `{today-1w}`, `{today:%B %d}`)
are expanded when an attempt starts, not at check time: a run that crosses midnight is judged
against the day it was asked about. `{{` and `}}` stay literal braces.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from react_repl._paths import read_toml
from react_repl.bench._limits import Limits
from react_repl.bench._state_checks import load_checks, load_world

SUITE_FILE = "suite.toml"
LIMIT_KEYS = {"time_limit": "seconds", "token_limit": "tokens", "cost_limit": "cost"}
_SUITE_KEYS = {
    "name", "description", "max_steps", "builtin_apis", "network", "services", "fixtures",
    "may_change", *LIMIT_KEYS,
}  # fmt: skip
_TASK_KEYS = {
    "id", "task", "max_steps", "fixtures", "answer", "abs_tol", "rel_tol", "case_sensitive",
    "unordered", "answer_regex", "state", "may_change", "user_answers",
}  # fmt: skip
_PLACEHOLDER = re.compile(
    r"\{\{|\}\}|\{today(?:(?P<sign>[+-])(?P<count>\d+)(?P<unit>[dw]))?(?::(?P<format>[^{}]+))?\}"
)
_STRAY = re.compile(r"\{today[^}]*\}?")


class SuiteError(ValueError):
    """A suite that cannot run; the message names the file and, where it can, the task."""


@dataclass(frozen=True)
class StateCheckRef:
    """A state check named in suite.toml, with the keyword arguments given there."""

    name: str
    arguments: Mapping[str, Any] = field(default_factory=dict)

    def label(self) -> str:
        shown = ", ".join(f"{key}={value!r}" for key, value in self.arguments.items())
        return f"{self.name}({shown})" if shown else self.name


@dataclass(frozen=True)
class Task:
    id: str
    task: str
    max_steps: int | None = None
    fixtures: tuple[Path, ...] = ()
    has_answer: bool = False
    answer: Any = None
    abs_tol: float = 1e-9
    rel_tol: float = 1e-6
    case_sensitive: bool = False
    unordered: bool = False
    answer_regex: str | None = None
    state: tuple[StateCheckRef, ...] = ()
    may_change: tuple[str, ...] = ()
    user_answers: tuple[str, ...] | None = None  # what the person says to ask_user, in order


@dataclass(frozen=True)
class Suite:
    path: Path
    name: str
    description: str
    tasks: tuple[Task, ...]
    max_steps: int | None = None
    builtin_apis: bool = True
    network: bool = False
    services: tuple[str, ...] = ()
    apis_dir: Path | None = None
    checks_file: Path | None = None
    limits: Limits = field(default_factory=Limits)  # per attempt, unless flags say otherwise

    def asks_user(self) -> bool:
        """Some task has a person answering ask_user, so the suite needs it indexed."""
        return any(task.user_answers is not None for task in self.tasks)

    def task(self, task_id: str) -> Task:
        for task in self.tasks:
            if task.id == task_id:
                return task
        raise KeyError(task_id)

    def digest(self) -> str:
        """A hash of every file of the suite, so a resumed run can tell the suite changed."""
        hasher = hashlib.sha256()
        for file in sorted(p for p in self.path.rglob("*") if p.is_file()):
            if "__pycache__" in file.parts:
                continue
            hasher.update(file.relative_to(self.path).as_posix().encode() + b"\0")
            hasher.update(file.read_bytes())
        return hasher.hexdigest()[:16]


def load_suite(path: str | Path) -> Suite:
    """Load a suite folder (or its suite.toml); raises SuiteError with a precise message."""
    folder = Path(path).expanduser().resolve()
    if folder.is_file() and folder.name == SUITE_FILE:
        folder = folder.parent
    file = folder / SUITE_FILE
    if not file.is_file():
        raise SuiteError(
            f"{folder} is not a suite folder: it has no {SUITE_FILE} (see docs/bench.md)"
        )
    try:
        data = read_toml(file)
    except (OSError, ValueError) as error:  # TOMLDecodeError and UnicodeDecodeError are ValueErrors
        raise SuiteError(f"cannot read {file}: {error}") from None
    header = data.get("suite", {})
    if not isinstance(header, dict):
        raise SuiteError(f"{file}: [suite] must be a table")
    _reject_unknown(header, _SUITE_KEYS, f"{file} [suite]")
    checks_file = folder / "checks.py" if (folder / "checks.py").is_file() else None
    available = set(load_checks(checks_file)) if checks_file else set()
    defaults = _Defaults.read(header, folder, file)
    entries = data.get("task", [])
    if not isinstance(entries, list) or not entries:
        raise SuiteError(f"{file}: no [[task]] entries")
    tasks = tuple(_task(entry, defaults, available, file) for entry in entries)
    ids = [task.id for task in tasks]
    duplicates = sorted({task_id for task_id in ids if ids.count(task_id) > 1})
    if duplicates:
        raise SuiteError(f"{file}: task ids must be unique; repeated: {duplicates}")
    return Suite(
        path=folder,
        name=str(header.get("name") or folder.name),
        description=str(header.get("description", "")),
        tasks=tasks,
        max_steps=defaults.max_steps,
        builtin_apis=_typed(header, "builtin_apis", bool, True, file),
        network=_typed(header, "network", bool, False, file),
        services=defaults.services,
        apis_dir=folder / "apis" if (folder / "apis").is_dir() else None,
        checks_file=checks_file,
        limits=_limits(header, f"{file} [suite]"),
    )


@dataclass(frozen=True)
class _Defaults:
    max_steps: int | None
    fixtures: tuple[Path, ...]
    may_change: tuple[str, ...]
    services: tuple[str, ...]

    @classmethod
    def read(cls, header: Mapping[str, Any], folder: Path, file: Path) -> _Defaults:
        services = tuple(_strings(header.get("services", []), f"{file} [suite] services"))
        known = load_world().SERVICES
        unknown = sorted(set(services) - set(known))
        if unknown:
            raise SuiteError(f"{file} [suite] services: unknown {unknown}; known: {list(known)}")
        if "fixtures" in header:
            fixtures = _fixture_dirs(header["fixtures"], folder, f"{file} [suite]")
        else:
            fixtures = (folder / "fixtures",) if (folder / "fixtures").is_dir() else ()
        return cls(
            max_steps=_steps(header.get("max_steps"), f"{file} [suite]"),
            fixtures=fixtures,
            may_change=tuple(_strings(header.get("may_change", []), f"{file} [suite] may_change")),
            services=services,
        )


def _task(entry: Any, defaults: _Defaults, available: set[str], file: Path) -> Task:
    if not isinstance(entry, dict):
        raise SuiteError(f"{file}: every [[task]] must be a table")
    where = f"{file} task {entry.get('id', '?')!r}"
    _reject_unknown(entry, _TASK_KEYS, where)
    for key in ("id", "task"):
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise SuiteError(f"{where}: '{key}' must be a non-empty string")
    if not {"answer", "answer_regex", "state"} & set(entry):
        raise SuiteError(f"{where}: needs at least one check: answer, answer_regex or state")
    state = tuple(_state_ref(item, available, where) for item in _list(entry.get("state", [])))
    task = Task(
        id=entry["id"].strip(),
        task=entry["task"],
        max_steps=_steps(entry.get("max_steps"), where) or defaults.max_steps,
        fixtures=(
            _fixture_dirs(entry["fixtures"], file.parent, where)
            if "fixtures" in entry
            else defaults.fixtures
        ),
        has_answer="answer" in entry,
        answer=entry.get("answer"),
        abs_tol=_tolerance(entry, "abs_tol", 1e-9, where),
        rel_tol=_tolerance(entry, "rel_tol", 1e-6, where),
        case_sensitive=_typed(entry, "case_sensitive", bool, False, where),
        unordered=_typed(entry, "unordered", bool, False, where),
        answer_regex=_typed(entry, "answer_regex", str, None, where),
        user_answers=(
            tuple(_strings(entry["user_answers"], f"{where} user_answers"))
            if "user_answers" in entry
            else None
        ),
        state=state,
        may_change=(
            *defaults.may_change,
            *_strings(entry.get("may_change", []), f"{where} may_change"),
        ),
    )
    _check_placeholders(task, where)
    return task


def _state_ref(item: Any, available: set[str], where: str) -> StateCheckRef:
    if isinstance(item, str):
        ref = StateCheckRef(item)
    elif isinstance(item, dict) and isinstance(item.get("check"), str):
        ref = StateCheckRef(item["check"], {k: v for k, v in item.items() if k != "check"})
    else:
        raise SuiteError(f'{where}: a state entry is a check name or {{ check = "name", ... }}')
    if ref.name not in available:
        known = ", ".join(sorted(available)) or "none: the suite has no checks.py"
        raise SuiteError(f"{where}: state check {ref.name!r} is not in checks.py (found: {known})")
    return ref


def _check_placeholders(task: Task, where: str) -> None:
    try:
        day = date(2000, 1, 1)
        expand(task.task, day)
        expand(task.answer, day)
        expand(task.answer_regex, day, regex=True)
        for ref in task.state:
            expand(dict(ref.arguments), day)
    except PlaceholderError as error:
        raise SuiteError(f"{where}: {error}") from None


def _fixture_dirs(value: Any, folder: Path, where: str) -> tuple[Path, ...]:
    dirs = []
    for name in _strings(_list(value), f"{where} fixtures"):
        target = (folder / name).resolve()
        if not target.is_relative_to(folder) or not target.is_dir():
            raise SuiteError(f"{where}: fixtures {name!r} is not a folder inside the suite")
        dirs.append(target)
    return tuple(dirs)


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _strings(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise SuiteError(f"{where} must be a list of strings")
    return value


def _steps(value: Any, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise SuiteError(f"{where}: max_steps must be a whole number of at least 1")
    return value


def _tolerance(entry: Mapping[str, Any], key: str, default: float, where: str) -> float:
    value = entry.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise SuiteError(f"{where}: {key} must be a number >= 0")
    return float(value)


def _limits(table: Mapping[str, Any], where: str) -> Limits:
    values: dict[str, Any] = {}
    for key, name in LIMIT_KEYS.items():
        value = table.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
            raise SuiteError(f"{where}: {key} must be a positive number, got {value!r}")
        values[name] = int(value) if name == "tokens" else float(value)
    return Limits(**values)


def _typed(table: Mapping[str, Any], key: str, kind: type, default: Any, where: Any) -> Any:
    value = table.get(key, default)
    if value is not default and not isinstance(value, kind):
        raise SuiteError(f"{where}: {key} must be {kind.__name__}, got {value!r}")
    return value


def _reject_unknown(table: Mapping[str, Any], known: set[str], where: str) -> None:
    unknown = sorted(set(table) - known)
    if unknown:
        hint = " (the old check.* format: see docs/bench.md)" if "check" in unknown else ""
        raise SuiteError(f"{where}: unknown key(s) {unknown}{hint}; known: {sorted(known)}")


class PlaceholderError(ValueError):
    """A `{today…}` placeholder that cannot be expanded; the message quotes it."""


def expand(value: Any, today: date, *, regex: bool = False) -> Any:
    if isinstance(value, list):
        return [expand(item, today, regex=regex) for item in value]
    if isinstance(value, dict):
        return {key: expand(item, today, regex=regex) for key, item in value.items()}
    if not isinstance(value, str):
        return value

    def replace(match: re.Match[str]) -> str:
        if match.group(0) in ("{{", "}}"):
            return match.group(0)[0]
        day = today + _offset(match)
        shown = day.strftime(match["format"]) if match["format"] else day.isoformat()
        return re.escape(shown) if regex else shown

    leftover = _STRAY.search(_PLACEHOLDER.sub("", value))
    if leftover:
        raise PlaceholderError(
            f"cannot read the placeholder {leftover.group(0)!r}; write {{today}}, {{today+3d}}, "
            "{today-1w} or {today:%B %d, %Y}"
        )
    return _PLACEHOLDER.sub(replace, value)


def _offset(match: re.Match[str]) -> timedelta:
    if not match["sign"]:
        return timedelta()
    days = int(match["count"]) * (7 if match["unit"] == "w" else 1)
    return timedelta(days=days if match["sign"] == "+" else -days)
