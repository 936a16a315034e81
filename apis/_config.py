"""Settings for the API modules: the environment first, then the `[apis]` table of the config file.

The sandbox worker starts without the parent's environment (only PATH, HOME, locale and what the
agent passes on), so webhook URLs and API keys can also live in the project's config file, found
the way the CLI finds it (react_repl._paths: the first `react-repl.toml`, or `[tool.react-repl]`
in a `pyproject.toml`, from the working directory upward, stopping at the repository root).
For example::

    [apis]
    SLACK_WEBHOOK_URL = "https://hooks.slack.com/services/..."
    NASA_API_KEY = "..."
"""

from __future__ import annotations

import os
from typing import Any

from react_repl._paths import find_config_file, read_toml


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
    """The file react-repl itself reads (the same search), as data."""
    path = find_config_file()
    if path is None:
        return {}
    try:
        data = read_toml(path)
    except ValueError as error:  # TOMLDecodeError, UnicodeDecodeError
        message = f"The config file {path} is not valid TOML ({error}); fix or remove it."
        raise ValueError(message) from None
    if path.name == "pyproject.toml":
        tool = data.get("tool", {})
        data = tool.get("react-repl", {}) if isinstance(tool, dict) else {}
    return data if isinstance(data, dict) else {}
