"""`ApiRegistry.discover`: every API the agent may call, from every place APIs come from.

Sources are read in a fixed order (built-in `apis/`, the paths given, the sources registered next
to the index, the MCP servers of the config file, then installed entry points) and the first
definition of a name wins, so a user module can never silently replace a built-in API. The same
file or module reached twice (for example `--apis apis/` next to the built-in folder) is loaded
once.

An MCP server's tools are specs like any other, but their "function" is a `react_repl.mcp`
tool shape: they run in the agent's process (`mcp_tools()`), never in the sandbox worker
(`callables()`). `react_repl.mcp` is imported only when an MCP source is present.
"""

from __future__ import annotations

import importlib.metadata
import re
from collections.abc import Callable, Collection, Iterable, Iterator
from pathlib import Path
from typing import Any, Protocol

from react_repl import _paths
from react_repl.registry._collect import collect
from react_repl.registry._loading import ModuleLoadError, load_file, load_module_name
from react_repl.registry._sources import (
    MCP_SOURCE_PREFIX,
    SOURCES_FILE,
    SourcesFileError,
    load_registered_sources,
)
from react_repl.registry._specs import ApiSpec, RegistrationProblem


class ServerTools(Protocol):
    """How `mcp:` sources and MCP servers become APIs (`react_repl.mcp.McpDiscovery` is the one
    react-repl composes in). The registry speaks no protocol: it takes the specs found."""

    def parse(self, source: str, origin: str) -> Any:
        """The server an `mcp:` source names; ValueError for a malformed one."""

    def apis(self, server: Any, taken: Collection[str]) -> Any:
        """`.specs` as (spec, tool shape) pairs and `.problems`, avoiding the `taken` names."""


ENTRY_POINT_GROUP = "react_repl.apis"
_DOTTED_NAME = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")


class ApiRegistry:
    """The specs found, the problems met on the way, and the live functions behind the specs."""

    def __init__(
        self,
        specs: Iterable[ApiSpec] = (),
        problems: Iterable[RegistrationProblem] = (),
        functions: dict[str, Callable[..., Any]] | None = None,
    ) -> None:
        self.specs: tuple[ApiSpec, ...] = tuple(specs)
        self.problems: tuple[RegistrationProblem, ...] = tuple(problems)
        self._by_name = {spec.name: spec for spec in self.specs}
        self._functions = dict(functions or {})

    @classmethod
    def discover(
        cls,
        paths: Iterable[str | Path] = (),
        *,
        builtin: bool = True,
        entry_points: bool = True,
        registered: str | Path | None = None,
        mcp: ServerTools | None = None,
        mcp_servers: Iterable[Any] = (),
    ) -> ApiRegistry:
        """Load every source; bad modules and functions become problems, the rest registers.

        Each path is a directory (its `*.py` files not starting with `_`), a `.py` file, a
        dotted module name or an `mcp:` server. `registered` is an index directory whose
        `sources.json` lists the sources added with `react-repl apis add`. `mcp` turns `mcp:`
        sources and `mcp_servers` (the config file's) into APIs; without it they are problems.
        """
        builder = _Builder(mcp)
        builtin_dir = _paths.builtin_apis_dir() if builtin else None
        if builtin_dir is not None and builtin_dir.is_dir():
            builder.add_source(builtin_dir)
        for path in paths:
            builder.add_source(path)
        if registered is not None:
            builder.add_registered(Path(registered))
        for server in mcp_servers:
            builder.add_mcp_server(server)
        if entry_points:
            builder.add_entry_points()
        return cls(builder.specs, builder.problems, builder.functions)

    def __iter__(self) -> Iterator[ApiSpec]:
        return iter(self.specs)

    def __len__(self) -> int:
        return len(self.specs)

    def get(self, name: str) -> ApiSpec | None:
        return self._by_name.get(name)

    def callables(self) -> dict[str, Callable[..., Any]]:
        """Name the agent calls -> function, ready to bind in the sandbox namespace.

        MCP tools are left out: they are host functions (see `mcp_tools`).
        """
        return {
            spec.name: self._functions.get(spec.name) or spec.load()
            for spec in self.specs
            if not is_mcp_spec(spec)
        }

    def mcp_tools(self) -> list[Any]:
        """The `react_repl.mcp` tool shapes of the MCP specs, for `McpServers.host_functions`."""
        return [self._functions[spec.name] for spec in self.specs if is_mcp_spec(spec)]

    def modules(self) -> dict[str, str]:
        """Module name -> sha256 of its source; the index re-embeds a module when this changes."""
        return {spec.module: spec.module_hash for spec in self.specs}


def is_mcp_spec(spec: ApiSpec) -> bool:
    """A tool of an MCP server (its module is `mcp:NAME`, which no Python module can be)."""
    return spec.module.startswith(MCP_SOURCE_PREFIX)


def _is_module_name(source: str) -> bool:
    return bool(_DOTTED_NAME.match(source)) and not source.endswith(".py")


class _Builder:
    def __init__(self, mcp: ServerTools | None = None) -> None:
        self.specs: list[ApiSpec] = []
        self.problems: list[RegistrationProblem] = []
        self.functions: dict[str, Any] = {}
        self._by_name: dict[str, ApiSpec] = {}
        self._seen_sources: set[str] = set()
        self._mcp_servers: dict[str, Any] = {}
        self._mcp = mcp

    def add_source(self, source: str | Path, origin: str = "--apis") -> None:
        if isinstance(source, str) and source.startswith(MCP_SOURCE_PREFIX):
            self._add_mcp_source(source, origin)
            return
        path = Path(source).expanduser()
        if path.is_dir():
            for file in sorted(path.glob("*.py")):
                if not file.name.startswith("_"):
                    self._add_file(file)
        elif path.is_file():
            self._add_file(path)
        elif isinstance(source, str) and _is_module_name(source):
            self._add_module(source)
        else:
            message = "no such file, directory or module; expected a folder, a .py file or a module"
            self.problems.append(RegistrationProblem(str(source), None, message))

    def add_registered(self, index_dir: Path) -> None:
        try:
            sources = load_registered_sources(index_dir)
        except SourcesFileError as error:
            self.problems.append(RegistrationProblem(str(index_dir), None, str(error)))
            return
        for source in sources:
            if Path(source).is_absolute() and not Path(source).exists():
                message = (
                    f"registered in {index_dir / SOURCES_FILE} but no longer exists; "
                    f"forget it with `react-repl apis remove {source}`"
                )
                self.problems.append(RegistrationProblem(source, None, message))
            else:
                self.add_source(source, origin=str(index_dir / SOURCES_FILE))

    def add_mcp_server(self, server: Any) -> None:
        if self._mcp is None:
            message = "MCP servers need an MCP client (react_repl.compose.discover_apis)"
            self.problems.append(RegistrationProblem(server.origin, None, message))
            return
        known = self._mcp_servers.get(server.name)
        if known is not None:
            if known.fingerprint() != server.fingerprint():
                message = (
                    f"duplicate MCP server name {server.name!r}: already declared in "
                    f"{known.origin or 'another source'}; this one is ignored"
                )
                self.problems.append(RegistrationProblem(server.origin, None, message))
            return
        self._mcp_servers[server.name] = server
        found = self._mcp.apis(server, set(self._by_name))
        self.problems.extend(found.problems)
        for spec, shape in found.specs:
            self._accept(spec, shape)

    def _add_mcp_source(self, source: str, origin: str) -> None:
        if self._mcp is None:
            message = "mcp: sources need an MCP client (react_repl.compose.discover_apis)"
            self.problems.append(RegistrationProblem(source, None, message))
            return
        try:
            server = self._mcp.parse(source, origin)
        except ValueError as error:
            self.problems.append(RegistrationProblem(source, None, str(error)))
            return
        self.add_mcp_server(server)

    def add_entry_points(self) -> None:
        for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
            if entry.attr:
                message = f"entry point {entry.name!r} = {entry.value!r} must name a module"
                self.problems.append(RegistrationProblem(entry.value, None, message))
            else:
                self._add_module(entry.module)

    def _add_file(self, path: Path) -> None:
        self._register(load_file, path, str(path.resolve()))

    def _add_module(self, name: str) -> None:
        self._register(load_module_name, name, name)

    def _register(self, loader: Callable[[Any], Any], source: Any, key: str) -> None:
        """Load a source once, however many ways it was reached."""
        if key in self._seen_sources:
            return
        self._seen_sources.add(key)
        try:
            loaded = loader(source)
        except ModuleLoadError as error:
            self.problems.append(RegistrationProblem(error.source, error.line, error.message))
            return
        collected = collect(loaded)
        self.problems.extend(collected.problems)
        for spec, function in collected.specs:
            self._accept(spec, function)

    def _accept(self, spec: ApiSpec, function: Any) -> None:
        first = self._by_name.get(spec.name)
        if first is not None:
            where = f"{first.source_file}:{first.line}" if first.line else first.source_file
            rename = (
                "give its MCP server a prefix: prefix = ... in [mcp.servers.NAME]"
                if is_mcp_spec(spec)
                else "rename it with @api(name=...)"
            )
            message = (
                f"duplicate API name {spec.name!r}: already registered from "
                f"{where}; this one is ignored ({rename})"
            )
            problem = RegistrationProblem(spec.source_file, spec.line or None, message)
            self.problems.append(problem)
            return
        self._by_name[spec.name] = spec
        self.specs.append(spec)
        self.functions[spec.name] = function
