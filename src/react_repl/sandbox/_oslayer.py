"""The second wall: the worker confines itself at the OS level before any agent code runs.

Why the worker and not a separate API process: API calls hand rich objects, callbacks, agent
generators and containers filled in place across the boundary, by reference inside one
interpreter (`_boundary.py`). Splitting API code into another process would turn every call into
serialisation and every handle into a remote reference, and still leave that process with the
files and network the APIs need. Confining the one worker to exactly what the APIs need gives an
attacker who breaks RestrictedPython *and* the guards no more than the APIs already had. What
each step allows is listed in docs/sandbox.md (The OS layer); where the kernel lacks a feature,
the worker says so in its ready message (Sandbox.confinement) and goes on with what it has.

Landlock is called through ctypes rather than a PyPI package because those were pre-1.0 and
cover fewer ABI versions than this needs (TCP rules arrived in ABI 4, scoping in ABI 6).
"""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import _seccomp

_PR_SET_NO_NEW_PRIVS = 38
_PR_CAPBSET_DROP = 24
_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL = 47, 4
_CAPSET = {"x86_64": 126, "aarch64": 91}
_LINUX_CAPABILITY_VERSION_3 = 0x20080522
_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446  # the same on x86_64 and aarch64
_EXECUTE, _WRITE_FILE, _READ_FILE, _READ_DIR, _REMOVE_DIR, _REMOVE_FILE = (1 << n for n in range(6))
_MAKE_DIR, _MAKE_REG, _REFER, _TRUNCATE, _IOCTL_DEV = 1 << 7, 1 << 8, 1 << 13, 1 << 14, 1 << 15
_FS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 5: (1 << 16) - 1}
_FILE_RIGHTS = _EXECUTE | _WRITE_FILE | _READ_FILE | _TRUNCATE | _IOCTL_DEV
_NET_BIND_TCP, _NET_CONNECT_TCP = 1, 2  # ABI 4
_SCOPE_ABSTRACT_UNIX_SOCKET, _SCOPE_SIGNAL = 1, 2  # ABI 6
_READ_ONLY = _READ_FILE | _READ_DIR
_READ_WRITE = _READ_ONLY | _WRITE_FILE | _REMOVE_DIR | _REMOVE_FILE | _MAKE_DIR | _MAKE_REG
_READ_WRITE |= _REFER | _TRUNCATE
_DEVICE = _READ_FILE | _WRITE_FILE

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
    """The interpreter, its standard library and installed packages, and this package. Other
    `sys.path` entries (a script's folder, a repository root) are left out on purpose: modules
    already imported from them keep working, but they are not readable afterwards."""
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
    Returns what was applied and what the kernel could not provide. Each step is atomic (a Landlock
    domain or a seccomp filter is installed whole or not at all), so a step the kernel refuses is
    reported under `missing` and the worker goes on with the others."""
    report: dict[str, Any] = {"enabled": True, "missing": []}
    if sys.platform != "linux":
        return {"enabled": False, "missing": [f"the OS layer (Linux only, not {sys.platform})"]}
    _libc().prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    report["capabilities"] = _drop_capabilities()
    network = bool(policy["network"])
    rules = [(path, _READ_ONLY) for path in policy["read_only"]]
    rules += [(path, _READ_WRITE) for path in policy["read_write"]]
    rules += [(path, _DEVICE) for path in policy["devices"]]
    try:
        landlock = _restrict(rules, deny_connect=not network)
    except OSError as error:
        landlock = _LandlockResult(_abi_version(), False, [str(error)])
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
    _fields_ = [(name, ctypes.c_uint32) for name in ("effective", "permitted", "inheritable")]


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


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_uint64) for name in ("handled_access_fs", "handled_access_net", "scoped")
    ]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = (("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32))


@dataclass
class _LandlockResult:
    abi: int
    applied: bool
    missing: list[str] = field(default_factory=list)


def _abi_version() -> int:
    """0 when the kernel has no Landlock (or it is disabled at boot)."""
    version = _libc().syscall(_CREATE_RULESET, None, ctypes.c_size_t(0), 1)  # 1: get the version
    return max(int(version), 0)


def _restrict(rules: Iterable[tuple[str, int]], *, deny_connect: bool) -> _LandlockResult:
    """Confine this process (and any thread started later) to `rules` (path, rights); TCP bind
    is always refused. Every right the running kernel does not know is dropped from the
    request, and reported. Paths that do not exist (or that the kernel will not take a rule
    for) are skipped, which leaves them closed. Requires no_new_privs set before."""
    abi = _abi_version()
    if abi == 0:
        return _LandlockResult(0, False, ["Landlock (kernel has none or it is disabled)"])
    handled_fs = _FS_BY_ABI[max(key for key in _FS_BY_ABI if key <= abi)]
    handled_net = _NET_BIND_TCP | (_NET_CONNECT_TCP if deny_connect else 0) if abi >= 4 else 0
    scoped = _SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL if abi >= 6 else 0
    attr = _RulesetAttr(handled_fs, handled_net, scoped)
    size = 8 if abi < 4 else 16 if abi < 6 else 24  # older kernels reject unknown trailing fields
    libc = _libc()
    ruleset = _check(libc.syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), 0))
    try:
        for path, rights in rules:
            _add_path_rule(ruleset, path, rights & handled_fs)
        _check(libc.syscall(_RESTRICT_SELF, ruleset, 0))
    finally:
        os.close(ruleset)
    missing = [
        text
        for needed, text in (
            (2, "Landlock ABI 2 (renames across folders are refused everywhere)"),
            (3, "Landlock ABI 3 (truncating files is not confined)"),
            (4, "Landlock ABI 4 (TCP rules; seccomp still refuses sockets)"),
            (6, "Landlock ABI 6 (signal and abstract-socket scoping; seccomp covers kill)"),
        )
        if abi < needed
    ]
    return _LandlockResult(abi, True, missing)


def _add_path_rule(ruleset: int, path: str, rights: int) -> None:
    try:
        fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError:
        return
    try:
        if not os.path.isdir(path):
            rights &= _FILE_RIGHTS
        rule = _PathBeneathAttr(rights, fd)
        # A rule the kernel refuses only leaves that path closed: deny is the default.
        _libc().syscall(_ADD_RULE, ruleset, 1, ctypes.byref(rule), 0)  # 1: a path-beneath rule
    finally:
        os.close(fd)


def _check(result: int) -> int:
    if result < 0:
        error = ctypes.get_errno()
        raise OSError(error, f"landlock: {os.strerror(error)}")
    return int(result)
