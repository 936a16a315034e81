"""A seccomp filter built with libseccomp (the system's libseccomp.so.2), called through ctypes.

libseccomp does the hard part: the BPF program, the architecture check and the x32 trap door on
x86_64. It is called directly rather than through `pyseccomp`, which runs
`ctypes.util.find_library` at import (ldconfig and gcc: 47-77 ms, as much as the whole worker
start-up). The filter allows by default and refuses with EPERM what a sandboxed agent never
needs (docs/sandbox.md lists it): new programs and processes, other processes, kernel attack
surface and, unless an API declares the network, sockets.
"""

from __future__ import annotations

import ctypes
import errno
import os
from dataclasses import dataclass

_ACT_ALLOW = 0x7FFF0000
_FLTATR_CTL_TSYNC = 4
_CMP_NE, _CMP_MASKED_EQ = 1, 7
_CLONE_THREAD = 0x00010000
_AF_UNIX, _AF_KEY, _AF_PACKET, _AF_ALG, _AF_VSOCK = 1, 15, 17, 38, 40
_SOCK_TYPE_MASK, _SOCK_RAW, _SOCK_PACKET = 0xF, 3, 10
_PRIO_PROCESS, _IOPRIO_WHO_PROCESS = 0, 1
_F_SETOWN, _F_SETOWN_EX, _FIOSETOWN, _SIOCSPGRP = 8, 15, 0x8901, 0x8902

REFUSED = (
    "execve", "execveat", "fork", "vfork", "ptrace", "process_vm_readv", "process_vm_writev",
    "process_madvise", "pidfd_getfd", "kcmp", "tkill", "unshare", "setns", "mount", "umount2",
    "pivot_root", "chroot", "move_mount", "open_tree", "fsopen", "fsmount", "fsconfig",
    "mount_setattr", "bpf", "perf_event_open", "userfaultfd", "keyctl", "add_key",
    "request_key", "io_uring_setup", "io_uring_enter", "io_uring_register", "kexec_load",
    "kexec_file_load", "init_module", "finit_module", "delete_module", "reboot", "swapon",
    "swapoff", "sethostname", "setdomainname", "settimeofday", "clock_settime", "clock_adjtime",
    "adjtimex", "acct", "quotactl", "open_by_handle_at", "name_to_handle_at", "iopl", "ioperm",
    "syslog", "vhangup", "mknod", "mknodat", "personality", "lookup_dcookie", "uselib",
)  # fmt: skip


class _ArgCmp(ctypes.Structure):
    _fields_ = (
        ("arg", ctypes.c_uint),
        ("op", ctypes.c_int),
        ("datum_a", ctypes.c_uint64),
        ("datum_b", ctypes.c_uint64),
    )


@dataclass
class SeccompResult:
    applied: bool
    detail: str


def install(*, allow_network: bool) -> SeccompResult:
    try:
        library = ctypes.CDLL("libseccomp.so.2", use_errno=True)
    except OSError:
        return SeccompResult(False, "seccomp not applied: libseccomp.so.2 is not installed")
    library.seccomp_init.restype = ctypes.c_void_p
    library.seccomp_init.argtypes = (ctypes.c_uint32,)
    library.seccomp_syscall_resolve_name.argtypes = (ctypes.c_char_p,)
    library.seccomp_rule_add_array.argtypes = (
        ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int, ctypes.c_uint, ctypes.POINTER(_ArgCmp),
    )  # fmt: skip
    library.seccomp_attr_set.argtypes = (ctypes.c_void_p, ctypes.c_int, ctypes.c_uint32)
    library.seccomp_load.argtypes = library.seccomp_release.argtypes = (ctypes.c_void_p,)
    context = library.seccomp_init(_ACT_ALLOW)
    if not context:
        return SeccompResult(False, "seccomp not applied: seccomp_init failed")
    try:
        _Filter(library, context).build(allow_network)
        _check(library.seccomp_attr_set(context, _FLTATR_CTL_TSYNC, 1), "attr_set")
        _check(library.seccomp_load(context), "load")
    finally:
        library.seccomp_release(context)
    sockets = "sockets for TCP/UDP only" if allow_network else "no sockets"
    return SeccompResult(
        True,
        f"seccomp: {len(REFUSED)} system calls refused, others to this process only, {sockets}",
    )


class _Filter:
    def __init__(self, library: ctypes.CDLL, context: int) -> None:
        self._library = library
        self._context = context
        self._pid = os.getpid()

    def build(self, allow_network: bool) -> None:
        for name in REFUSED:
            self._refuse(name)
        self._refuse("clone", (0, _CMP_MASKED_EQ, _CLONE_THREAD, 0))  # processes, not threads
        self._refuse("clone3", errno_value=errno.ENOSYS)  # flags live in memory: libc falls back
        self._refuse("kill", (0, _CMP_NE, self._pid, 0))
        self._refuse("tgkill", (0, _CMP_NE, self._pid, 0))
        self._refuse("rt_sigqueueinfo", (0, _CMP_NE, self._pid, 0))
        self._refuse("rt_tgsigqueueinfo", (0, _CMP_NE, self._pid, 0))
        self._refuse_reaching_other_processes()
        if not allow_network:
            self._refuse("socket")
            return
        for family in (_AF_UNIX, _AF_KEY, _AF_PACKET, _AF_ALG, _AF_VSOCK):
            self._refuse("socket", _equals_32(0, family))
        for kind in (_SOCK_RAW, _SOCK_PACKET):
            self._refuse("socket", (1, _CMP_MASKED_EQ, _SOCK_TYPE_MASK, kind))

    def _refuse_reaching_other_processes(self) -> None:
        """Calls that act on any process of the same user by pid, the host's included (a CPU limit
        of 1 s kills it; fd ownership makes the kernel signal it). On itself the worker may still
        use them by pid 0, as `resource.setrlimit` and `os.nice` do; its own pid or a thread id is
        refused too (libseccomp takes one comparison per argument and rule), an EPERM that thread-
        pinning libraries already meet in restricted containers and carry on."""
        for name in ("prlimit64", "sched_setaffinity", "sched_setscheduler", "sched_setparam",
                     "sched_setattr", "migrate_pages", "move_pages"):  # fmt: skip
            self._refuse(name, (0, _CMP_NE, 0, 0))
        self._refuse("setpriority", (0, _CMP_NE, _PRIO_PROCESS, 0))  # a group, or the whole user
        self._refuse("setpriority", (1, _CMP_NE, 0, 0))
        self._refuse("ioprio_set", (0, _CMP_NE, _IOPRIO_WHO_PROCESS, 0))
        self._refuse("ioprio_set", (1, _CMP_NE, 0, 0))
        self._refuse("pidfd_open", (0, _CMP_NE, self._pid, 0))
        self._refuse("pidfd_send_signal")
        self._refuse("process_mrelease")
        self._refuse("fcntl", _equals_32(1, _F_SETOWN), (2, _CMP_NE, self._pid, 0))
        self._refuse("fcntl", _equals_32(1, _F_SETOWN_EX))  # its owner is behind a pointer
        for request in (_FIOSETOWN, _SIOCSPGRP):
            self._refuse("ioctl", _equals_32(1, request))

    def _refuse(
        self,
        name: str,
        *comparisons: tuple[int, int, int, int],
        errno_value: int = errno.EPERM,
    ) -> None:
        number = self._library.seccomp_syscall_resolve_name(name.encode())
        if number < 0:  # not a system call on this architecture (fork on aarch64)
            return
        array = (_ArgCmp * max(len(comparisons), 1))(*(_ArgCmp(*c) for c in comparisons))
        action = 0x00050000 | (errno_value & 0xFFFF)  # SCMP_ACT_ERRNO
        result = self._library.seccomp_rule_add_array(
            self._context, action, number, len(comparisons), array
        )
        _check(result, f"rule for {name}")


def _equals_32(argument: int, value: int) -> tuple[int, int, int, int]:
    """The kernel reads these arguments (a socket family, an fcntl or ioctl command) as 32-bit
    ints, while a plain comparison sees all 64 bits: `F_SETOWN | 1 << 32` would slip past it."""
    return (argument, _CMP_MASKED_EQ, 0xFFFFFFFF, value)


def _check(result: int, step: str) -> None:
    if result < 0:
        raise OSError(-result, f"seccomp {step}: {os.strerror(-result)}")
