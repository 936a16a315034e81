"""Which of the runtime's CPU builds this machine can run, by what the kernel says it supports.

A portable llama.cpp build (GGML_BACKEND_DL + GGML_CPU_ALL_VARIANTS) ships one
`libggml-cpu-<variant>.so` per instruction-set level and loads the one whose features the CPUID
instruction reports, scored as below. CPUID is not the whole truth inside a VM: a hypervisor can
advertise AVX-512 or AMX that it does not let a guest use. The kernel's flags in /proc/cpuinfo
take the OS's support into account, so when the runtime's own pick crashes we fall back to a
lower variant chosen from those flags.

The table mirrors llama.cpp's `ggml/src/CMakeLists.txt` (variants and their features) and
`ggml-cpu/arch/*/cpu-feats.cpp` (the score of each feature).
"""

from __future__ import annotations

import platform
import re
from dataclasses import dataclass
from pathlib import Path

# feature -> (score bit, kernel flags that must all be present)
_X86_FEATURES: dict[str, tuple[int, tuple[str, ...]]] = {
    "FMA": (1, ("fma",)),
    "F16C": (1 << 1, ("f16c",)),
    "SSE42": (1 << 2, ("sse4_2",)),
    "BMI2": (1 << 3, ("bmi2",)),
    "AVX": (1 << 4, ("avx",)),
    "AVX2": (1 << 5, ("avx2",)),
    "AVX_VNNI": (1 << 6, ("avx_vnni",)),
    "AVX512": (1 << 7, ("avx512f", "avx512cd", "avx512vl", "avx512dq", "avx512bw")),
    "AVX512_VBMI": (1 << 8, ("avx512vbmi",)),
    "AVX512_BF16": (1 << 9, ("avx512_bf16",)),
    "AVX512_VNNI": (1 << 10, ("avx512_vnni",)),
    "AMX_TILE": (0, ("amx_tile",)),
    "AMX_INT8": (1 << 11, ("amx_int8",)),
}
_HASWELL = ("SSE42", "AVX", "F16C", "FMA", "AVX2", "BMI2")
_SKYLAKEX = (*_HASWELL, "AVX512")
_X86_VARIANTS: dict[str, tuple[str, ...]] = {
    "x64": (),
    "sse42": ("SSE42",),
    "sandybridge": ("SSE42", "AVX"),
    "ivybridge": ("SSE42", "AVX", "F16C"),
    "piledriver": ("SSE42", "AVX", "F16C", "FMA"),
    "haswell": _HASWELL,
    "skylakex": _SKYLAKEX,
    "cannonlake": (*_SKYLAKEX, "AVX512_VBMI"),
    "cascadelake": (*_SKYLAKEX, "AVX512_VNNI"),
    "icelake": (*_SKYLAKEX, "AVX512_VBMI", "AVX512_VNNI"),
    "cooperlake": (*_SKYLAKEX, "AVX512_VNNI", "AVX512_BF16"),
    "zen4": (*_SKYLAKEX, "AVX512_VBMI", "AVX512_VNNI", "AVX512_BF16"),
    "alderlake": (*_HASWELL, "AVX_VNNI"),
    "sapphirerapids": (
        *_SKYLAKEX,
        *("AVX512_VBMI", "AVX512_VNNI", "AVX512_BF16", "AMX_TILE", "AMX_INT8"),
    ),
}

_ARM_FEATURES: dict[str, tuple[int, tuple[str, ...]]] = {
    "DOTPROD": (1 << 1, ("asimddp",)),
    "FP16_VECTOR_ARITHMETIC": (1 << 2, ("asimdhp",)),
    "SVE": (1 << 3, ("sve",)),
    "MATMUL_INT8": (1 << 4, ("i8mm",)),
    "SVE2": (1 << 5, ("sve2",)),
    "SME": (1 << 6, ("sme",)),
}
_ARM_BASE = ("DOTPROD", "FP16_VECTOR_ARITHMETIC", "SVE", "MATMUL_INT8")
_ARM_VARIANTS: dict[str, tuple[str, ...]] = {
    "armv8.0_1": (),
    "armv8.2_1": ("DOTPROD",),
    "armv8.2_2": ("DOTPROD", "FP16_VECTOR_ARITHMETIC"),
    "armv8.2_3": ("DOTPROD", "FP16_VECTOR_ARITHMETIC", "SVE"),
    "armv8.6_1": _ARM_BASE,
    "armv8.6_2": (*_ARM_BASE, "SVE2"),
    "armv9.2_1": (*_ARM_BASE, "SME"),
    "armv9.2_2": (*_ARM_BASE, "SVE2", "SME"),
}

_VARIANT_FILE = re.compile(r"^libggml-cpu-(?P<name>.+)\.so$")


@dataclass(frozen=True)
class CpuVariant:
    """One CPU build of the runtime; a higher score is what ggml prefers when it may run."""

    name: str
    score: int
    required_flags: frozenset[str]


def _tables() -> tuple[dict[str, tuple[int, tuple[str, ...]]], dict[str, tuple[str, ...]]]:
    if platform.machine().lower() in {"aarch64", "arm64"}:
        return _ARM_FEATURES, _ARM_VARIANTS
    return _X86_FEATURES, _X86_VARIANTS


def known_variant(name: str) -> CpuVariant | None:
    features, variants = _tables()
    if name not in variants:
        return None
    wanted = variants[name]
    score = 1 + sum(features[feature][0] for feature in wanted)
    flags = frozenset(flag for feature in wanted for flag in features[feature][1])
    return CpuVariant(name=name, score=score, required_flags=flags)


def shipped_variants(bin_dir: Path) -> list[CpuVariant]:
    """The CPU variants a portable build put next to its binary; [] for a single-CPU build."""
    names = (variant_name(library) for library in bin_dir.glob("libggml-cpu-*.so"))
    found = [variant for name in names if name and (variant := known_variant(name))]
    return sorted(found, key=lambda variant: variant.score, reverse=True)


def kernel_cpu_flags(cpuinfo: Path = Path("/proc/cpuinfo")) -> frozenset[str]:
    """The first CPU's `flags` (x86) or `Features` (arm64) line: what the OS lets programs use."""
    try:
        text = cpuinfo.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return frozenset()
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() in {"flags", "Features"}:
            return frozenset(value.split())
    return frozenset()


def runnable_variants(bin_dir: Path, flags: frozenset[str]) -> list[CpuVariant]:
    """Shipped variants whose every feature the kernel reports, best first."""
    return [v for v in shipped_variants(bin_dir) if v.required_flags <= flags]


def loaded_variant(pid: int) -> Path | None:
    """The CPU variant library process `pid` has loaded, read from its memory map.

    llama-server does not log its choice at its default verbosity; the map always knows.
    """
    try:
        maps = (Path("/proc") / str(pid) / "maps").read_text(errors="replace")
    except OSError:
        return None
    for line in maps.splitlines():
        fields = line.split(maxsplit=5)
        if len(fields) == 6 and _VARIANT_FILE.match(Path(fields[5]).name):
            return Path(fields[5])
    return None


def variant_name(library: Path) -> str | None:
    match = _VARIANT_FILE.match(library.name)
    return match["name"] if match else None
