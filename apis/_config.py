"""Settings for the API modules: the environment first, then the `[apis]` table of a config file.

The sandbox worker may be started without the parent's secrets in its environment, so webhook URLs
and API keys can also live in `react-repl.toml` (or the file named by `REACT_REPL_CONFIG`), for
example::

    [apis]
    SLACK_WEBHOOK_URL = "https://hooks.slack.com/services/..."
    NASA_API_KEY = "..."
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

CONFIG_FILE_ENV = "REACT_REPL_CONFIG"
DEFAULT_CONFIG_FILE = "react-repl.toml"


def setting(name: str, default: str | None = None) -> str | None:
    """Environment wins so a one-off `export` overrides the file without editing it."""
    value = os.environ.get(name)
    if value:
        return value
    configured = _file_settings().get(name)
    return str(configured) if configured not in (None, "") else default


def _file_settings() -> dict[str, object]:
    path = Path(os.environ.get(CONFIG_FILE_ENV) or DEFAULT_CONFIG_FILE).expanduser()
    if not path.is_file():
        return {}
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        reason = str(error)
    else:
        table = document.get("apis", {})
        return table if isinstance(table, dict) else {}
    raise ValueError(f"The config file {path} is not valid TOML ({reason}); fix or remove it.")
