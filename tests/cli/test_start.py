"""Asking for help imports nothing heavy: `react-repl --help` lists the commands from a table and
`react-repl CMD --help` loads that command's module only. Checked in a fresh interpreter through
the real click entry point, by the modules it ended up holding (the time it takes is measured in
benchmarks/cli_start.py, not asserted here)."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from react_repl.cli import _SUBCOMMANDS
from react_repl.llm import ScriptedServer

HEAVY = (
    "openai",
    "httpx",
    "numpy",
    "faiss",
    "onnxruntime",
    "rich",
    "pydantic",
    "jinja2",
    "mcp",
    "PIL",
)
# What a command runs, never what its help prints: the agent and what builds it, the signature
# reading of the registry, the local runtime's server control, the log catalog and its index
HEAVY_INTERNALS = (
    "react_repl.agent", "react_repl.compose", "react_repl.config", "react_repl.index",
    "react_repl.sandbox", "react_repl.mcp", "react_repl.registry._collect",
    "react_repl.registry._registry", "react_repl.local._server", "react_repl.local._health",
    "react_repl.logs._catalog", "react_repl.logs._indexing", "platformdirs",
)  # fmt: skip
PROBE = """
import json, sys
from react_repl.cli import main
try:
    main(sys.argv[1:], prog_name="react-repl")
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def modules_after(*args: str) -> tuple[str, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120
    )
    return done.stdout, json.loads(done.stderr.strip().splitlines()[-1])


def test_the_command_list_imports_no_command() -> None:
    out, modules = modules_after("--help")
    assert all(name in out for name in _SUBCOMMANDS)
    assert "Run TASK with the agent" in out
    loaded = [name for name in modules if name.startswith("react_repl.")]
    # the package's own lazy exports helper (stdlib only) is the one module besides the CLI's
    assert loaded == ["react_repl._lazy", "react_repl._version", "react_repl.cli"], loaded
    assert not [name for name in modules if name.split(".")[0] in HEAVY]


def _every_command() -> list[tuple[str, ...]]:
    """Each command, and each subcommand of a group: `react-repl logs prune --help` as well."""
    found: list[tuple[str, ...]] = []
    for name, (module, _help) in sorted(_SUBCOMMANDS.items()):
        command = getattr(importlib.import_module(module), name)
        found.append((name,))
        if isinstance(command, click.Group):
            found += [(name, sub) for sub in sorted(command.commands)]
    return found


@pytest.mark.parametrize("command", _every_command(), ids=" ".join)
def test_a_command_s_help_imports_nothing_heavy(command: tuple[str, ...]) -> None:
    """rich alone cost a command's help 50-70 ms of CPU, the local runtime's httpx 110 ms and the
    registry 75 ms; `--help` prints with click and needs none of them."""
    out, modules = modules_after(*command, "--help")
    assert f"Usage: react-repl {' '.join(command)}" in out
    heavy = [name for name in modules if name.split(".")[0] in HEAVY]
    assert not heavy, heavy
    internals = [name for name in modules if name.startswith(HEAVY_INTERNALS)]
    assert not internals, internals


@pytest.mark.parametrize("name", sorted(_SUBCOMMANDS))
def test_the_listed_help_is_the_command_s_own(name: str) -> None:
    module, short_help = _SUBCOMMANDS[name]
    command = getattr(importlib.import_module(module), name)
    assert " ".join(command.help.split()).startswith(short_help.rstrip("."))


WEATHER = '''
def get_city_temperature(city: str) -> float:
    """Return the current air temperature in degrees Celsius for a city."""
    return 21.5
'''
# Loaded at the agent's first search or first approval, never on the way to its first request:
# numpy's and FAISS's native parts (seen in the process's memory maps), and Python packages
LATER_LIBRARIES = ("_multiarray_umath", "swigfaiss")
LATER_PACKAGES = ("numpy", "faiss", "onnxruntime", "torch", "snowballstemmer", "pygments")
RUN_PROBE = """
import json, os, sys
from react_repl.llm import ScriptedServer

replies = iter([
    'THOUGHT: Find it.\\nACTION:\\n```python\\nprint(method_search("air temperature"))\\n```',
    "THOUGHT: Done.\\nACTION:\\n```python\\nstop(1)\\n```",
])
held = []


def answer(_body):
    if not held:
        maps = open(f"/proc/{os.getpid()}/maps").read()
        held.extend(name for name in LATER_LIBRARIES if name in maps)
        held.extend(name for name in sys.modules if name.split(".")[0] in LATER_PACKAGES)
        held.append("checked")
    return next(replies)


with ScriptedServer(responder=answer) as server:
    from react_repl.cli import main

    try:
        main(["run", "What is the temperature?", "--base-url", server.base_url,
              "--model", "scripted"], prog_name="react-repl")
    except SystemExit as done:
        print(json.dumps(held), file=sys.stderr)
        raise
"""


def test_a_run_asks_the_model_before_it_loads_what_only_later_steps_need(tmp_path: Path) -> None:
    """numpy, FAISS and the stemmer load at the agent's first search, the syntax highlighter at
    its first approval, not before its first model request (start-up time is
    benchmarks/cli_start.py's; here: what the process held at that moment)."""
    (tmp_path / "apis").mkdir()
    (tmp_path / "apis" / "weather.py").write_text(WEATHER)
    env = {**os.environ, "REACT_REPL_HOME": str(tmp_path), "HF_HUB_OFFLINE": "1",
           "REACT_REPL_BUILTIN_APIS": str(tmp_path / "apis"), "OPENAI_API_KEY": "k"}  # fmt: skip
    subprocess.run([sys.executable, "-m", "react_repl", "index", "build"], env=env, cwd=tmp_path,
                   check=True, capture_output=True, timeout=300)  # fmt: skip
    probe = f"LATER_LIBRARIES = {LATER_LIBRARIES!r}\nLATER_PACKAGES = {LATER_PACKAGES!r}\n"
    done = subprocess.run([sys.executable, "-c", probe + RUN_PROBE], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stderr.strip().splitlines()[-1]) == ["checked"]
    log = next((tmp_path / "logs").rglob("*.md")).read_text()
    assert "`get_city_temperature(city: str) -> float`" in log  # the search found it later


DONE = "THOUGHT: Done.\nACTION:\n```python\nstop(1)\n```"
GC_PROBE = """
import gc, json, sys

unfrozen_with_openai = []


def watch(phase, info):
    if phase == "start" and "openai" in sys.modules and gc.get_freeze_count() == 0:
        unfrozen_with_openai.append(info["generation"])


gc.callbacks.append(watch)
from react_repl.cli import main

try:
    main(["run", "Say 1.", "--base-url", sys.argv[1], "--model", "scripted", "--api-key", "k",
          "--no-builtin-apis", "--quiet"], prog_name="react-repl")
except SystemExit as done:
    print(json.dumps([done.code, unfrozen_with_openai, gc.isenabled()]), file=sys.stderr)
"""


def test_the_collector_sleeps_while_a_run_starts_and_skips_what_the_start_built(
    tmp_path: Path,
) -> None:
    """Before, ~250 collections ran over the objects importing openai and building the agent
    made (about 0.09 s of the time to the first request), and found nothing to free."""
    env = {**os.environ, "REACT_REPL_HOME": str(tmp_path), "HF_HUB_OFFLINE": "1"}
    with ScriptedServer(responder=lambda _body: DONE) as server:
        probe = [sys.executable, "-c", GC_PROBE, server.base_url]
        done = subprocess.run(probe, env=env, cwd=tmp_path, capture_output=True, text=True,
                              timeout=300)  # fmt: skip
    code, collections_during_start, enabled_after = json.loads(done.stderr.splitlines()[-1])
    assert code == 0, done.stdout + done.stderr
    assert collections_during_start == [], f"{len(collections_during_start)} collections"
    assert enabled_after
