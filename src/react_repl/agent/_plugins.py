"""Which plugins a run has: the techniques its options name, then the caller's.

pluggy calls the most recently registered implementation first, so a caller's reviewer or critic
is asked before a built-in one, and its `firstresult` answer wins.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable
from typing import Any

import pluggy

from react_repl import hookspecs
from react_repl.context import AgentOptions
from react_repl.hookspecs import hookimpl
from react_repl.techniques import technique_plugins

ENTRY_POINT_GROUP = "react_repl.plugins"


class _EventCallback:
    """Adapts a plain `on_event(event)` callable to the hook."""

    def __init__(self, callback: Callable[[Any], None]) -> None:
        self.callback = callback

    @hookimpl
    def on_event(self, event: Any) -> None:
        self.callback(event)


def installed_plugins() -> list[object]:
    """Plugins published by installed packages; one that fails to load is skipped with a warning."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    try:
        manager.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    except Exception as error:  # a broken third-party plugin must not stop every run
        warnings.warn(f"a react_repl plugin failed to load: {error}", stacklevel=2)
    return list(manager.get_plugins())


def plugin_manager(
    options: AgentOptions,
    plugins: Iterable[object],
    on_event: Callable[[Any], None] | None,
) -> pluggy.PluginManager:
    """A fresh manager per run, so techniques keep no state between runs."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    for plugin in [*technique_plugins(options), *plugins]:
        manager.register(plugin)
    if on_event is not None:
        manager.register(_EventCallback(on_event))
    return manager
