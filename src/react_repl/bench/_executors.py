"""Where attempts run: a local process pool (the default) or a Ray cluster.

Both take the same picklable jobs and yield records as attempts finish, so the runner appends
each record the moment it exists. Each attempt builds its own sandbox, workspace and world inside
the worker, so attempts never share state whichever executor runs them.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import socket
import sys
from collections.abc import Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol

from react_repl.bench._attempt import AttemptJob, run_attempt
from react_repl.bench._results import AttemptRecord

_PR_SET_PDEATHSIG = 1


class ExecutorError(RuntimeError):
    """An executor that cannot start (Ray missing or unreachable); the message says what to do."""


class Executor(Protocol):
    def run(self, jobs: Iterable[AttemptJob]) -> Iterator[AttemptRecord]: ...

    def interrupt(self) -> None:
        """Stop running attempts now (Ctrl-C): their logs end as interrupted."""

    def close(self) -> None: ...


class LocalExecutor:
    """`workers` processes started with spawn (no inherited threads or locks), reused throughout."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool = ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_die_with_parent,
        )

    def run(self, jobs: Iterable[AttemptJob]) -> Iterator[AttemptRecord]:
        """Keep every worker busy, at most `workers` attempts in flight, records as they finish."""
        queue = iter(jobs)
        running: set[Future[AttemptRecord]] = set()
        try:
            while True:
                while len(running) < self.workers and (job := next(queue, None)) is not None:
                    running.add(self._pool.submit(_run_in_worker, job))
                if not running:
                    return
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        finally:
            for future in running:
                future.cancel()

    def interrupt(self) -> None:
        """SIGTERM makes a busy worker's agent stop as if Ctrl-C was pressed, an idle one exit."""
        children = multiprocessing.active_children()
        for child in children:
            child.terminate()
        for child in children:
            child.join(timeout=15)
            if child.is_alive():
                child.kill()
        self._pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class RayExecutor:
    """The same attempts as Ray tasks; no `address` starts a local instance with `workers` CPUs."""

    def __init__(self, workers: int, address: str | None) -> None:
        try:
            import ray
        except ImportError:
            raise ExecutorError("--executor ray needs Ray: pip install 'react-repl[ray]'") from None
        self._ray = ray
        self.workers = max(1, workers)
        options: dict[str, Any] = {"log_to_driver": False, "include_dashboard": False}
        if address:
            _check_reachable(address)
            options["address"] = address
        else:
            options["num_cpus"] = self.workers
        try:
            ray.init(**options)
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise ExecutorError(
                f"cannot reach the Ray cluster at {address or 'local'}: {error}"
            ) from None
        self._remote = ray.remote(num_cpus=1, max_retries=0)(run_attempt)

    def run(self, jobs: Iterable[AttemptJob]) -> Iterator[AttemptRecord]:
        queue = iter(jobs)
        running: list[Any] = []
        try:
            while True:
                while len(running) < self.workers and (job := next(queue, None)) is not None:
                    running.append(self._remote.remote(job))
                if not running:
                    return
                done, running = self._ray.wait(running, num_returns=1)
                for ref in done:
                    yield self._ray.get(ref)
        finally:
            for ref in running:
                self._ray.cancel(ref, force=True)

    def interrupt(self) -> None:
        self._ray.shutdown()

    def close(self) -> None:
        self._ray.shutdown()


def _check_reachable(address: str) -> None:
    """Ray retries an unreachable HOST:PORT for minutes; a plain connect fails in seconds."""
    host, sep, port = address.rpartition(":")
    if "://" in address or not sep or not port.isdigit():
        return  # "auto", "ray://…" (Ray Client): Ray resolves and reports these itself
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except OSError as error:
        raise ExecutorError(f"cannot reach the Ray cluster at {address}: {error}") from None


def make_executor(kind: str, workers: int, address: str | None) -> Executor:
    if kind == "local":
        return LocalExecutor(workers)
    if kind == "ray":
        return RayExecutor(workers, address)
    raise ExecutorError(f"unknown executor {kind!r}; use 'local' or 'ray'")


_busy = False


def _run_in_worker(job: AttemptJob) -> AttemptRecord:
    global _busy
    _busy = True
    try:
        return run_attempt(job)
    except KeyboardInterrupt:
        os._exit(130)  # stopped by the parent: the attempt's log already says interrupted
    finally:
        _busy = False


def _die_with_parent() -> None:
    """A worker must not outlive a benchmark killed with SIGKILL (its attempts would run on).

    Ctrl-C is the parent's to handle: it terminates the workers, and SIGTERM then ends a running
    attempt the way Ctrl-C ends `react-repl run` (its log says interrupted), or exits an idle one.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _on_terminate)
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _on_terminate(signum: int, frame: Any) -> None:
    if _busy:
        raise KeyboardInterrupt
    os._exit(0)
