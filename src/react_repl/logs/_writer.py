"""Writing a run's markdown log and its JSON Lines twin as the run happens.

Both files are only ever appended to and every chunk is flushed to the kernel before the agent
moves on (fsync'ed too when durable), so a run killed at any point keeps every step it finished.
The end record is what tells a finished run from a killed one; the writer's lock on the JSONL
file tells a live run from a killed one. After each chunk the folder's SQLite index is updated
too, when it can be: the files are the record, the index only a way to find them fast.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import time
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from react_repl._version import __version__

from . import _markdown
from ._cost import Price, cost, recorded_price
from ._indexing import RunFeed, Stat
from ._reader import ParsedRun, hold_while_open
from ._records import END_STATUSES, StepRecord, steps_taken

FORMAT_VERSION = 2
"""2 added temperature, max_tokens, seed, prompts_hash, react_repl_version and bench_run."""


@dataclass(frozen=True)
class RunParameters:
    """How a run was driven, beyond its task and model, so it can be reproduced and compared;
    `None` means the server's default. `prompts_hash` comes from `prompts_hash()` over the
    templates the agent rendered from, so two runs with edited prompts never pass for the same
    setup."""

    temperature: float | None
    max_tokens: int | None
    seed: int | None
    prompts_hash: str | None

    def header_fields(self) -> dict[str, Any]:
        """The fields of a JSONL header, in the order a person reads them in the markdown."""
        return {**dataclasses.asdict(self), "react_repl_version": __version__}


UNRECORDED = RunParameters(temperature=None, max_tokens=None, seed=None, prompts_hash=None)
"""For a caller that cannot tell: the header still holds every key, each null."""


def prompts_hash(templates: Mapping[str, str]) -> str:
    """SHA-256 over template names and sources, independent of the order they are given in.

    Pass every template the prompt set can render (name -> source), overrides resolved, e.g.
    `{name: env.loader.get_source(env, name)[0] for name in env.list_templates()}`.
    """
    digest = hashlib.sha256()
    for name in sorted(templates):
        for part in (name, templates[name]):
            encoded = part.encode("utf-8")
            digest.update(len(encoded).to_bytes(8, "big") + encoded)
    return digest.hexdigest()


_SLUG_MAX = 50
_MAX_SUFFIX = 1000


def task_slug(task: str) -> str:
    """Lowercase ASCII words joined by "-", so the "__" separators in a file name stay clear."""
    ascii_text = unicodedata.normalize("NFKD", task).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    return slug[:_SLUG_MAX].rstrip("-") or "task"


def path_safe_model(model: str) -> str:
    """Model names like "org/model" or "qwen2.5-coder:1.5b" must not create folders or odd names."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", model).lstrip(".")
    return safe or "unknown-model"


def run_stem(task: str, model: str, started: datetime) -> str:
    """Names a person can browse by model, date and task."""
    stamp = started.strftime("%Y_%m_%d__%H-%M-%S")
    return f"{task_slug(task)}__{path_safe_model(model)}__{stamp}"


def create_exclusive(folder: Path, stem: str) -> tuple[Path, IO[str], IO[str]]:
    """Open a fresh `.md`/`.jsonl` pair, adding "-2", "-3", ... to the stem rather than overwrite.

    Creation is exclusive (O_EXCL), so two runs started in the same second by different processes
    still get different files.
    """
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(1, _MAX_SUFFIX):
        candidate = stem if number == 1 else f"{stem}-{number}"
        markdown_path = folder / f"{candidate}.md"
        try:
            markdown = _open_new(markdown_path)
        except FileExistsError:
            continue
        try:
            jsonl = _open_new(markdown_path.with_suffix(".jsonl"))
        except FileExistsError:
            markdown.close()
            markdown_path.unlink()
            continue
        return markdown_path, markdown, jsonl
    raise FileExistsError(f"{folder} already holds {_MAX_SUFFIX} logs named {stem}*")


def _open_new(path: Path) -> IO[str]:
    """Bytes that are not UTF-8 reach Python as lone surrogates (a task typed in Latin-1, a file
    name listed by an API); written as `\\udcff`, they keep the JSON valid and the run alive."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    return os.fdopen(descriptor, "a", encoding="utf-8", errors="backslashreplace", newline="\n")


class RunLog:
    """One run's log: `RunLog.create`, then `write_step` for each step, then `finish`."""

    def __init__(
        self, path: Path, markdown: IO[str], jsonl: IO[str], *, durable: bool, feed: RunFeed
    ) -> None:
        self.path = path
        self.jsonl_path = path.with_suffix(".jsonl")
        self.id = path.stem
        self._markdown = markdown
        self._jsonl = jsonl
        self._durable = durable
        self._feed = feed
        self._clock_start = time.monotonic()
        self._kinds: list[tuple[str, int]] = []  # (kind, index) of each record: `steps_taken`
        self._tokens = {"prompt_tokens": 0, "completion_tokens": 0}
        self._price: Price | None = None
        self._finished = False

    @classmethod
    def create(
        cls,
        logs_dir: Path,
        *,
        task: str,
        model: str,
        settings: Mapping[str, Any],
        parameters: RunParameters = UNRECORDED,
        bench_run: str | None = None,
        started: datetime | None = None,
        durable: bool = False,
    ) -> RunLog:
        """Start a new log. Every step is flushed to the kernel, so a killed run keeps it.

        `parameters` is what reproduces the run (sampling parameters, prompt templates' hash);
        `bench_run` the id of the benchmark run this attempt belongs to (`logs list --bench`).
        `durable=True` also fsyncs each step, which guards against a power loss or OS crash too
        but costs about 11 ms per step on ext4, more than the agent's whole per-step budget.
        """
        started = (started or datetime.now()).astimezone()
        folder = Path(logs_dir) / path_safe_model(model) / started.strftime("%Y/%m/%d")
        path, markdown, jsonl = create_exclusive(folder, run_stem(task, model, started))
        hold_while_open(jsonl)
        log = cls(path, markdown, jsonl, durable=durable, feed=RunFeed(Path(logs_dir)))
        try:
            log._price = recorded_price(settings)
            recorded = {**parameters.header_fields(), "bench_run": bench_run}
            header = {"type": "run", "version": FORMAT_VERSION, "id": log.id, "task": task,
                      "model": model, "started": started.isoformat(), **recorded,
                      "settings": dict(settings)}  # fmt: skip
            shown = {k: v for k, v in recorded.items() if k != "bench_run" or bench_run}
            shown.update((key, value) for key, value in settings.items() if key not in shown)
            stat = log._append(_markdown.header(task, model, started, shown), header)
            log._feed.started(ParsedRun(log.jsonl_path, header, [], None, started, *stat))
        except KeyboardInterrupt:
            log._abandon()
            raise
        return log

    def _abandon(self) -> None:
        """Interrupted while opening: the files must not look like a run still going."""
        if self._jsonl.tell() == 0:  # nothing of the run written: no log at all
            self._markdown.close()
            self._jsonl.close()
            self.path.unlink(missing_ok=True)
            self.jsonl_path.unlink(missing_ok=True)
            return
        self.finish(status="interrupted", answer=None, prompt_tokens=0, completion_tokens=0,
                    error="interrupted by the user (Ctrl-C)")  # fmt: skip

    def write_checkpoint(self, checkpoint: Mapping[str, Any]) -> None:
        """What a continuation needs after a step (JSONL only: it is for tools, not people)."""
        if self._finished:
            raise RuntimeError(f"run log {self.path} is finished; cannot add a checkpoint")
        line = json.dumps({"type": "checkpoint", **checkpoint}, ensure_ascii=False, default=str)
        self._write(self._jsonl, line + "\n")

    def write_step(self, step: StepRecord) -> None:
        if self._finished:
            raise RuntimeError(f"run log {self.path} is finished; cannot add step {step.index}")
        record = {"type": "step", **dataclasses.asdict(step)}
        stat = self._append(_markdown.step(step), record)
        self._kinds.append((step.kind, step.index))
        self._tokens["prompt_tokens"] += step.prompt_tokens
        self._tokens["completion_tokens"] += step.completion_tokens
        self._feed.step(len(self._kinds), record, steps_taken(self._kinds), self._tokens, stat)

    def finish(
        self,
        *,
        status: str,
        answer: str | None,
        prompt_tokens: int,
        completion_tokens: int,
        error: str | None = None,
        answer_value: Any = None,
        answer_type: str | None = None,
        summary: str | None = None,
    ) -> None:
        """Append the result; a second call is ignored so cleanup paths may always call it.

        `answer` is the answer's text; `answer_value` the value given to `stop()` when it is not
        a string (kept as JSON in the twin so tools read back a number as a number), and
        `answer_type` its type's name, so "42" and 42, whose text is the same, read apart.
        `summary` is the model's wrap-up at max steps: the partial answer a reader still wants.
        """
        if status not in END_STATUSES:
            raise ValueError(f"unknown run status {status!r}; expected one of {END_STATUSES}")
        if self._finished:
            return
        duration = time.monotonic() - self._clock_start
        outcome = {
            "status": status,
            "steps": steps_taken(self._kinds),
            "answer": answer,
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "duration": duration,
            "error": error,
            "answer_value": answer_value,
            "answer_type": answer_type,
            "summary": summary,
            "cost": cost(self._price, prompt_tokens, completion_tokens),
        }
        record = {"type": "end", "ended": datetime.now().astimezone().isoformat(), **outcome}
        stat = self._append(_markdown.result(outcome), record)
        self._finished = True
        self._feed.ended(record, steps_taken(self._kinds), stat)
        self._markdown.close()
        self._jsonl.close()

    def _append(self, markdown: str, record: Mapping[str, Any]) -> Stat:
        """Write both chunks; the JSONL file's size and mtime after, for the index."""
        self._write(self._jsonl, json.dumps(record, ensure_ascii=False, default=str) + "\n")
        self._write(self._markdown, markdown)
        stat = os.fstat(self._jsonl.fileno())
        return stat.st_size, stat.st_mtime_ns

    def _write(self, handle: IO[str], text: str) -> None:
        handle.write(text)
        handle.flush()
        if self._durable:
            os.fsync(handle.fileno())

    def __repr__(self) -> str:
        return f"RunLog({str(self.path)!r})"


def append_link(path: Path, *, relation: str, other: Path, step: int) -> None:
    """Note in a run's log (finished or not) that another run continues it at `step`.

    `relation` is "resumed" or "forked". Links are appended after everything else, so they
    never disturb the record of the run itself.
    """
    record = {"type": "link", "relation": relation, "run": other.stem, "path": str(other),
              "step": step, "at": datetime.now().astimezone().isoformat()}  # fmt: skip
    with path.with_suffix(".jsonl").open("a", encoding="utf-8") as jsonl:
        jsonl.write(json.dumps(record, ensure_ascii=False) + "\n")
    with path.open("a", encoding="utf-8") as markdown:
        markdown.write(_markdown.link(relation, other, step))
