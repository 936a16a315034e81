"""A shared index that runs only read, and that concurrent builders and searchers cannot break."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from react_repl.index import MethodIndex
from react_repl.registry import ApiRegistry

HOBBIES = '''
def water_the_plants(zone: str) -> None:
    """Water the garden plants in one zone.

    Args:
        zone: Garden zone to water.
    """
'''


def _folder(root: Path, name: str, **modules: str) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    for module, source in modules.items():
        (folder / f"{module}.py").write_text(source)
    return folder


def _sources(api_dir: Path) -> tuple[str, str]:
    """The conftest's travel and office modules."""
    return (api_dir / "travel.py").read_text(), (api_dir / "office.py").read_text()


def test_overlay_adds_a_runs_apis_without_writing_the_shared_index(
    tmp_path: Path, api_dir: Path, encoder, discover
) -> None:
    travel, _ = _sources(api_dir)
    shared_dir = _folder(tmp_path, "shared", travel=travel)
    extra_dir = _folder(tmp_path, "extra", hobbies=HOBBIES)
    path = tmp_path / "index"
    MethodIndex.open(path, encoder=encoder).build(discover(shared_dir))
    before = {p.name: p.read_bytes() for p in path.iterdir()}
    encoder.texts.clear()

    run = ApiRegistry.discover([shared_dir, extra_dir], builtin=False, entry_points=False)
    view = MethodIndex.open(path, encoder=encoder).overlay(run)

    assert len(encoder.texts) == 2  # the one new API's two views; the shared ones are reused
    assert view.search("water my garden", k=1)[0].name == "water_the_plants"
    assert view.search("book a plane ticket", k=1)[0].name == "book_flight"
    assert {p.name: p.read_bytes() for p in path.iterdir()} == before


def test_overlay_searches_only_the_runs_apis(
    tmp_path: Path, api_dir: Path, encoder, discover
) -> None:
    """APIs another build put in the shared index are not callable in this run: never offered."""
    path = tmp_path / "index"
    MethodIndex.open(path, encoder=encoder).build(discover(api_dir))
    travel, _ = _sources(api_dir)
    travel_only = discover(_folder(tmp_path, "travel_only", travel=travel))
    view = MethodIndex.open(path, encoder=encoder).overlay(travel_only)
    assert {hit.name for hit in view.search("send an email", k=10)} == {
        "get_weather_forecast",
        "convert_currency",
        "book_flight",
    }


_BUILDER = """
import subprocess, sys
command, rounds = sys.argv[1:-1], int(sys.argv[-1])
for _ in range(rounds):
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0 or "rebuilt" in done.stderr:
        sys.exit(f"build failed: {done.stderr}")
"""

_SEARCHER = """
import sys, warnings
from pathlib import Path
from react_repl.index import MethodIndex
warnings.simplefilter("error")
path, stop_file = Path(sys.argv[1]), Path(sys.argv[2])
answered = 0
while not stop_file.exists() or answered < 3:
    index = MethodIndex.open(path)
    # Mostly lexical searches, so that opening (the racy part) dominates the loop.
    mode = "hybrid" if answered % 20 == 0 else "lexical"
    hits = index.search("convert money to another currency", k=3, mode=mode)
    if index.rebuild_reason or not hits or hits[0].name != "convert_currency":
        sys.exit(f"bad answer: {index.rebuild_reason!r} {hits!r}")
    answered += 1
print(answered)
"""


def test_two_builders_and_a_searcher_never_fail(tmp_path: Path, api_dir: Path) -> None:
    """Two processes rebuild the index with different API sets in a loop while a third opens it
    and searches: every build succeeds, every search answers from a whole generation."""
    travel, office = _sources(api_dir)
    home = tmp_path / "home"
    _folder(home, "apis", travel=travel)
    set_a = _folder(tmp_path, "a", office=office)
    set_b = _folder(tmp_path, "b", hobbies=HOBBIES)
    index = tmp_path / "index"
    env = os.environ | {"REACT_REPL_HOME": str(home), "HF_HUB_OFFLINE": "1",
                        "REACT_REPL_BUILTIN_APIS": str(home / "apis")}  # fmt: skip
    react_repl = str(Path(sys.executable).with_name("react-repl"))

    def builder(folder: Path, rounds: int) -> subprocess.Popen:
        command = [react_repl, "index", "build", "--apis", str(folder), "--index", str(index)]
        script = [sys.executable, "-c", textwrap.dedent(_BUILDER), *command, str(rounds)]
        return subprocess.Popen(script, env=env, stderr=subprocess.PIPE, text=True)

    builder(set_a, 1).communicate()
    stop_file = tmp_path / "stop"
    searcher = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(_SEARCHER), str(index), str(stop_file)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    builders = [builder(set_a, 3), builder(set_b, 3)]
    started = time.monotonic()
    errors = [b.communicate(timeout=240)[1] for b in builders]  # also closes their pipes
    failures = [error for b, error in zip(builders, errors, strict=True) if b.returncode != 0]
    stop_file.touch()
    answered, errors = searcher.communicate(timeout=120)
    assert not failures, failures
    assert searcher.returncode == 0, errors
    assert int(answered) >= 3, (answered, time.monotonic() - started)
    final = MethodIndex.open(index)
    assert final.rebuild_reason is None
    assert {hit.module.rsplit(".", 1)[-1].split("_")[0] for hit in final.search("x", k=10)} in (
        {"travel", "office"},
        {"travel", "hobbies"},
    )
