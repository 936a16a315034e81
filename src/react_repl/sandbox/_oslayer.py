"""The second wall: the worker confines itself at the OS level before any agent code runs.

Why the worker and not a separate API process: API calls hand rich objects, callbacks, agent
generators and containers filled in place across the boundary, all by reference inside one
interpreter (`_boundary.py`). Splitting API code into another process would turn every call into
serialisation and every handle into a remote reference, and still leave that process with the
files and network the APIs need. Confining the one worker to exactly what the APIs need gives
an attacker who breaks RestrictedPython *and* the guards no more than the APIs already had:

* files: read-only the interpreter, its packages and the API modules; read-write only the
  workspace and a private scratch folder (TMPDIR); nothing else, `/proc`, `/home` and other
  users' files included (Landlock);
* no new programs, no new processes, no ptrace, no signals to other processes, none of the
  kernel interfaces a sandbox escape usually needs (seccomp, with no_new_privs);
* the network only when an API declares `network=True`, and then TCP/UDP client sockets only
  (seccomp refuses every socket otherwise; Landlock refuses TCP connect and, always, bind);
* no capabilities, even when the worker runs as root.

Where the kernel lacks a feature, the worker says so in its ready message (Sandbox.confinement)
and goes on with what it has.
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from . import _landlock, _seccomp

_PR_SET_NO_NEW_PRIVS = 38
_PR_CAPBSET_DROP = 24
_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL = 47, 4
_CAPSET = {"x86_64": 126, "aarch64": 91}
_LINUX_CAPABILITY_VERSION_3 = 0x20080522

_SYSTEM_READ_ONLY = (
    "/usr", "/lib", "/lib64", "/lib32", "/etc/ssl", "/etc/ca-certificates", "/etc/pki",
    "/etc/resolv.conf", "/etc/hosts", "/etc/nsswitch.conf", "/etc/gai.conf", "/etc/host.conf",
    "/etc/localtime", "/etc/timezone", "/etc/mime.types", "/etc/services", "/etc/protocols",
    "/etc/fonts", "/etc/ld.so.cache",
)  # fmt: skip
_DEVICES = ("/dev/null", "/dev/zero", "/dev/urandom", "/dev/random")
_CONFIG_NAMES = ("react-repl.toml", "pyproject.toml")


def plan(
    workspace: Path,
    api_files: Iterable[str | None],
    extra_readable: Iterable[str | os.PathLike[str]],
    network: bool,
) -> dict[str, Any]:
    """Parent side: the paths the worker keeps, as JSON for its start-up message (each worker
    adds its own scratch folder to `read_write`)."""
    readable = {*_interpreter_paths(), *_SYSTEM_READ_ONLY, *_config_files(Path.cwd())}
    readable.update(str(Path(file).resolve().parent) for file in api_files if file)
    readable.update(str(Path(path).resolve()) for path in extra_readable)
    return {
        "read_only": sorted(readable),
        "read_write": [str(workspace)],
        "devices": list(_DEVICES),
        "network": network,
    }


def _interpreter_paths() -> set[str]:
    """The interpreter, its standard library and installed packages, and this package.

    Other `sys.path` entries (a script's folder, a repository root) are left out on purpose:
    modules already imported from them keep working, but they are not readable afterwards."""
    prefixes = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    paths = {str(Path(prefix).resolve()) for prefix in prefixes}
    for entry in sys.path:
        resolved = Path(entry).resolve() if entry else None
        if resolved is not None and (
            resolved.name in ("site-packages", "dist-packages") or resolved.suffix == ".zip"
        ):
            paths.add(str(resolved))
    paths.add(str(Path(__file__).resolve().parents[1]))  # react_repl itself
    return paths


def _config_files(folder: Path) -> set[str]:
    """The API modules read their settings file lazily (apis/_config.py): the first
    react-repl.toml or pyproject.toml from the working directory up to the repository root."""
    found: set[str] = set()
    for candidate in (folder.resolve(), *folder.resolve().parents):
        found.update(str(candidate / name) for name in _CONFIG_NAMES)
        if (candidate / ".git").exists():
            break
    return found


def apply(policy: Mapping[str, Any]) -> dict[str, Any]:
    """Worker side, after the APIs are loaded and before any agent code: confine this process.

    Returns what was applied and what the kernel could not provide. Each step is atomic (a
    Landlock domain or a seccomp filter is installed whole or not at all), so a step the kernel
    refuses is reported under `missing` and the worker goes on with the others."""
    report: dict[str, Any] = {"enabled": True, "missing": []}
    if sys.platform != "linux":
        return {"enabled": False, "missing": [f"the OS layer (Linux only, not {sys.platform})"]}
    _libc().prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    report["capabilities"] = _drop_capabilities()
    network = bool(policy["network"])
    rules = [(path, _landlock.READ_ONLY) for path in policy["read_only"]]
    rules += [(path, _landlock.READ_WRITE) for path in policy["read_write"]]
    rules += [(path, _landlock.DEVICE) for path in policy["devices"]]
    try:
        landlock = _landlock.restrict(rules, deny_bind=True, deny_connect=not network)
    except OSError as error:
        landlock = _landlock.LandlockResult(_landlock.abi_version(), False, [str(error)])
    report["landlock_abi"] = landlock.abi
    report["files"] = "landlock" if landlock.applied else "not confined"
    report["missing"].extend(landlock.missing)
    try:
        seccomp = _seccomp.install(allow_network=network)
    except OSError as error:
        seccomp = _seccomp.SeccompResult(False, f"seccomp not applied: {error}")
    report["seccomp"] = seccomp.detail
    if not seccomp.applied:
        report["missing"].append(seccomp.detail)
    report["network"] = "allowed (an API declares network=True)" if network else "refused"
    report["read_write"] = list(policy["read_write"])
    return report


def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


class _CapHeader(ctypes.Structure):
    _fields_ = (("version", ctypes.c_uint32), ("pid", ctypes.c_int))


class _CapData(ctypes.Structure):
    _fields_ = (
        ("effective", ctypes.c_uint32),
        ("permitted", ctypes.c_uint32),
        ("inheritable", ctypes.c_uint32),
    )


def _drop_capabilities() -> str:
    """A worker started as root keeps root's capabilities (CAP_DAC_OVERRIDE reads every file,
    CAP_SYS_ADMIN mounts); Landlock and seccomp bound it, dropping them all removes the rest."""
    libc = _libc()
    for capability in range(_last_capability() + 1):
        libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0)  # fails harmlessly without CAP_SETPCAP
    libc.prctl(_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    number = _CAPSET.get(os.uname().machine)
    if number is None:
        return f"kept (capset unknown on {os.uname().machine})"
    header = _CapHeader(_LINUX_CAPABILITY_VERSION_3, 0)
    data = (_CapData * 2)()
    if libc.syscall(number, ctypes.byref(header), data) != 0:
        return f"kept (capset: {os.strerror(ctypes.get_errno())})"
    return "all dropped"


def _last_capability() -> int:
    try:
        return int(Path("/proc/sys/kernel/cap_last_cap").read_text())
    except (OSError, ValueError):
        return 63
