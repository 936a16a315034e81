"""The parent's handle on one worker process: spawn, talk, enforce the clock, kill."""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ._budget import HostBudget, Limits
from ._host import builtin_exception, message_of, plain_arguments, plain_fields, prints
from ._plain import HostImage, encode_host_image
from ._protocol import FrameBuffer, ProtocolError, write_frame

ENV_ALLOWLIST = ("PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "USER")
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
_BOOTSTRAP = (
    "import sys; sys.path.insert(0, {root!r}); from react_repl.sandbox._worker import main; main()"
)


@dataclass
class RunOutcome:
    """What the parent learned while one action ran; `done` is None if the worker never finished."""

    output: list[str] = field(default_factory=list)
    kept: int = 0
    done: dict[str, Any] | None = None
    timed_out: bool = False
    failure: str | None = None
    stopped: bool = False
    answer: Any = None
    calls: dict[str, int] = field(default_factory=dict)
    host_calls: dict[str, int] = field(default_factory=dict)  # counted here, not by the worker


@dataclass
class _Boot:
    """A worker interpreter started and waiting for its config: its pipes and scratch folder.

    The interpreter and the sandbox's own modules take about 0.13 s to load; a boot started
    early (`prespawn`) does that while the parent does other work. It has no API, no sandbox
    environment and no agent code until the config frame arrives, so it can wait unconfined.
    """

    process: subprocess.Popen[bytes]
    to_parent: int
    from_parent: int
    scratch: str
    environment: dict[str, str]
    owner: int
    main_thread: bool

    @classmethod
    def start(cls) -> _Boot:
        """A private scratch folder per worker is its TMPDIR, and under the OS layer the only
        writable place besides the workspace; it is deleted with the worker. A Ctrl-C during the
        spawn closes the pipes, so a worker that did start reads end-of-file and exits."""
        scratch = tempfile.mkdtemp(prefix="react-repl-worker-")
        parent_in, child_out = os.pipe()
        child_in, parent_out = os.pipe()
        try:  # os.pipe() makes them non-inheritable: only pass_fds reach the worker
            process = _spawn({"TMPDIR": scratch}, child_in, child_out)
        except BaseException:
            for fd in (parent_in, parent_out, child_in, child_out):
                with contextlib.suppress(OSError):
                    os.close(fd)
            shutil.rmtree(scratch, ignore_errors=True)
            raise
        os.close(child_in)
        os.close(child_out)
        main_thread = threading.current_thread() is threading.main_thread()
        return cls(process, parent_in, parent_out, scratch, _inherited_environment(), os.getpid(),
                   main_thread)  # fmt: skip

    def discard(self) -> None:
        """SIGKILL the whole process group: anything the worker started dies with it. Safe to
        call twice: the pipes are closed once (a second close could hit a reused descriptor)."""
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        for fd in (self.to_parent, self.from_parent):
            with contextlib.suppress(OSError):
                os.close(fd)
        self.to_parent = self.from_parent = -1
        shutil.rmtree(self.scratch, ignore_errors=True)


_spare: list[_Boot] = []  # at most one, started by `prespawn`
_spare_lock = threading.Lock()


def prespawn() -> None:
    """Start the next sandbox worker's interpreter now, so that it has loaded by the time the
    sandbox is created: `react-repl run` calls this first, and the 0.13 s boot then runs on
    another core while the parent imports the model client, instead of before the first action.
    An unused boot is killed when this process exits."""
    with _spare_lock, contextlib.suppress(OSError):  # the sandbox's own spawn will say why
        if not _spare:
            _spare.append(_Boot.start())
            atexit.register(_discard_spare)


def _take_spare() -> _Boot | None:
    """The waiting boot if it is this process's and was started with today's environment."""
    with _spare_lock:
        boot = _spare.pop() if _spare else None
    if boot is None or boot.owner != os.getpid():  # a forked child must leave it alone
        return None
    if boot.process.poll() is None and boot.environment == _inherited_environment():
        return boot
    boot.discard()
    return None


def _discard_spare() -> None:
    boot = _take_spare()
    if boot is not None:
        boot.discard()


class WorkerProcess:
    def __init__(
        self, config: dict[str, Any], env: Mapping[str, str], registry: list[WorkerProcess]
    ) -> None:
        """`env` reaches the worker with its config, before it imports any API. The worker is put
        into `registry` (the sandbox kills what it holds on close) as soon as it exists: a Ctrl-C
        a moment later must not leave it running unowned."""
        boot = _take_spare() or _Boot.start()
        self._boot = boot
        self._process, self.scratch = boot.process, boot.scratch
        self._in, self._out = boot.to_parent, boot.from_parent
        registry.append(self)
        if (policy := config.get("os_layer")) is not None:
            policy = {**policy, "read_write": [*policy["read_write"], self.scratch]}
            config = {**config, "os_layer": policy}
        self._poller = select.poll()  # not select(): a big parent may hold fds above 1024
        self._poller.register(self._in, select.POLLIN)
        self._buffer = FrameBuffer()
        self._pending: list[dict[str, Any]] = []
        self._on_call: Callable[[str, str], None] | None = None
        self.ready = False
        self.confinement: dict[str, Any] = {}
        environment = {**{str(key): str(value) for key, value in env.items()},
                       "TMPDIR": self.scratch}  # fmt: skip
        message = {**config, "env": environment, "parent": os.getpid(),
                   "main_thread": boot.main_thread}  # fmt: skip
        write_frame(self._out, message)

    @property
    def pid(self) -> int:
        return self._process.pid

    def wait_ready(self, timeout: float) -> dict[str, Any]:
        """The worker's first answer: {"op": "ready"} or {"op": "init_error", ...}."""
        deadline = time.monotonic() + timeout
        while True:
            message = self._next(deadline)
            if message is None:
                timed_out = "worker start timed out"
                return {"op": "init_error", "error": "TimeoutError", "message": timed_out}
            if message.get("op") in ("ready", "init_error"):
                self.ready = message.get("op") == "ready"
                confinement = message.get("confinement")
                self.confinement = confinement if isinstance(confinement, dict) else {}
                return message

    def run(
        self, code: str, timeout: float, max_output: int, host: Mapping[str, Callable[..., Any]],
        used_in_run: Mapping[str, int], limits: Mapping[str, Limits],
        on_call: Callable[[str, str], None] | None = None,
    ) -> RunOutcome:  # fmt: skip
        outcome = RunOutcome()
        self._on_call = on_call
        budget = HostBudget(limits, used_in_run)
        outcome.host_calls = budget.counts
        deadline = time.monotonic() + timeout
        try:
            write_frame(self._out, {"op": "run", "code": code, "used": dict(used_in_run)})
            while outcome.done is None:
                message = self._next(deadline)
                if message is None:
                    outcome.timed_out = True
                    break
                self._handle(message, outcome, max_output, host, budget)
        except (OSError, EOFError, ProtocolError) as error:
            outcome.failure = _describe_failure(self._process, error)
        return outcome

    def request(self, message: dict[str, Any], reply_op: str, timeout: float) -> dict[str, Any]:
        """One question outside an action (snapshot, restore); None-safe: raises on silence."""
        deadline = time.monotonic() + timeout
        write_frame(self._out, message)
        while True:
            answer = self._next(deadline)
            if answer is None:
                raise TimeoutError(f"the worker did not answer {message.get('op')!r} in time")
            if answer.get("op") == reply_op:
                return answer

    def _handle(
        self, message: dict[str, Any], outcome: RunOutcome, max_output: int,
        host: Mapping[str, Callable[..., Any]], budget: HostBudget,
    ) -> None:  # fmt: skip
        op = message.get("op")
        if op == "out":
            text = str(message.get("text", ""))[: max(max_output - outcome.kept, 0)]
            outcome.output.append(text)
            outcome.kept += len(text)
        elif op in ("call", "call_end"):
            name = str(message.get("name"))
            if op == "call":
                outcome.calls[name] = outcome.calls.get(name, 0) + 1
            if self._on_call is not None:
                self._on_call(op, name)
        elif op == "stop":
            outcome.stopped = True
            outcome.answer = message.get("answer")
        elif op == "host_call":
            name = str(message.get("name"))
            refusal = budget.refusal(name) if name in host else ""  # unknown: _call_host says
            reply = _failed("RuntimeError", refusal) if refusal else _call_host(message, host)
            write_frame(self._out, reply)
        elif op == "done":
            outcome.done = message
        else:
            raise ProtocolError(f"unexpected message {op!r} from the worker")

    def _next(self, deadline: float) -> dict[str, Any] | None:
        """The next message, None when the deadline passes; EOFError when the worker is gone."""
        while not self._pending:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            if not self._poller.poll(max(1, int(remaining * 1000))):
                continue
            data = os.read(self._in, 1 << 16)
            if not data:
                raise EOFError("the worker closed its pipe")
            self._pending.extend(self._buffer.feed(data))
        return self._pending.pop(0)

    def kill(self) -> None:
        self._boot.discard()
        self._in = self._out = -1


def _inherited_environment() -> dict[str, str]:
    return {name: os.environ[name] for name in ENV_ALLOWLIST if name in os.environ}


def _spawn(extra: Mapping[str, str], child_in: int, child_out: int) -> subprocess.Popen[bytes]:
    env = {**_inherited_environment(), **extra}
    bootstrap = _BOOTSTRAP.format(root=_PACKAGE_ROOT)
    return subprocess.Popen(
        [sys.executable, "-I", "-c", bootstrap, str(child_in), str(child_out)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        pass_fds=(child_in, child_out), start_new_session=True, env=env,
    )  # fmt: skip


def _call_host(message: dict[str, Any], host: Mapping[str, Callable[..., Any]]) -> dict[str, Any]:
    """Run a parent-side function for the worker; only plain JSON goes back: the value, the
    text of a printing function (see prints_result), or an image as base64 (see HostImage)."""
    function = host.get(str(message.get("name")))
    args, kwargs = message.get("args"), message.get("kwargs")
    if function is None or not isinstance(args, list) or not isinstance(kwargs, dict):
        return _failed("RuntimeError", "bad host call")
    try:
        result = function(*args, **kwargs)
        if isinstance(result, HostImage):
            image = encode_host_image(result)
            return {"op": "host_result", "ok": True, "text": str(result.caption), "image": image}
        if not prints(function):
            return {"op": "host_result", "ok": True, "value": _plain_or_text(result)}
        text = str(result)
    except Exception as error:  # the agent sees type and message only
        name = type(error).__name__
        text = message_of(error, "(the error's message could not be read)")
        if builtin_exception(name) is not type(error):
            return _failed("RuntimeError", f"{name}: {text}")
        return {
            **_failed(name, text),
            "args": plain_arguments(error),
            "fields": plain_fields(error),
        }
    return {"op": "host_result", "ok": True, "text": text}


def _failed(error: str, message: str) -> dict[str, Any]:
    return {"op": "host_result", "ok": False, "error": error, "message": message}


def _plain_or_text(value: Any) -> Any:
    """JSON data crosses as data; anything else as its text, never as an object."""
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return str(value)
    return value


def _describe_failure(process: subprocess.Popen[bytes], error: BaseException) -> str:
    try:
        code = process.wait(timeout=1.0)
    except subprocess.TimeoutExpired:
        return f"the worker broke the protocol ({error})"
    if code < 0:
        name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
        return f"the worker process was killed by signal {name}"
    return f"the worker process exited with status {code}"
