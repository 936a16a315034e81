"""The APIs a run can call and a method_search over exactly those.

The shared index is only read: the run searches an in-memory overlay of it that adds the run's
extra API sources (and any module edited since the last build), so a run never removes what
another run or `react-repl index build --apis` put there. A missing or unusable shared index is
built first, from the sources every run shares (built-in, `apis add`, the config file's MCP
servers). A source the user named that cannot load is an `ApiSourceError` (see _sources.py).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from react_repl._hit_listing import MAX_SHOWN
from react_repl.compose._config import configured_servers
from react_repl.compose._scope import ApiScope
from react_repl.compose._sources import check_scope, empty_folders, require_servers
from react_repl.config import Config
from react_repl.index._errors import EncoderUnavailable, IndexProblem
from react_repl.index._manifest import is_current
from react_repl.mcp import McpDiscovery, McpServerConfig
from react_repl.registry import ApiRegistry

if TYPE_CHECKING:
    from react_repl.index import MethodIndex

Report = Callable[[str], None]


def discover_apis(
    sources: Sequence[str | Path] = (),
    *,
    builtin: bool = True,
    shared: bool = True,
    registered: Path | None = None,
    servers: Sequence[McpServerConfig] = (),
    refresh_mcp: bool = False,
    mcp_cache: Path | None = None,
) -> ApiRegistry:
    """`ApiRegistry.discover` with the MCP client composed in: every command that lists APIs
    comes through here. `shared` adds the installed packages' entry points; MCP tool listings
    are kept in `mcp_cache` (default: `registered`) and asked afresh with `refresh_mcp`."""
    cache = mcp_cache if mcp_cache is not None else registered
    return ApiRegistry.discover(
        paths=sources,
        builtin=builtin,
        entry_points=shared,
        registered=registered,
        mcp=McpDiscovery(cache, refresh=refresh_mcp),
        mcp_servers=servers,
    )


def prepare_registry(
    config: Config,
    api_sources: Sequence[str | Path] | ApiScope,
    index_dir: Path,
    *,
    progress: Report = lambda _message: None,
    warn: Report = lambda _message: None,
    max_k: int = MAX_SHOWN,
) -> tuple[ApiRegistry, Callable[..., str]]:
    """The APIs in scope (by default every source, the config file's MCP servers included) and
    a method_search over exactly those, returning at most `max_k` hits.

    MCP tools are host functions: `registry.mcp_tools()`, not `registry.callables()`. Raises
    `ApiSourceError` for a named source that cannot load (`warn` hears the other problems),
    `EncoderUnavailable` or `IndexProblem` when no search can be built. The index's vectors
    load at the first search (a missing or outdated index is built here, before the run).
    """
    from react_repl.index import method_search_function

    scope = api_sources if isinstance(api_sources, ApiScope) else ApiScope(tuple(api_sources))
    check_scope(scope)
    servers = configured_servers(config)
    registry = discover_apis(
        scope.sources,
        builtin=scope.builtin,
        shared=scope.shared,
        registered=index_dir if scope.shared else None,
        servers=servers if scope.shared else (),
        mcp_cache=index_dir,
    )
    require_servers(registry, scope, servers)
    for problem in [*registry.problems, *empty_folders(scope)]:
        warn(str(problem))
    if not registry.specs:
        warn(
            "no APIs are in scope for this run, so method_search finds nothing; name modules "
            "with --apis, or leave out --only-apis / --no-builtin-apis"
        )

    def shared_index(rebuild: Report) -> MethodIndex:
        from react_repl.index import MethodIndex  # numpy, FAISS

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # an unusable index is rebuilt right below
            shared = MethodIndex.open(index_dir)
        if not shared.exists or shared.rebuild_reason:
            rebuild("Building the search index…")
            shared.build(discover_apis(registered=index_dir, servers=servers))
        return shared

    def run_overlay() -> MethodIndex:
        """At the first search. A manifest that looked current but whose data is damaged, or an
        encoder that cannot load, is advice text in that search's observation."""
        try:
            return shared_index(lambda _message: None).overlay(registry)
        except EncoderUnavailable as error:
            raise IndexProblem(str(error)) from error

    if not is_current(index_dir):  # a first run builds the index before the model is asked
        shared_index(progress)
    return registry, method_search_function(run_overlay, max_k=max_k)
