"""Where react-repl reads its own data and where it keeps what runs write.

Shipped data (read-only, so an installed wheel works from any folder): the built-in API modules
(`apis/`), the prompt templates (`prompts/`), the bench's distractor pack
(`benchmarks/distractors/`) and its local world (`benchmarks/world/`) sit at the top of a
checkout, and the wheel carries them inside the package as `react_repl/apis/`,
`react_repl/prompts/`, `react_repl/distractors/` and `react_repl/world/` (setup.py).
Users override them without touching the package: `--apis` and `[apis]` add modules, a prompts
folder overrides templates by name, and `REACT_REPL_BUILTIN_APIS` replaces the built-in folder
(empty: none).

Written by runs: the search index and the run logs live in the *project folder*, the nearest
folder upward from the working directory that holds a `react-repl.toml` (or a `pyproject.toml`
with `[tool.react-repl]`), or `REACT_REPL_HOME`. Outside any project they go to the platform's user
data folder, and caches (model files, the ONNX graph, server state, memory) to its user cache
folder, as platformdirs names them. `REACT_REPL_INDEX`, `REACT_REPL_LOGS`, `REACT_REPL_WORKSPACE`
and `REACT_REPL_CACHE` override each one.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

APP_NAME = "react-repl"
CONFIG_FILE = "react-repl.toml"
PACKAGE_DIR = Path(__file__).resolve().parent
_CHECKOUT_DIR = PACKAGE_DIR.parents[1]  # src/react_repl -> the checkout


def _shipped(name: str, in_checkout: str) -> Path:
    """Inside the installed package when it is a wheel, else the checkout's own folder."""
    packaged = PACKAGE_DIR / name
    return packaged if packaged.is_dir() else _CHECKOUT_DIR / in_checkout


def builtin_apis_dir() -> Path | None:
    """The built-in API modules, or None when `REACT_REPL_BUILTIN_APIS` is set empty."""
    override = os.environ.get("REACT_REPL_BUILTIN_APIS")
    if override is None:
        return _shipped("apis", "apis")
    return Path(override).expanduser() if override else None


def prompts_dir() -> Path:
    return _shipped("prompts", "prompts")


def distractor_pack_dir() -> Path:
    """The bench's distractor pack: benchmark data, kept out of the library's source tree."""
    return _shipped("distractors", "benchmarks/distractors")


def bench_world_dir() -> Path:
    """The bench's local world (the fake services its suites run against): benchmark data too."""
    return _shipped("world", "benchmarks/world")


def find_config_file(start: Path | None = None) -> Path | None:
    """The config file a run in `start` (default: the working directory) would use.

    The search stops at the repository root (the first `.git`), so a project never picks up a
    stranger's settings from a parent folder.
    """
    folder = (start or Path.cwd()).resolve()
    for candidate in (folder, *folder.parents):
        own = candidate / CONFIG_FILE
        if own.is_file():
            return own
        pyproject = candidate / "pyproject.toml"
        if pyproject.is_file() and _declares_react_repl(pyproject):
            return pyproject
        if (candidate / ".git").exists():
            return None
    return None


def project_root() -> Path | None:
    """`REACT_REPL_HOME`, else the folder of the config file found from here, else None."""
    override = os.environ.get("REACT_REPL_HOME")
    if override:
        return Path(override).expanduser().resolve()
    config = find_config_file()
    return config.parent if config else None


def data_root() -> Path:
    """Where the index and logs go: the project folder, else the user data folder."""
    if root := project_root():
        return root
    import platformdirs  # 16 ms at import: only a command outside a project needs it

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def default_index_dir() -> Path:
    override = os.environ.get("REACT_REPL_INDEX")
    return Path(override).expanduser() if override else data_root() / "index"


def default_logs_dir() -> Path:
    override = os.environ.get("REACT_REPL_LOGS")
    return Path(override).expanduser() if override else data_root() / "logs"


def default_workspace_dir() -> Path:
    """The folder the file APIs work in: REACT_REPL_WORKSPACE, else the project's workspace/."""
    override = os.environ.get("REACT_REPL_WORKSPACE")
    return Path(override).expanduser() if override else data_root() / "workspace"


def cache_dir() -> Path:
    """Large artefacts (model files, server state) that must survive across runs and projects."""
    override = os.environ.get("REACT_REPL_CACHE")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def read_toml(path: Path) -> dict[str, Any]:
    """Every TOML file react-repl reads (the config file, suites, price tables) is read here;
    OSError, UnicodeDecodeError and TOMLDecodeError (a ValueError) are the caller's to word."""
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _declares_react_repl(pyproject: Path) -> bool:
    """Only a pyproject with a [tool.react-repl] table makes its folder a project."""
    try:
        tool = read_toml(pyproject).get("tool")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False  # loading the config reports an unreadable file when it reads it
    return isinstance(tool, dict) and isinstance(tool.get("react-repl"), dict)
