"""Start-up fallback when llama-server's CPU code crashes, driven by a stand-in that crashes.

The stand-in dies by SIGSEGV at warm-up the way llama.cpp did on a VM whose Xeon advertises AMX
that the hypervisor blocks, unless it is started with `--no-repack` or loads a CPU variant
without AMX. Which CPU the kernel reports is injected, so the tests do not depend on this
machine's CPU.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from react_repl.cli import main
from react_repl.local import ServerStartError, ensure_server, stop_server
from react_repl.local._cpu import (
    kernel_cpu_flags,
    loaded_variant,
    runnable_variants,
    variant_name,
)

from .conftest import processes_running

HASWELL = {"sse4_2", "avx", "f16c", "fma", "avx2", "bmi2"}
AVX512 = {"avx512f", "avx512cd", "avx512vl", "avx512dq", "avx512bw"}
AMX_XEON = frozenset(
    HASWELL | AVX512 | {"avx512vbmi", "avx512_vnni", "avx512_bf16", "amx_tile", "amx_int8"}
)
PORTABLE_VARIANTS = ("x64", "haswell", "skylakex", "sapphirerapids")


@pytest.fixture(autouse=True)
def _no_leftovers(fake_runtime: Path, isolated_cache: Path):
    yield
    stop_server(force=True)
    assert processes_running(fake_runtime) == []


@pytest.fixture
def launches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    record = tmp_path / "launches.txt"
    monkeypatch.setenv("FAKE_LLAMA_LAUNCHES", str(record))
    return record


def _launched(record: Path) -> list[bool]:
    """For each start of the stand-in: was it given --no-repack?"""
    return ["--no-repack" in line.split() for line in record.read_text().splitlines()]


def _kernel_reports(monkeypatch: pytest.MonkeyPatch, flags: frozenset[str]) -> None:
    """An x86-64 machine whose kernel reports `flags`, whatever this machine is."""
    monkeypatch.setattr("platform.machine", lambda: "x86_64")
    monkeypatch.setattr("react_repl.local._start_profiles.kernel_cpu_flags", lambda: flags)


def test_crash_at_warmup_falls_back_to_no_repack_remembered_and_reported(
    fake_gguf: Path, launches: Path, isolated_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_LLAMA_MODE", "segv-at-warmup")
    runner = CliRunner()

    first = runner.invoke(main, ["model", "serve", str(fake_gguf)])

    assert first.exit_code == 0, first.output
    assert _launched(launches) == [False, True]
    note = " ".join(first.output.split())
    assert "crashed at start-up on this machine" in note
    assert "killed by SIGSEGV" in note and "runs with --no-repack" in note
    assert "--no-repack" in runner.invoke(main, ["model", "status"]).output
    memory = json.loads((isolated_cache / "runtime-profiles.json").read_text())
    assert [entry["profile"]["args"] for entry in memory.values()] == [["--no-repack"]]

    assert runner.invoke(main, ["model", "stop"]).exit_code == 0
    second = runner.invoke(main, ["model", "serve", str(fake_gguf)])

    assert second.exit_code == 0, second.output
    assert _launched(launches) == [False, True, True], "the second start went straight to it"
    assert "runs with --no-repack" in " ".join(second.output.split())


@pytest.mark.parametrize(
    ("kernel_flags", "expected"),
    [
        (AMX_XEON, "skylakex"),  # AMX advertised and allowed by the kernel: the next one down
        (frozenset(HASWELL), "haswell"),  # CPUID says AVX-512 and AMX, the kernel says AVX2
    ],
)
@pytest.mark.parametrize("pick", ["seen", "missed"])
def test_portable_build_falls_back_to_a_lower_cpu_variant(
    fake_gguf: Path,
    fake_runtime: Path,
    launches: Path,
    monkeypatch: pytest.MonkeyPatch,
    kernel_flags: frozenset[str],
    expected: str,
    pick: str,
) -> None:
    """`missed`: it crashed before its memory map showed which variant ggml picked.

    That happens on a busy machine, so the ladder must come out right either way.
    """
    for variant in PORTABLE_VARIANTS:
        (fake_runtime.parent / f"libggml-cpu-{variant}.so").write_bytes(b"\x7fELF")
    _kernel_reports(monkeypatch, kernel_flags)
    monkeypatch.setenv("FAKE_LLAMA_MODE", "segv-at-warmup")
    if pick == "missed":
        monkeypatch.setattr("react_repl.local._start.loaded_variant", lambda pid: None)

    server = ensure_server(fake_gguf)

    assert server.profile == f"CPU variant {expected}"
    assert _launched(launches) == [False, False], "repacking is kept on the lower variant"
    library = loaded_variant(server.pid)
    assert library is not None and variant_name(library) == expected
    assert "SIGSEGV" in server.fallback
    assert fake_runtime.parent.joinpath("libggml-cpu-sapphirerapids.so").exists(), (
        "the installed runtime is left as it was"
    )


def test_a_crash_on_the_first_request_is_caught_before_a_run_sees_it(
    fake_gguf: Path, launches: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_LLAMA_MODE", "segv-on-first-request")

    server = ensure_server(fake_gguf)

    assert server.profile == "--no-repack"
    assert _launched(launches) == [False, True]


def test_when_every_profile_crashes_the_error_says_how_to_rebuild(
    fake_gguf: Path,
    fake_runtime: Path,
    launches: Path,
    isolated_cache: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("FAKE_LLAMA_MODE", "segv-always")

    with pytest.raises(ServerStartError, match="every way we tried") as caught:
        ensure_server(fake_gguf)

    assert "scripts/install.sh" in str(caught.value)
    assert _launched(launches) == [False, True]
    assert processes_running(fake_runtime) == []
    assert not (isolated_cache / "runtime-profiles.json").exists()


def test_variants_are_chosen_from_what_the_kernel_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("platform.machine", lambda: "x86_64")
    for variant in (*PORTABLE_VARIANTS, "zen4", "alderlake"):
        (tmp_path / f"libggml-cpu-{variant}.so").write_bytes(b"")
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text("processor\t: 0\nflags\t\t: " + " ".join(sorted(HASWELL)) + "\n")

    names = [variant.name for variant in runnable_variants(tmp_path, kernel_cpu_flags(cpuinfo))]

    assert names == ["haswell", "x64"]


def test_a_dangling_library_link_left_by_an_earlier_install_does_not_stop_the_start(
    fake_runtime: Path, fake_gguf: Path, launches: Path
) -> None:
    """pip can leave an old build's `libggml-cpu.so` link pointing at a file it removed."""
    (fake_runtime.parent / "libggml-cpu.so").symlink_to("libggml-cpu.so.0.26.0")

    result = CliRunner().invoke(main, ["model", "serve", str(fake_gguf)])

    assert result.exit_code == 0, result.output
    assert _launched(launches) == [False]
