"""Starting one llama-server, falling back to safer CPU code when the default crashes.

A start counts once the server is healthy and, the first time a profile is used on this runtime
and CPU, has answered one real completion (a crash in the matrix kernels may wait for the first
batch). A start killed by SIGILL, SIGSEGV or SIGBUS moves on to the next profile of
`_start_profiles.fallback_profiles`; the one that works is remembered and reported, so the user
knows why the model may run slower than on another machine.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from react_repl.local._cpu import loaded_variant, variant_name
from react_repl.local._errors import PortBusyError, ServerStartError
from react_repl.local._health import (
    ServerExitedError,
    answer_probe,
    fetch_context_size,
    wait_until_healthy,
)
from react_repl.local._leases import ServerState, reap_if_child, servers_dir, wait_until_gone
from react_repl.local._runtime import find_llama_server
from react_repl.local._start_profiles import (
    CPU_FAULT_SIGNALS,
    DEFAULT_PROFILE,
    LaunchProfile,
    binary_for,
    fallback_profiles,
    forget,
    recall,
    remember,
)

Progress = Callable[[str], None]
CACHE_REUSE_CHUNK = 256
HOST_PROMPT_CACHE_MIB = 1024
_REBUILD_HINT = (
    "Its CPU code does not run on this machine. Rebuild the runtime for any CPU with "
    "`bash scripts/install.sh` (a portable llama.cpp build), or point REACT_REPL_LLAMA_SERVER "
    "at a llama-server built on this machine."
)


@dataclass(frozen=True)
class StartRequest:
    """What the caller asked for; `name` is the alias clients pass as `model=`."""

    model_path: Path
    name: str
    threads: int
    ctx_size: int
    port: int | None
    timeout: float
    kept: bool


def start_server(request: StartRequest, report: Progress) -> ServerState:
    """Start a server for `request`, trying fallback profiles after a CPU-fault crash."""
    binary = find_llama_server()
    port = pick_port(request.port)
    remembered = recall(binary)
    queue = [remembered.profile if remembered else DEFAULT_PROFILE]
    crashes: list[str] = []
    expanded = False
    while queue:
        profile = queue.pop(0)
        trusted = remembered is not None and remembered.profile == profile
        if trusted and remembered and profile != DEFAULT_PROFILE:
            report(f"starting llama-server with {profile.describe()} ({remembered.reason})")
        try:
            state = _start_once(binary, profile, request, port, probe=not trusted, report=report)
        except ServerExitedError as crash:
            if crash.signal not in CPU_FAULT_SIGNALS:
                raise
            crashes.append(f"with {profile.describe()} it was killed by {crash.signal.name}")
            report(f"llama-server crashed ({crash.signal.name}); trying safer CPU code")
            if trusted:
                forget(binary)
                remembered = None
            if not expanded:
                queue = _fallbacks(binary, profile, crash.variant)
                expanded = True
            continue
        reason = remembered.reason if trusted and remembered else "; ".join(crashes)
        if not trusted:
            remember(binary, profile, reason or "the default started")
        return _with_fallback_note(state, profile, reason)
    raise ServerStartError(
        f"llama-server crashed at start-up every way we tried ({'; '.join(crashes)}). "
        f"{_REBUILD_HINT}"
    )


def _fallbacks(binary: Path, crashed: LaunchProfile, loaded: str | None) -> list[LaunchProfile]:
    """The ladder after `crashed`, below the CPU variant ggml picked when that is known."""
    picked = loaded if crashed == DEFAULT_PROFILE else None
    ladder = [DEFAULT_PROFILE, *fallback_profiles(binary.resolve().parent, picked)]
    return [profile for profile in ladder if profile != crashed]


def _with_fallback_note(state: ServerState, profile: LaunchProfile, why: str) -> ServerState:
    if profile == DEFAULT_PROFILE:
        return state
    note = (
        f"llama-server crashed at start-up on this machine ({why}), so it runs with "
        f"{profile.describe()}; this is remembered for later starts"
    )
    return replace(state, fallback=note)


def _start_once(
    binary: Path,
    profile: LaunchProfile,
    request: StartRequest,
    port: int,
    *,
    probe: bool,
    report: Progress,
) -> ServerState:
    executable = binary_for(binary, profile)
    report(f"starting llama-server for {request.name} on port {port}")
    process = launch(executable, request, port, profile.args)
    log = log_path(port)
    seen: list[Path] = []

    def exit_code() -> int | None:
        """Also notes which CPU variant it loaded, while it is alive to be asked."""
        if not seen and (library := loaded_variant(process.pid)):
            seen.append(library)
        return process.poll()

    try:
        wait_until_healthy(port, exit_code, report=report, log=log, timeout=request.timeout)
        if probe:
            report("checking that the model answers")
            answer_probe(port, exit_code, log=log)
        reported_ctx = fetch_context_size(port) or request.ctx_size
    except ServerExitedError as crash:
        crash.variant = variant_name(seen[0]) if seen else None
        raise
    except BaseException:
        _kill(process)
        raise
    return ServerState(
        pid=process.pid,
        port=port,
        model_path=str(request.model_path),
        model_name=request.name,
        ctx_size=request.ctx_size,
        n_ctx=reported_ctx,
        threads=request.threads,
        started=time.time(),
        profile=profile.describe(),
        kept=request.kept,
    )


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Our own half-started child: no pid check needed, and it must not outlive the error."""
    if process.poll() is None:
        process.kill()
    process.wait()
    reap_if_child(process.pid)
    wait_until_gone(process.pid, timeout=5)


def log_path(port: int) -> Path:
    return servers_dir() / f"{port}.log"


def default_threads() -> int:
    """All cores but one, because a descheduled llama.cpp thread stalls all the others.

    Its threads wait for each other at every layer, so a core taken by anything else (the
    agent's own sandbox and search, or other users) slows the whole step. On the shared 2-core
    machine 1 thread generated 8.3 tokens/s and 2 threads 1.3 (benchmarks/local_model.py).
    """
    return max(1, len(os.sched_getaffinity(0)) - 1)


def pick_port(requested: int | None) -> int:
    """The requested port if it is free, else any free one the kernel hands out."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", requested or 0))
        except OSError as error:
            raise PortBusyError(
                f"port {requested} on 127.0.0.1 is in use ({error.strerror}); "
                "choose another port or leave it unset to pick a free one"
            ) from error
        return int(probe.getsockname()[1])


def launch(
    binary: Path, request: StartRequest, port: int, extra: tuple[str, ...]
) -> subprocess.Popen[bytes]:
    """Start detached (own session, no terminal) so the server outlives this run and Ctrl-C.

    It runs in its binary's folder because ggml also loads CPU backends from the working
    directory: the user's folder must not change which CPU code runs.

    The flags suit one agent at a time with a long, growing, shared prompt prefix. One slot gets
    the whole context and keeps the previous request's tokens, so each ReAct step only evaluates
    what is new; `--cache-reuse` also salvages chunks after an edit mid-prompt. The host-memory
    cache of other prompts is capped well below llama-server's 8 GiB default: this machine is
    shared and the agent needs one prompt kept, not dozens. `--jinja` applies the chat template
    stored in the GGUF instead of a built-in guess.
    """
    command = [
        str(binary),
        *("--model", str(request.model_path), "--alias", request.name),
        *("--host", "127.0.0.1", "--port", str(port)),
        *("--ctx-size", str(request.ctx_size), "--parallel", "1"),
        *("--threads", str(request.threads), "--threads-batch", str(request.threads)),
        *("--cache-reuse", str(CACHE_REUSE_CHUNK), "--cache-ram", str(HOST_PROMPT_CACHE_MIB)),
        "--jinja",
        "--no-webui",
        *extra,
    ]
    log = log_path(port)
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as output:
        return subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            cwd=binary.parent,
            start_new_session=True,
            close_fds=True,
        )
