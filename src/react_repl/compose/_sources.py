"""API sources the user named must load: a run without the APIs it was given is a wasted run.

A module that fails to import, a path with a typo or a malformed `mcp:` source in `--apis` or
in a named `[api_sets]` set would otherwise leave the run with fewer APIs than asked for (often
none of the task's own), and the model would search, guess and fail with exit 0. So each one is
loaded before any server is contacted, and the first that cannot load stops the run with one
line naming where it was named, the file and the reason. An MCP server named in `--apis`, a set
or the config file's `[mcp.servers]` that offers no tool (it cannot be started and no earlier
listing is kept) is refused the same way once the registry has tried it. The built-in modules
and the `react-repl apis add` registrations are shared by every run and stay warnings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from react_repl.compose._scope import MCP_PREFIX, ApiScope, is_module_name
from react_repl.mcp import McpConfigError, McpServerConfig, parse_source
from react_repl.registry import (
    ApiRegistry,
    ModuleLoadError,
    RegistrationProblem,
    load_file,
    load_module_name,
)


class ApiSourceError(ValueError):
    """An API source the user named cannot be loaded; the message is one line."""


def check_api_sources(sources: Iterable[str | Path], where: str) -> None:
    """Load each source (a folder, a .py file, a module name, an `mcp:` source).

    `where` says where they were named (`--apis`, `[api_sets] shop`, `suite shop`). The modules
    stay loaded, so the registry built next does not run them again.
    """
    for source in sources:
        reason = _load_failure(source)
        if reason is not None:
            raise ApiSourceError(" ".join(f"{where}: {reason}".split()))


def check_index_sources(sources: Iterable[str | Path]) -> None:
    """`index build --apis`: a source that is not there at all (a typo), a file or module that
    cannot load, or a malformed `mcp:` source stops the build. A folder's broken module is only
    skipped, as the index is shared and its other modules are still worth indexing."""
    files = [s for s in sources if _is_mcp(s) or not Path(s).expanduser().is_dir()]
    check_api_sources(files, "--apis")


def check_scope(scope: ApiScope) -> None:
    """Check the set's sources and the run's own, each under the name the user gave them."""
    check_api_sources(scope.from_set, f"[api_sets] {scope.name}")
    check_api_sources(scope.own, "--apis")


def empty_folders(scope: ApiScope) -> list[str]:
    """A warning for each folder the user named that holds no API module (a `*.py` not starting
    with `_`): it loads without error, so the run went on silently without the APIs meant."""
    return [
        f"{where}: {source} holds no Python module (*.py), so it adds no API"
        for source, where in scope.named()
        if not _is_mcp(source) and _module_files(Path(source).expanduser()) == []
    ]


def _module_files(path: Path) -> list[Path] | None:
    """The API modules of a folder, as the registry reads it; None when `path` is no folder."""
    if not path.is_dir():
        return None
    return sorted(p for p in path.glob("*.py") if not p.name.startswith("_"))


def require_servers(
    registry: ApiRegistry, scope: ApiScope, configured: Sequence[McpServerConfig]
) -> None:
    """Refuse a named MCP server none of whose tools made it into `registry`."""
    servers = [(parse_source(str(s)), where) for s, where in scope.named() if _is_mcp(s)]
    if scope.shared:
        servers += [(server, f"[mcp.servers.{server.name}]") for server in configured]
    modules = {spec.module for spec in registry.specs}
    for server, where in servers:
        if MCP_PREFIX + server.name not in modules:
            why = _server_problems(registry.problems, server) or "it lists no tool"
            raise ApiSourceError(" ".join(f"{where}: MCP server {server.name!r}: {why}".split()))


def _load_failure(source: str | Path) -> str | None:
    """Why `source` cannot load, or None; read as `ApiRegistry.discover` reads a source."""
    if _is_mcp(source):
        try:
            parse_source(str(source))
        except McpConfigError as error:
            return str(error)
        return None
    path = Path(source).expanduser()
    modules = _module_files(path)
    if modules is not None:
        return next(filter(None, (_failure(load_file, module) for module in modules)), None)
    if path.is_file():
        return _failure(load_file, path)
    if isinstance(source, str) and is_module_name(source):
        return _failure(load_module_name, source)
    return f"{source}: no such file, folder or module"


def _failure(load: Callable[[Any], object], target: Path | str) -> str | None:
    try:
        load(target)
    except ModuleLoadError as error:
        location = error.source if error.line is None else f"{error.source}:{error.line}"
        return f"{location}: {error.message}"
    return None


def _is_mcp(source: str | Path) -> bool:
    return isinstance(source, str) and source.startswith(MCP_PREFIX)


def _server_problems(problems: Iterable[RegistrationProblem], server: McpServerConfig) -> str:
    mark = f"MCP server {server.name!r}: "
    return "; ".join(p.message.split(mark, 1)[1] for p in problems if mark in p.message)
