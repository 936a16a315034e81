"""Asking for help imports nothing heavy: `react-repl --help` lists the commands from a table and
`react-repl CMD --help` loads that command's module only. Checked in a fresh interpreter through
the real click entry point, by the modules it ended up holding (the time it takes is measured in
benchmarks/cli_start.py, not asserted here)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest

from react_repl.cli import _SUBCOMMANDS

HEAVY = ("openai", "httpx", "numpy", "faiss", "onnxruntime", "rich", "pydantic", "jinja2")
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
    assert loaded == ["react_repl._version", "react_repl.cli"], loaded
    assert not [name for name in modules if name.split(".")[0] in HEAVY]


@pytest.mark.parametrize("command", ["run", "search", "bench", "mcp", "logs", "index"])
def test_a_command_s_help_leaves_the_agent_and_the_model_client_unloaded(command: str) -> None:
    out, modules = modules_after(command, "--help")
    assert "Usage: react-repl" in out
    heavy = [name for name in modules if name.split(".")[0] in HEAVY[:5]]
    assert not heavy, heavy
    assert "react_repl.agent" not in modules and "react_repl.compose" not in modules


@pytest.mark.parametrize("name", sorted(_SUBCOMMANDS))
def test_the_listed_help_is_the_command_s_own(name: str) -> None:
    module, attribute, short_help = _SUBCOMMANDS[name]
    command = getattr(importlib.import_module(module), attribute)
    assert " ".join(command.help.split()).startswith(short_help.rstrip("."))
