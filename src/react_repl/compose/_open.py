"""`open_agent`: the one way to build an Agent from configuration, as `react-repl run` does.

Config file (validated whole) -> model settings (checked against the server, or the local model
chosen) -> agent options (profile, `[agent]`, overrides) -> sandbox settings -> the local model
server started if needed -> APIs and the search index -> Agent. Everything that can be wrong in
the configuration is found before the first slow stage (a model server start, an index build),
so a typo costs a second, not minutes. The CLI's `run`, `resume` and `rewind` call this; a script
calls it too and gets exactly what the command line would build.
"""

from __future__ import annotations

import atexit
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from react_repl import _paths
from react_repl.agent import Agent, AgentOptions, AskUser, ScriptedAnswers
from react_repl.compose._config import load_config
from react_repl.compose._model_choice import choose_model, start_model
from react_repl.compose._registry import Report, prepare_registry
from react_repl.compose._scope import scope_for
from react_repl.config import Config, agent_options, sandbox_settings
from react_repl.index import DEEP_K
from react_repl.llm import ChatModel, ModelSettings
from react_repl.logs import Price
from react_repl.mcp import McpServers, McpToolsPlugin
from react_repl.registry import ApiRegistry
from react_repl.sandbox import SandboxSettings

OptionValue = str | int | float | bool | Path | Sequence[str] | None


def open_agent(
    config: Config | str | Path | None = None,
    *,
    model: str | None = None,
    base_url: str | None = None,
    api_key: str | None = None,
    apis: Sequence[str | Path] = (),
    builtin_apis: bool | None = None,
    shared_apis: bool | None = None,
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
    API folders, files, module names or `mcp:` sources to the built-in and registered ones;
    `api_set` names a set of sources from the config's `[api_sets]` to start from, and
    `builtin_apis` / `shared_apis` True or False put those in or leave them out whatever the set
    says (None: as the set says, in without a set; see compose/_scope.py). `progress` hears the
    slow stages (starting the local model, building the index), `warn` hears the API problems
    that do not stop a run (a function refused, a shared module that fails to import) and a
    local model server running in a fallback mode.

    Raises `ConfigError` for a bad configuration, `ApiSourceError` (a `ValueError`) for an API
    source in `apis` or the set that cannot load, `ModelError` or `LocalModelError` for a model
    that cannot be used, `EncoderUnavailable` or `IndexProblem` when no search can be built,
    `ValueError` for a logs folder that cannot be written. A local model server started here
    stays leased until this process ends.
    """
    report = progress or (lambda _message: None)
    loaded = load_config(config)
    logs = Path(logs_dir) if logs_dir is not None else _paths.default_logs_dir()
    check_logs_folder(logs)
    scope = scope_for(apis, builtin=builtin_apis, shared=shared_apis, api_set=api_set,
                      sets=loaded.tables.api_sets,
                      base=loaded.path.parent if loaded.path else None)  # fmt: skip
    choice = choose_model(loaded, {"model": model, "base_url": base_url, "api_key": api_key})
    local = choice.local is not None
    agent_values = dict(options or {})
    chosen_options: AgentOptions = agent_options(
        loaded, agent_values, model=choice.settings.model, local=local
    )[0]
    sandbox = sandbox_settings(loaded, env=os.environ)[0]
    index = Path(index_dir) if index_dir is not None else _paths.default_index_dir()
    registry, method_search = prepare_registry(  # before a model server is asked or started
        loaded, scope, index, progress=report, warn=warn or report, max_k=DEEP_K
    )
    settings, _server = start_model(choice, report, warn or report)
    apis_callable: Mapping[str, Callable[..., object]] = registry.callables()
    return assemble_agent(
        settings,
        chosen_options,
        apis=apis_callable,
        method_search=method_search,
        sandbox=sandbox,
        logs_dir=logs,
        plugins=[*_mcp_tools(registry), *plugins],
        log_settings={
            "base_url": settings.base_url or "(default)",
            "apis": len(apis_callable),
            "api_sources": [_source_name(source) for source in scope.sources],
            "api_scope": scope.describe(),
            "local_model": local,
        },
        price=_price(loaded, settings.model),
        model_listing=choice.listing,
    )


def assemble_agent(
    model: ModelSettings,
    options: AgentOptions,
    *,
    apis: Mapping[str, Callable[..., Any]],
    method_search: Callable[..., str],
    sandbox: Mapping[str, Any],
    logs_dir: Path,
    log_settings: Mapping[str, Any],
    plugins: Iterable[object] = (),
    bench_run: str | None = None,
    user_answers: Sequence[str] | None = None,
    price: Price | None = None,
    model_listing: list[dict[str, Any]] | None = None,
) -> Agent:
    """The last stage, shared by `open_agent` and every benchmark attempt: the model, the APIs
    and their search, the options and the sandbox become one Agent, built the same way for both.

    `bench_run` lands in every log's header (`react-repl logs list --bench RUN`); `user_answers`
    are a person's replies to ask_user, in order (None: no one answers); `model_listing` is the
    server's /v1/models entries when `choose_model` already read them.
    """
    people = [] if user_answers is None else [AskUser(ScriptedAnswers(user_answers))]
    return Agent(
        ChatModel(model, listing=model_listing),
        apis=apis,
        method_search=method_search,
        options=options,
        logs_dir=logs_dir,
        sandbox_settings=cast(SandboxSettings, dict(sandbox)),
        plugins=[*people, *plugins],
        log_settings=log_settings,
        bench_run=bench_run,
        price=price,
    )


def _price(config: Config, model: str) -> Price | None:
    """The model's row of the config's `[prices]`; None (cost unknown) when it has none."""
    row = config.tables.prices.get(model)
    return None if row is None else (row.prompt, row.completion)


def check_logs_folder(folder: Path) -> None:
    """ValueError when run logs cannot be written under `folder`: found before the run, it is one
    line; found when the run opens its log, it was a crash after the model and APIs were set up.

    Nothing is created here; the nearest existing folder must be a writable folder.
    """
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise ValueError(f"cannot write run logs to {folder}: {existing} is a file")
    if not os.access(existing, os.W_OK | os.X_OK):  # also refused on a read-only disk
        raise ValueError(f"cannot write run logs to {folder}: {existing} is not writable")


def _mcp_tools(registry: ApiRegistry) -> list[McpToolsPlugin]:
    """The MCP servers' tools as functions the actions can call. method_search lists them from
    the index; without this plugin a call found that way would be a NameError. Each server
    starts on its first call and is stopped when this process ends, like a leased local model.
    """
    tools = registry.mcp_tools()
    if not tools:
        return []
    servers = McpServers()
    atexit.register(servers.close)
    return [McpToolsPlugin(servers.host_functions(tools))]


def _source_name(source: str | Path) -> str:
    """Paths are logged absolute so a log says which module ran; module names and `mcp:`
    sources as written, so `resume` can give them again."""
    text = str(source)
    return str(Path(text).resolve()) if Path(text).exists() else text
