"""`react-repl config show`: every effective setting and the source it came from."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

CONFIG = """
[model]
temperature = 0.3
max_tokens = 256

[agent]
max_steps = 7
techniques = ["+critic"]

[sandbox]
memory_mb = 512
env = { SERVICE_TOKEN = "token-in-the-file" }

[apis]
NASA_API_KEY = "nasa-key-in-the-file"

[mcp.servers.time]
command = "uvx"
args = ["mcp-server-time"]

[bench.models.big]
model = "gpt-4o"
prompt_price = 2.5
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "react-repl.toml").write_text(CONFIG)
    return tmp_path


def show(project: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "REACT_REPL_"))}
    return subprocess.run(
        [str(Path(sys.executable).with_name("react-repl")), "config", "show", *args],
        cwd=project,
        env=clean | {"COLUMNS": "200"} | env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def settings(result: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["settings"]


def test_each_value_names_its_source(project: Path) -> None:
    file = str(project / "react-repl.toml")
    found = settings(
        show(project, "--json", "--max-steps", "3", "--model", "m-flag",
             OPENAI_BASE_URL="http://127.0.0.1:9/v1", OPENAI_API_KEY="sk-env-secret")
    )  # fmt: skip

    assert found["model.model"] == {"value": "m-flag", "source": "flag --model"}
    assert found["model.base_url"] == {
        "value": "http://127.0.0.1:9/v1",
        "source": "env OPENAI_BASE_URL",
    }
    assert found["model.temperature"] == {"value": 0.3, "source": file}
    assert found["model.timeout"] == {"value": 120.0, "source": "default"}
    assert found["agent.max_steps"] == {"value": 3, "source": "flag --max-steps"}
    assert found["agent.techniques"]["source"] == file
    assert found["agent.techniques"]["value"][-1] == "critic"  # the profile's list, edited
    assert found["agent.few_shot"] == {"value": True, "source": "default"}
    assert found["sandbox.memory_mb"] == {"value": 512, "source": file}
    assert found["sandbox.timeout"] == {"value": 30.0, "source": "default"}
    assert found["paths.project"]["value"] == str(project)
    assert found["mcp.servers.time"]["value"]["args"] == ["mcp-server-time"]
    assert found["bench.models.big"]["value"] == {"model": "gpt-4o", "prompt_price": 2.5}


def test_the_profile_follows_the_model(project: Path) -> None:
    """No server configured: the local model, whose profile turns decomposition off."""
    found = settings(show(project, "--json"))

    assert found["model.local"]["value"] is True
    assert found["agent.profile"]["value"] == "small-local"
    techniques = found["agent.techniques"]["value"]  # the profile's, edited by the file's +critic
    assert "decompose" not in techniques and "name_error_search" in techniques
    assert techniques[-1] == "critic"


def test_environment_variables_for_folders(project: Path, tmp_path: Path) -> None:
    index = tmp_path / "elsewhere"
    found = settings(show(project, "--json", REACT_REPL_INDEX=str(index)))
    assert found["paths.index"] == {"value": str(index), "source": "env REACT_REPL_INDEX"}

    flagged = settings(show(project, "--json", "--index", str(index / "b")))
    assert flagged["paths.index"] == {"value": str(index / "b"), "source": "flag --index"}


def test_secrets_are_never_printed(project: Path) -> None:
    for args in (("--json",), ()):
        result = show(project, *args, OPENAI_API_KEY="sk-env-secret")
        assert result.returncode == 0, result.stderr
        for secret in ("sk-env-secret", "token-in-the-file", "nasa-key-in-the-file"):
            assert secret not in result.stdout
        assert "(hidden)" in result.stdout


def test_the_table_view_lists_setting_value_and_source(project: Path) -> None:
    result = show(project, REACT_REPL_MODEL="qwen-from-env")

    assert result.returncode == 0, result.stderr
    assert f"Config file: {project / 'react-repl.toml'}" in result.stdout
    line = next(row for row in result.stdout.splitlines() if row.startswith("model.model "))
    assert "qwen-from-env" in line and "env REACT_REPL_MODEL" in line


def test_without_a_config_file_everything_is_a_default(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    result = show(tmp_path, "--json")
    document = json.loads(result.stdout)

    assert document["config_file"] is None
    sources = {entry["source"] for name, entry in document["settings"].items()
               if name.startswith(("agent.", "sandbox."))}  # fmt: skip
    assert sources <= {"default", "profile small-local",
                       "default (from the model's name and server)"}  # fmt: skip


def test_a_named_file_is_read_instead(project: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.toml"
    other.write_text("[agent]\nmax_steps = 42\n")

    found = settings(show(project, "--json", "--file", str(other)))

    assert found["agent.max_steps"] == {"value": 42, "source": str(other)}
