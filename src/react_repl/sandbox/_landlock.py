"""Landlock, the kernel's unprivileged file-system (and TCP, and scope) sandbox, via ctypes.

Three system calls and three structs; written here rather than taken from PyPI because the
Python packages for it were pre-1.0 and cover fewer ABI versions than this needs (TCP rules
arrived in ABI 4, signal and abstract-socket scoping in ABI 6). Every right the running kernel
does not know is dropped from the request, and the caller is told what was left out.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Iterable
from dataclasses import dataclass, field

_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446  # the same on x86_64 and aarch64
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1

EXECUTE = 1 << 0
WRITE_FILE = 1 << 1
READ_FILE = 1 << 2
READ_DIR = 1 << 3
REMOVE_DIR = 1 << 4
REMOVE_FILE = 1 << 5
MAKE_CHAR = 1 << 6
MAKE_DIR = 1 << 7
MAKE_REG = 1 << 8
MAKE_SOCK = 1 << 9
MAKE_FIFO = 1 << 10
MAKE_BLOCK = 1 << 11
MAKE_SYM = 1 << 12
REFER = 1 << 13  # ABI 2
TRUNCATE = 1 << 14  # ABI 3
IOCTL_DEV = 1 << 15  # ABI 5
_FS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 5: (1 << 16) - 1}
_FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | TRUNCATE | IOCTL_DEV

NET_BIND_TCP = 1 << 0  # ABI 4
NET_CONNECT_TCP = 1 << 1
SCOPE_ABSTRACT_UNIX_SOCKET = 1 << 0  # ABI 6
SCOPE_SIGNAL = 1 << 1

READ_ONLY = READ_FILE | READ_DIR
READ_WRITE = (
    READ_ONLY | WRITE_FILE | REMOVE_DIR | REMOVE_FILE | MAKE_DIR | MAKE_REG | REFER | TRUNCATE
)
DEVICE = READ_FILE | WRITE_FILE


class _RulesetAttr(ctypes.Structure):
    _fields_ = (
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    )


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = (("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32))


@dataclass
class LandlockResult:
    abi: int
    applied: bool
    missing: list[str] = field(default_factory=list)


_libc = ctypes.CDLL(None, use_errno=True)


def abi_version() -> int:
    """0 when the kernel has no Landlock (or it is disabled at boot)."""
    version = _libc.syscall(_CREATE_RULESET, None, ctypes.c_size_t(0), _CREATE_RULESET_VERSION)
    return max(int(version), 0)


def restrict(
    rules: Iterable[tuple[str, int]], *, deny_bind: bool, deny_connect: bool
) -> LandlockResult:
    """Confine this process (and any thread started later) to `rules` (path, rights).

    Requires no_new_privs set before. Paths that do not exist (or that the kernel will not take
    a rule for) are skipped, which leaves them closed.
    """
    abi = abi_version()
    if abi == 0:
        return LandlockResult(0, False, ["Landlock (kernel has none or it is disabled)"])
    handled_fs = _FS_BY_ABI[max(key for key in _FS_BY_ABI if key <= abi)]
    missing = _missing(abi, deny_bind or deny_connect)
    handled_net = 0
    if abi >= 4:
        handled_net = (NET_BIND_TCP if deny_bind else 0) | (NET_CONNECT_TCP if deny_connect else 0)
    scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0
    attr = _RulesetAttr(handled_fs, handled_net, scoped)
    size = 8 if abi < 4 else 16 if abi < 6 else 24  # older kernels reject unknown trailing fields
    ruleset = _check(_libc.syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), 0))
    try:
        for path, rights in rules:
            _add_path_rule(ruleset, path, rights & handled_fs)
        _check(_libc.syscall(_RESTRICT_SELF, ruleset, 0))
    finally:
        os.close(ruleset)
    return LandlockResult(abi, True, missing)


def _missing(abi: int, wants_network_rules: bool) -> list[str]:
    missing = []
    if abi < 2:
        missing.append("Landlock ABI 2 (renames across folders are refused everywhere)")
    if abi < 3:
        missing.append("Landlock ABI 3 (truncating files is not confined)")
    if abi < 4 and wants_network_rules:
        missing.append("Landlock ABI 4 (TCP rules; seccomp still refuses sockets)")
    if abi < 6:
        missing.append("Landlock ABI 6 (signal and abstract-socket scoping; seccomp covers kill)")
    return missing


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
        _libc.syscall(_ADD_RULE, ruleset, _RULE_PATH_BENEATH, ctypes.byref(rule), 0)
    finally:
        os.close(fd)


def _check(result: int) -> int:
    if result < 0:
        error = ctypes.get_errno()
        raise OSError(error, f"landlock: {os.strerror(error)}")
    return int(result)
