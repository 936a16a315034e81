"""The public face: a persistent restricted namespace living in a killable worker process."""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
import logging
import os
import signal
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, TypedDict

from react_repl._secrets import Redactor, environment_secrets, secret_values

from . import _catalogue, _oslayer
from ._answer import Observation, SandboxError
from ._budget import (
    DEFAULT_MAX_CALLS_PER_ACTION,
    DEFAULT_MAX_CALLS_PER_RUN,
    check_limit,
    resolve_limits,
)
from ._observation import finished, interrupted
from ._plain import HostImage
from ._process import RunOutcome, WorkerProcess
from ._protocol import ProtocolError
from ._references import check_names, describe_all, named_items, signature_text

DEFAULT_PREINJECT = ("datetime", "date", "timedelta", "timezone", "math", "json", "re")
WORKSPACE_ENV = "REACT_REPL_WORKSPACE"
DEFAULT_WORKSPACE = "workspace"
_START_TIMEOUT = 60.0
_RESERVED_NAMES = frozenset({"stop", "help", "print"})
_log = logging.getLogger("react_repl.sandbox")


class SandboxSettings(TypedDict, total=False):
    """The keyword arguments of `Sandbox` as one typed value: the `[sandbox]` table of the
    config file and `Agent(sandbox_settings=...)` carry them to every sandbox a run starts, and
    typing them lets a checker catch a misspelt key."""

    timeout: float
    memory_mb: int
    max_output: int
    recursion_limit: int
    preinject: Iterable[str]
    env: Mapping[str, str]
    max_calls_per_action: int | None
    max_calls_per_run: int | None
    call_limits: Mapping[str, Mapping[str, int | None]]
    workspace: str | os.PathLike[str] | None
    os_confinement: bool
    network: bool | None
    readable_paths: Iterable[str | os.PathLike[str]]


class Sandbox:
    """Runs agent actions one after another in one namespace, within per-action limits.

    Each Sandbox owns a worker process; a worker that has to be killed (timeout, crash) is
    replaced at once, and the next observation says which variables were lost.
    """

    def __init__(
        self,
        apis: Mapping[str, Callable[..., Any]] | Iterable[Callable[..., Any]] = (),
        *,
        timeout: float = 30.0,
        memory_mb: int = 1024,
        max_output: int = 20_000,
        recursion_limit: int = 500,
        preinject: Iterable[str] = DEFAULT_PREINJECT,
        host_functions: Mapping[str, Callable[..., str | HostImage]] = {},  # never mutated
        env: Mapping[str, str] = {},  # never mutated
        max_calls_per_action: int | None = DEFAULT_MAX_CALLS_PER_ACTION,
        max_calls_per_run: int | None = DEFAULT_MAX_CALLS_PER_RUN,
        call_limits: Mapping[str, Mapping[str, int | None]] = {},  # never mutated
        workspace: str | os.PathLike[str] | None = None,
        os_confinement: bool = True,
        network: bool | None = None,
        readable_paths: Iterable[str | os.PathLike[str]] = (),
    ) -> None:
        """Every parameter is documented in docs/sandbox.md. `max_calls_per_action` /
        `max_calls_per_run` are the call budgets of an API that declares nothing (None: unlimited),
        `call_limits` overrides them per API (see _budget.py). `workspace` is the one folder the
        worker may write (besides a private scratch folder)."""
        _require_positive(
            timeout=timeout, memory_mb=memory_mb, max_output=max_output,
            recursion_limit=recursion_limit,
        )  # fmt: skip
        names = _names(preinject)
        _catalogue.check_preinject(names)
        check_limit("max_calls_per_action", max_calls_per_action)
        check_limit("max_calls_per_run", max_calls_per_run)
        self.timeout = float(timeout)
        self.max_output = int(max_output)
        # ("call" or "call_end", API name) as the worker reports them, in the acting thread
        self.on_api_call: Callable[[str, str], None] | None = None
        self._host = dict(host_functions)
        self.workspace = _workspace(workspace, env)
        self._env = {**env, WORKSPACE_ENV: str(self.workspace)}
        items = named_items(apis)
        references = describe_all(items)
        self._redact = Redactor(
            environment_secrets(self._env, os.environ) | secret_values(f for _, f in items)
        )
        check_names([*(r["name"] for r in references), *self._host], _RESERVED_NAMES)
        declared: dict[str, Any] = {
            str(reference["name"]): _declaration(str(reference["name"]), function)
            for reference, (_, function) in zip(references, items, strict=True)
        }
        declared.update(dict.fromkeys(self._host))
        limits = resolve_limits(declared, (max_calls_per_action, max_calls_per_run), call_limits)
        self._limits = limits
        if network is None:
            network = any(d is not None and d.network for d in declared.values())
        os_layer = None
        if os_confinement:
            api_files = (reference["file"] for reference in references)
            os_layer = _oslayer.plan(self.workspace, api_files, readable_paths, network)
        self._run_calls: dict[str, int] = {}
        self._config = {
            "sys_path": [path for path in sys.path if isinstance(path, str)],
            "apis": references,
            "host_functions": [_describe_host(name, fn) for name, fn in self._host.items()],
            "preinject": list(names),
            "max_output": self.max_output,
            "memory_mb": int(memory_mb),
            "recursion_limit": int(recursion_limit),
            "budgets": {name: list(pair) for name, pair in limits.items()},
            "os_layer": os_layer,
            "read_only": [
                name for name, declared_as in declared.items()
                if declared_as is not None and declared_as.read_only_arguments
            ],
        }  # fmt: skip
        self._variables: list[str] = []
        self._lock = threading.RLock()
        self._workers: list[WorkerProcess] = []
        self._finalizer = weakref.finalize(self, _kill_all, self._workers, os.getpid())
        try:
            self._worker = self._spawn()
            self._ensure_ready(self._worker)
        except BaseException:
            # Ctrl-C while the worker starts: the worker dies now, not whenever this half-built
            # Sandbox is collected (the error's traceback keeps it alive meanwhile)
            self.close()
            raise
        missing = self.confinement.get("missing") if os_confinement else None
        if missing:
            _log.warning("sandbox OS layer incomplete on this kernel: %s", "; ".join(missing))

    @property
    def confinement(self) -> dict[str, Any]:
        """What the OS layer applied in the current worker and what the kernel could not
        provide (`missing`); worth recording in a run's log."""
        return dict(self._worker.confinement)

    @property
    def variables(self) -> list[str]:
        """Names the agent defined (or rebound) that a reset would lose."""
        return list(self._variables)

    def run(self, code: str) -> Observation:
        self._check_open()
        if not isinstance(code, str):
            raise TypeError(f"code must be a str, not {type(code).__name__}")
        with self._lock:  # one action at a time: the worker serves a single conversation
            started = time.monotonic()
            self._ensure_ready(self._worker)
            try:
                outcome = self._worker.run(
                    code, self.timeout, self.max_output, self._host, self._run_calls, self._limits,
                    self.on_api_call,
                )  # fmt: skip
            except BaseException:
                # Interrupted mid-action (Ctrl-C, an exception from a host function's caller):
                # the worker's state is unknown, so it is replaced rather than trusted.
                self._replace_worker()
                raise
            return self._observe(outcome, time.monotonic() - started)

    def interrupt(self) -> None:
        """End the action in progress from another thread (a cancelled run): its worker is
        killed, `run` returns an observation that says so, and the next action gets a fresh
        worker (the namespace is lost, as after a timeout)."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self._worker.pid, signal.SIGKILL)

    def snapshot(self) -> dict[str, Any]:
        """The namespace's plain values as JSON-able data, and the names of what was lost
        (handles, functions, classes, other objects) with the reason, for `restore()`.
        Raises SandboxError when it cannot be taken; `unsaved_snapshot()` records that."""
        with self._lock:
            reply = self._ask({"op": "snapshot"}, "snapshot")
            if "error" in reply:  # the worker and its namespace are still there
                raise SandboxError(f"the namespace could not be saved: {reply['error']}")
            snapshot = reply.get("snapshot")
            if not isinstance(snapshot, dict):
                raise SandboxError("the worker sent no snapshot")
            return snapshot

    def restore(self, snapshot: Mapping[str, Any]) -> list[str]:
        """Start a fresh namespace holding the snapshot's values; returns the names that could
        not be restored. Every guard applies as in any fresh namespace, and nothing of the
        current namespace (or of the session the snapshot came from) survives but the data."""
        self._check_open()
        if not isinstance(snapshot, Mapping):
            raise TypeError(f"snapshot must be a dict, not {type(snapshot).__name__}")
        with self._lock:
            self._reset()
            reply = self._ask({"op": "restore", "snapshot": dict(snapshot)}, "restored")
            if "error" in reply:
                raise ValueError(f"cannot restore: {reply['error']}")
            variables = reply.get("variables")
            self._variables = [str(n) for n in variables] if isinstance(variables, list) else []
            names = reply.get("not_restored")
            return [str(name) for name in names] if isinstance(names, list) else []

    def _check_open(self) -> None:
        if self._finalizer.alive is False:
            raise SandboxError("this Sandbox is closed")

    def _ask(self, message: dict[str, Any], reply_op: str) -> dict[str, Any]:
        self._check_open()
        self._ensure_ready(self._worker)
        try:
            return self._worker.request(message, reply_op, self.timeout)
        except (OSError, EOFError, ProtocolError) as error:
            self._replace_worker()
            raise SandboxError(f"the worker failed while answering: {error}") from None

    def reset(self) -> None:
        """Throw the namespace away and start a fresh worker."""
        with self._lock:
            self._reset()

    def _reset(self) -> None:
        self._replace_worker()
        self._variables = []

    def close(self) -> None:
        self._finalizer()

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _spawn(self) -> WorkerProcess:
        return WorkerProcess(self._config, self._env, self._workers)

    def _ensure_ready(self, worker: WorkerProcess) -> None:
        if worker.ready:
            return
        reply = worker.wait_ready(_START_TIMEOUT)
        if reply.get("op") != "ready":
            self.close()
            raise SandboxError(
                f"the sandbox worker could not start: {reply.get('error')}: {reply.get('message')}"
            )
        secrets = reply.get("secrets")
        if isinstance(secrets, list):
            self._redact.add(str(value) for value in secrets)

    def _replace_worker(self) -> None:
        """Kill the worker and spawn the next one now, so it boots while the model thinks."""
        old = self._worker
        old.kill()
        self._workers.remove(old)
        self._worker = self._spawn()

    def _observe(self, outcome: RunOutcome, duration: float) -> Observation:
        counted = dict(outcome.calls)  # kept across resets: budgets are per run
        for name, count in outcome.host_calls.items():
            counted[name] = max(counted.get(name, 0), count)
        for name, count in counted.items():
            self._run_calls[name] = self._run_calls.get(name, 0) + count
        if outcome.done is not None:
            observation, variables = finished(outcome, self.max_output, duration)
            self._variables = list(variables)
            return self._redacted(observation)
        lost = tuple(self._variables)
        self._reset()
        return self._redacted(interrupted(outcome, self.max_output, duration, self.timeout, lost))

    def _redacted(self, observation: Observation) -> Observation:
        """The last step before the model sees it, whatever path made the text (rule 2 of
        react_repl._secrets: the values the sandbox knows are secret, credentials in URLs)."""
        return dataclasses.replace(observation, text=self._redact(observation.text))


def _kill_all(workers: list[WorkerProcess], owner: int) -> None:
    """Runs on close, garbage collection and exit; a forked child must not kill our workers."""
    if os.getpid() != owner:
        return
    while workers:
        workers.pop().kill()


def _names(preinject: Iterable[str]) -> tuple[str, ...]:
    if isinstance(preinject, str):
        raise TypeError("preinject must be an iterable of names, for example ('math', 'json')")
    names = tuple(preinject)
    if not all(isinstance(name, str) for name in names):
        raise TypeError("preinject must contain names (str)")
    return names


def _workspace(explicit: str | os.PathLike[str] | None, env: Mapping[str, str]) -> Path:
    folder = Path(explicit or env.get(WORKSPACE_ENV) or DEFAULT_WORKSPACE).expanduser().resolve()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SandboxError(f"cannot create the workspace folder {folder}: {error}") from None
    return folder


def _declaration(name: str, function: Callable[..., Any]) -> Any:
    # Imported here: the worker imports this package too, and must not pay for the registry.
    from react_repl.registry import declaration_of

    try:
        return declaration_of(function)
    except ValueError as error:
        raise SandboxError(f"{name}: {error}") from None


def _describe_host(name: str, function: Callable[..., Any]) -> dict[str, Any]:
    if not callable(function):
        raise SandboxError(f"host function {name!r} is not callable")
    return {"name": name, "signature": signature_text(function), "doc": inspect.getdoc(function)}


def _require_positive(**values: float) -> None:
    for name, value in values.items():
        if not isinstance(value, int | float) or isinstance(value, bool) or value <= 0:
            raise ValueError(f"{name} must be a positive number, got {value!r}")
