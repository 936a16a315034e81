"""The package as a user installs it: a wheel in a fresh virtual environment, used from a folder
that has nothing to do with this checkout."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from react_repl.llm import ScriptedServer

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding only our wheel; the dependencies come from the test's own venv
    (through a .pth file), so the test needs no downloads and no compiler."""
    work = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps",
         "-w", str(work / "dist"), "-q"],
        check=True, capture_output=True, text=True, cwd=work,
    )  # fmt: skip
    wheel = next((work / "dist").glob("react_repl-*.whl"))
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    purelib = Path(sysconfig.get_path("purelib", vars={"base": str(venv), "platbase": str(venv)}))
    dependencies = [p for p in sys.path if p.endswith("site-packages") and Path(p).is_dir()]
    (purelib / "_dependencies.pth").write_text("\n".join(dependencies) + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
         "--no-deps", "-q", str(wheel)],
        check=True, capture_output=True, text=True,
    )  # fmt: skip
    return venv


def user_environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REACT_REPL_")}
    return env | {
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CACHE_HOME": str(home / "cache"),
        "HF_HUB_OFFLINE": "1",
    }


def test_the_wheel_carries_the_top_level_data_folders_inside_the_package(installed: Path) -> None:
    """apis/, prompts/, benchmarks/distractors/ and benchmarks/world/ sit at the top of the
    checkout (setup.py)."""
    wheel = next(installed.parent.glob("dist/react_repl-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "react_repl/prompts/system.jinja2" in names
    assert "react_repl/apis/weather.py" in names and "react_repl/apis/_http.py" in names
    assert "react_repl/distractors/geometry_plane.py" in names
    assert "react_repl/world/_server.py" in names
    assert not any(name.startswith(("apis/", "prompts/", "benchmarks/")) for name in names)


def test_the_installed_wheel_finds_a_built_in_api_and_the_distractor_pack(
    installed: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = user_environment(tmp_path / "home")
    search = subprocess.run(
        [str(installed / "bin" / "react-repl"), "search", "resize a picture", "--k", "3"],
        cwd=elsewhere, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert search.returncode == 0, search.stderr
    assert "resize_image" in search.stdout
    pack = subprocess.run(
        [str(installed / "bin" / "python"), "-c",
         "from react_repl._paths import distractor_pack_dir as d; print(d())"],
        cwd=elsewhere, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert Path(pack.stdout.strip()).is_relative_to(installed)
    assert len(list(Path(pack.stdout.strip()).glob("[!_]*.py"))) > 50


def test_the_installed_wheel_runs_the_bench_s_local_world(installed: Path, tmp_path: Path) -> None:
    """The world is benchmark data outside src/; an installed bench must still serve it."""
    serve = (
        "import json, urllib.request\n"
        "from datetime import datetime\n"
        "from react_repl.bench import LocalWorld\n"
        "with LocalWorld(3, datetime.now().astimezone()) as world:\n"
        "    url = world.service_env()['REACT_REPL_LOCATION_URL']\n"
        "    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))\n"
        "    print(json.load(direct.open(url))['city'])\n"
        "import inspect\n"
        "print(inspect.getfile(LocalWorld))\n"
    )
    run = subprocess.run(
        [str(installed / "bin" / "python"), "-c", serve], cwd=tmp_path,
        env=user_environment(tmp_path / "home"), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    city, world_file = run.stdout.splitlines()
    assert city and Path(world_file).is_relative_to(installed)


def test_search_and_a_scripted_run_from_an_unrelated_folder(
    installed: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "somewhere" / "else"
    elsewhere.mkdir(parents=True)
    env = user_environment(tmp_path / "home")
    react_repl = str(installed / "bin" / "react-repl")

    search = subprocess.run(
        [react_repl, "search", "weather forecast for the next days", "--k", "3"],
        cwd=elsewhere, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert search.returncode == 0, search.stderr
    assert "get_weather_forecast" in search.stdout
    index = tmp_path / "home" / "data" / "react-repl" / "index"
    assert (index / "manifest.json").is_file()

    with ScriptedServer() as server:
        server.enqueue(
            "1. Find the weekday function",
            'THOUGHT: Call it.\nACTION:\n```python\nday = get_day_of_week("2025-12-25")\n'
            "print(day)\n```",
            "THOUGHT: Done.\nACTION:\n```python\nstop(day)\n```",
        )
        run = subprocess.run(
            [react_repl, "run", "Which weekday is 2025-12-25?", "--base-url", server.base_url,
             "--model", "scripted", "--api-key", "k"],
            cwd=elsewhere, env=env, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Answer: Thursday" in run.stdout
    logs = list((tmp_path / "home" / "data" / "react-repl" / "logs").rglob("*.md"))
    assert len(logs) == 1
    site_packages = Path(
        sysconfig.get_path("purelib", vars={"base": str(installed), "platbase": str(installed)})
    )
    written = [p for p in (site_packages / "react_repl").rglob("*") if p.suffix in (".md", ".npy")]
    assert written == [], "nothing may be written inside the installed package"
    assert list(elsewhere.iterdir()) == []
