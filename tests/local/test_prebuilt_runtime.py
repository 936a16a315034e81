"""Which llama.cpp runtime a machine gets, and the prebuilt one standing in for llama-server.

install.sh decides in shell (before anything is installed) and `_runtime` decides again in
Python at each start; both must agree, or a CPU could get a wheel whose code it cannot run.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
from pathlib import Path

import pytest

from react_repl.local import find_llama_server
from react_repl.local._runtime import REQUIRED_X86_FLAGS, installed_version, runs_on, server_params

INSTALL = Path(__file__).parents[2] / "scripts" / "install.sh"
EPYC = "fpu sse sse2 ssse3 sse4_1 sse4_2 avx f16c fma bmi1 bmi2 avx2 popcnt"
CPUS = {  # name: (kernel flags, whether an x86-64 machine with them gets the prebuilt wheel)
    "zen3": (EPYC, True),
    "sapphire rapids": (EPYC + " avx512f avx512bw amx_tile amx_int8", True),
    "sandy bridge": ("fpu sse sse2 ssse3 sse4_1 sse4_2 avx popcnt", False),
    "haswell without bmi2": ("sse4_2 avx f16c fma avx2", False),
    "x86-64 baseline": ("fpu sse sse2", False),
}


def _install_choice(tmp_path: Path, flags: str, **env: str) -> str:
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text(f"processor\t: 0\nflags\t\t: {flags}\n")
    result = subprocess.run(
        ["bash", str(INSTALL), "--print-runtime"],
        env=os.environ | {"REACT_REPL_CPUINFO": str(cpuinfo), **env},
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    return result.stdout.strip()


@pytest.mark.parametrize("cpu", sorted(CPUS))
def test_install_script_and_runtime_agree_on_who_gets_the_prebuilt_server(
    cpu: str, tmp_path: Path
) -> None:
    flags, on_x86 = CPUS[cpu]
    prebuilt_here = on_x86 and platform.machine() == "x86_64"

    assert runs_on("x86_64", frozenset(flags.split())) == on_x86
    assert _install_choice(tmp_path, flags) == ("prebuilt" if prebuilt_here else "source")


def test_the_source_build_can_be_forced(tmp_path: Path) -> None:
    assert _install_choice(tmp_path, EPYC, REACT_REPL_RUNTIME="source") == "source"


def test_arm_never_gets_the_x86_wheel() -> None:
    assert not runs_on("aarch64", frozenset(EPYC.split()))


prebuilt = pytest.mark.skipif(
    installed_version() is None or not runs_on(platform.machine(), REQUIRED_X86_FLAGS),
    reason="installed with the source build: this CPU does not run the prebuilt wheel",
)


@prebuilt
def test_llama_server_flags_set_what_llama_server_would(tmp_path: Path) -> None:
    args = argparse.Namespace(
        model="m.gguf", alias="qwen", host="127.0.0.1", port=8123, ctx_size=4096, parallel=1,
        threads=1, threads_batch=1, cache_reuse=256, cache_ram=1024, jinja=True, no_repack=True,
    )  # fmt: skip
    params = server_params(args)

    assert (params.model.path, params.model_alias, params.port) == ("m.gguf", {"qwen"}, 8123)
    assert (params.n_ctx, params.n_cache_reuse, params.cache_ram_mib) == (4096, 256, 1024)
    assert params.no_extra_bufts, "--no-repack is the fallback ladder's cure for AMX crashes"
    assert params.use_jinja


@prebuilt
def test_the_prebuilt_server_is_found_and_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("REACT_REPL_LLAMA_SERVER", raising=False)
    monkeypatch.setenv("REACT_REPL_CACHE", str(tmp_path))

    binary = find_llama_server()

    assert binary.is_relative_to(tmp_path / "runtime")
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True)
    assert "xllamacpp" in version.stdout and "AVX2 = 1" in version.stdout
