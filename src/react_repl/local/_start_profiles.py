"""Start-up profiles: how to start llama-server on a machine where its default crashes.

Some machines advertise CPU features they do not let a program use: a VM whose Xeon reports AMX
that the hypervisor blocks kills llama-server with SIGSEGV at warm-up, inside the AMX matrix
kernels, and a CPU build compiled for another machine dies with SIGILL. When a start dies by
such a signal we try, in order and at most once each:

1. the best CPU variant below the one ggml picked (portable builds only), keeping weight
   repacking: what fixes a feature the VM advertises but blocks, at the smallest cost; when it
   died before its pick could be seen, the best variant the kernel allows stands in for it;
2. `--no-repack`, which keeps weights in their file layout and so skips the AMX and repacked
   kernels, for builds that have no variants to fall back to;
3. the plainest variant (x86-64 or armv8.0) with `--no-repack`, the last resort.

The first profile that starts and answers a request is remembered per runtime and CPU in
`<cache>/runtime-profiles.json`, so later starts go straight to it.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import signal
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from react_repl._atomic import write_atomically
from react_repl._paths import cache_dir
from react_repl.local._cpu import (
    CpuVariant,
    kernel_cpu_flags,
    known_variant,
    runnable_variants,
    shipped_variants,
)

NO_REPACK = "--no-repack"
# Signals of code the CPU or the VM would not run; anything else (a bad model file, a missing
# library) is not cured by other CPU code, so it is reported at once.
CPU_FAULT_SIGNALS = frozenset({signal.SIGILL, signal.SIGSEGV, signal.SIGBUS})


@dataclass(frozen=True)
class LaunchProfile:
    """Extra llama-server flags plus, optionally, the one CPU variant it may load."""

    name: str
    args: tuple[str, ...] = ()
    variant: str | None = None

    def describe(self) -> str:
        parts = [f"CPU variant {self.variant}"] if self.variant else []
        parts += list(self.args)
        return " with ".join(parts) if parts else "its default CPU code"


DEFAULT_PROFILE = LaunchProfile("default")


def fallback_profiles(bin_dir: Path, loaded: str | None) -> list[LaunchProfile]:
    """What to try after the default start crashed, having loaded CPU variant `loaded`."""
    runnable = runnable_variants(bin_dir, kernel_cpu_flags())
    shipped = shipped_variants(bin_dir)
    if not shipped:
        return [LaunchProfile("no-repack", (NO_REPACK,))]
    picked = known_variant(loaded) if loaded else None
    ceiling = picked.score if picked else _unseen_pick_ceiling(runnable, shipped)
    profiles = []
    lower = next((v for v in runnable if v.score < ceiling), None)
    if lower is not None:
        profiles.append(LaunchProfile(f"cpu-{lower.name}", (), lower.name))
    profiles.append(LaunchProfile("no-repack", (NO_REPACK,)))
    plainest = shipped[-1]
    if lower is None or plainest.name != lower.name:
        name = f"cpu-{plainest.name}-no-repack"
        profiles.append(LaunchProfile(name, (NO_REPACK,), plainest.name))
    return profiles


def _unseen_pick_ceiling(runnable: list[CpuVariant], shipped: list[CpuVariant]) -> int:
    """A score just above what to try first when the crash came before we saw ggml's pick.

    ggml picks by CPUID, which claims at least what the kernel allows. When the kernel allows
    the best shipped variant, that is what ggml loaded, so the cure is below it; otherwise ggml
    may have loaded one the kernel blocks, and the best one the kernel allows is the cure.
    """
    if not runnable:
        return 0
    if runnable[0] == shipped[0]:
        return runnable[0].score
    return runnable[0].score + 1


def binary_for(binary: Path, profile: LaunchProfile) -> Path:
    """The executable to start: the real one, or a copy that can only see `profile.variant`.

    ggml loads CPU variants from the executable's own folder (and the working directory), so a
    folder holding a copy of the small launcher plus links to every library except the other
    variants pins the choice without touching the installed runtime.
    """
    if profile.variant is None:
        return binary
    real = binary.resolve()
    folder = cache_dir() / "runtime" / runtime_key(binary)[:16] / profile.variant
    if (folder / real.name).is_file():
        return folder / real.name
    folder.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(dir=folder.parent, prefix=f".{profile.variant}-"))
    shutil.copy2(real, scratch / real.name)
    keep = f"libggml-cpu-{profile.variant}.so"
    for library in real.parent.glob("*.so*"):
        if library.name.startswith("libggml-cpu-") and library.name != keep:
            continue
        (scratch / library.name).symlink_to(library.resolve())
    try:
        scratch.rename(folder)
    except OSError:  # another run built it first
        shutil.rmtree(scratch, ignore_errors=True)
    return folder / real.name


def runtime_key(binary: Path) -> str:
    """Identifies this runtime build on this CPU: a reinstall or another machine re-probes."""
    real = binary.resolve()
    digest = hashlib.sha256()
    for path in [real, *sorted(real.parent.glob("libggml*.so*"))]:
        if not path.exists():  # a dangling link an earlier install left behind loads nothing
            continue
        stat = path.stat()
        digest.update(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    digest.update(str(real).encode())
    digest.update(" ".join(sorted(kernel_cpu_flags())).encode())
    return digest.hexdigest()


@dataclass(frozen=True)
class Remembered:
    """A profile that started on this runtime and CPU, and why it was chosen."""

    profile: LaunchProfile
    reason: str


def _memory_path() -> Path:
    return cache_dir() / "runtime-profiles.json"


def _read_memory() -> dict[str, dict]:
    try:
        data = json.loads(_memory_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def recall(binary: Path) -> Remembered | None:
    entry: Any = _read_memory().get(runtime_key(binary))  # checked by the except below
    try:
        raw = entry["profile"]
        profile = LaunchProfile(raw["name"], tuple(raw["args"]), raw["variant"])
        return Remembered(profile, str(entry["reason"]))
    except (TypeError, KeyError):
        return None


def remember(binary: Path, profile: LaunchProfile, reason: str) -> None:
    """Record what worked; written atomically, other runtimes' entries kept."""
    memory = _read_memory()
    memory[runtime_key(binary)] = {
        "profile": asdict(profile),
        "reason": reason,
        "binary": str(binary.resolve()),
        "when": time.strftime("%Y-%m-%d %H:%M:%S"),
    }
    _write_memory(memory)


def forget(binary: Path) -> None:
    """Drop what was remembered: it crashed too, so the whole ladder is tried again."""
    memory = _read_memory()
    if memory.pop(runtime_key(binary), None) is not None:
        _write_memory(memory)


def _write_memory(memory: dict[str, dict]) -> None:
    write_atomically(_memory_path(), json.dumps(memory, indent=2) + "\n")
