"""`open_agent`: the one way to build an Agent from configuration, as `react-repl run` does.

Config file (validated whole) -> model settings (checked against the server, or the local model
chosen) -> agent options (profile, `[agent]`, overrides) -> sandbox settings -> the local model
server started if needed -> APIs and the search index -> Agent. Everything that can be wrong in
the configuration is found before the first slow stage (a model server start, an index build),
so a typo costs a second, not minutes. The CLI's `run`, `resume` and `rewind` call this; a script
calls it too and gets exactly what the command line would build.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from react_repl import _paths
from react_repl.agent import Agent, AgentOptions
from react_repl.compose._model_choice import choose_model, start_model
from react_repl.compose._registry import Report, prepare_registry
from react_repl.compose._scope import scope_for
from react_repl.config import Config, agent_options, sandbox_settings
from react_repl.index import DEEP_K
from react_repl.llm import ChatModel

OptionValue = str | int | float | bool | Path | Sequence[str] | None


def open_agent(
    config: Config | str | Path | None = None,
    *,
    model: str | None = None,
    base_url: str | None = None,
    api_key: str | None = None,
    apis: Sequence[str | Path] = (),
    builtin_apis: bool = True,
    shared_apis: bool = True,
    api_set: str | None = None,
    index_dir: str | Path | None = None,
    logs_dir: str | Path | None = None,
    options: Mapping[str, OptionValue] | None = None,
    plugins: Iterable[object] = (),
    progress: Report | None = None,
    warn: Report | None = None,
) -> Agent:
    """An Agent configured as `react-repl run` would configure it.

    `config` is a loaded `Config`, a config file's path, or None to find `react-repl.toml` (or
    `[tool.react-repl]` in a `pyproject.toml`) from the working directory upward. `model`,
    `base_url` and `api_key` win over the environment and the file, as the CLI's flags do;
    `options` overrides agent options (`max_steps`, `prompts_dir`, `critic`, ...). `apis` adds
    API folders, files or `mcp:` sources to the built-in and registered ones; `builtin_apis` and
    `shared_apis` False leave those out, and `api_set` names a set of sources from the config's
    `[api_sets]` to start from (see compose/_scope.py). `progress` hears
    the slow stages (starting the local model, building the index), `warn` hears API modules
    that could not be loaded and a local model server running in a fallback mode.

    Raises `ConfigError` for a bad configuration, `ModelError` or `LocalModelError` for a model
    that cannot be used, `EncoderUnavailable` or `IndexProblem` when no search can be built.
    A local model server started here stays leased until this process ends.
    """
    report = progress or (lambda _message: None)
    loaded = config if isinstance(config, Config) else Config.load(config)
    choice = choose_model(loaded, {"model": model, "base_url": base_url, "api_key": api_key})
    local = choice.local is not None
    agent_values = dict(options or {})
    chosen_options: AgentOptions = agent_options(
        loaded, agent_values, model=choice.settings.model, local=local
    )[0]
    sandbox = sandbox_settings(loaded, env=os.environ)[0]
    settings, _server = start_model(choice, report, warn or report)
    index = Path(index_dir) if index_dir is not None else _paths.default_index_dir()
    scope = scope_for(apis, builtin=builtin_apis, shared=shared_apis, api_set=api_set,
                      sets=loaded.tables.api_sets,
                      base=loaded.path.parent if loaded.path else None)  # fmt: skip
    registry, method_search = prepare_registry(
        loaded, scope, index, progress=report, warn=warn or report, max_k=DEEP_K
    )
    apis_callable: Mapping[str, Callable[..., object]] = registry.callables()
    return Agent(
        ChatModel(settings),
        apis=apis_callable,
        method_search=method_search,
        options=chosen_options,
        logs_dir=Path(logs_dir) if logs_dir is not None else _paths.default_logs_dir(),
        sandbox_settings=sandbox,
        plugins=plugins,
        log_settings={
            "base_url": settings.base_url or "(default)",
            "apis": len(apis_callable),
            "api_sources": [_source_name(source) for source in scope.sources],
            "api_scope": scope.describe(),
            "local_model": local,
        },
    )


def _source_name(source: str | Path) -> str:
    """Paths are logged absolute so a log says which module ran; `mcp:` sources as written."""
    text = str(source)
    return text if text.startswith("mcp:") else str(Path(text).resolve())
