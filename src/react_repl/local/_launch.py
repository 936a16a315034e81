"""The `llama-server` command line and the detached process that runs it."""

from __future__ import annotations

import os
import socket
import subprocess
from pathlib import Path

from react_repl.local._errors import PortBusyError
from react_repl.local._state import servers_dir

CACHE_REUSE_CHUNK = 256
HOST_PROMPT_CACHE_MIB = 1024


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
    binary: Path,
    model_path: Path,
    name: str,
    *,
    port: int,
    threads: int,
    ctx_size: int,
    extra: tuple[str, ...] = (),
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
        *("--model", str(model_path), "--alias", name),
        *("--host", "127.0.0.1", "--port", str(port)),
        *("--ctx-size", str(ctx_size), "--parallel", "1"),
        *("--threads", str(threads), "--threads-batch", str(threads)),
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
