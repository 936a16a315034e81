"""Settings for the API modules: the environment first, then the `[apis]` table of the config file.

The sandbox worker starts without the parent's environment (only PATH, HOME, locale and what the
agent passes on), so webhook URLs and API keys can also live in the project's config file, found
the way the CLI finds it: the first `react-repl.toml` (or `[tool.react-repl]` in a
`pyproject.toml`) from the working directory upward, stopping at the repository root. For example::

    [apis]
    SLACK_WEBHOOK_URL = "https://hooks.slack.com/services/..."
    NASA_API_KEY = "..."
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

CONFIG_FILE = "react-repl.toml"


def setting(name: str, default: str | None = None) -> str | None:
    """Environment wins so a one-off `export` overrides the file without editing it."""
    value = os.environ.get(name)
    if value:
        return value
    configured = _apis_table().get(name)
    return str(configured) if configured not in (None, "") else default


def _apis_table() -> dict[str, Any]:
    table = _project_config().get("apis", {})
    return table if isinstance(table, dict) else {}


def _project_config() -> dict[str, Any]:
    folder = Path.cwd().resolve()
    for candidate in (folder, *folder.parents):
        own = candidate / CONFIG_FILE
        if own.is_file():
            return _read_toml(own)
        pyproject = candidate / "pyproject.toml"
        if pyproject.is_file():
            tool = _read_toml(pyproject).get("tool", {})
            table = tool.get("react-repl") if isinstance(tool, dict) else None
            if isinstance(table, dict):
                return table
        if (candidate / ".git").exists():
            break
    return {}


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        reason = str(error)
    raise ValueError(f"The config file {path} is not valid TOML ({reason}); fix or remove it.")
