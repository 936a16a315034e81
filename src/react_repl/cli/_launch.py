"""What `run`, `resume` and `rewind` share: building the agent from flags and config, showing
the run live, and the exit code (0 finished, 1 not finished, 130 interrupted)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from react_repl import _paths
from react_repl.cli._live import LivePrinter, print_result


@dataclass(frozen=True)
class AgentRequest:
    """Everything the command line says about the agent to build."""

    model: str | None = None
    base_url: str | None = None
    api_key: str | None = None
    max_steps: int | None = None
    api_dirs: tuple[Path, ...] = ()
    index_dir: Path | None = None
    logs_dir: Path | None = None
    prompts_dir: Path | None = None
    approve: str | None = None
    approve_rules: tuple[str, ...] = ()
    questions: bool | None = None  # ask_user answered at the terminal; None: when one is there


def build_agent(request: AgentRequest, console: Console) -> Any:
    """Config file -> model (starting the local one if needed) -> APIs and index -> Agent."""
    from react_repl.agent import Agent
    from react_repl.cli import _setup
    from react_repl.llm import ChatModel, ModelError
    from react_repl.local import LocalModelError
    from react_repl.settings import ConfigError, load_config_file

    try:
        config = load_config_file()
        flags = {"model": request.model, "base_url": request.base_url, "api_key": request.api_key}
        model_settings, local = _setup.resolve_model(config, flags, console)
        overrides = {"max_steps": request.max_steps, "prompts_dir": request.prompts_dir}
        options = _setup.agent_options(config, overrides, local, model_settings.model)
        index_dir = request.index_dir or _paths.default_index_dir()
        apis, method_search = _setup.prepare_apis(request.api_dirs, index_dir, console)
        plugins = _approvers(request, console) + _answerers(request, console)
    except (ConfigError, ModelError, LocalModelError, ValueError, FileNotFoundError) as error:
        raise click.ClickException(str(error)) from error
    return Agent(
        ChatModel(model_settings),
        apis=apis,
        method_search=method_search,
        options=options,
        logs_dir=request.logs_dir or _paths.default_logs_dir(),
        sandbox_settings=_setup.sandbox_settings(config),
        plugins=plugins,
        log_settings={
            "base_url": model_settings.base_url or "(default)",
            "apis": len(apis),
            "api_sources": [str(path.resolve()) for path in request.api_dirs],
            "local_model": local,
        },
    )


def execute(console: Console, quiet: bool, go: Callable[[Any], Any]) -> None:
    """Run `go(on_event)`, show it live unless quiet, print the result and exit with its code."""
    from react_repl.agent import ContinuationError

    try:
        result = go(None if quiet else LivePrinter(console))
    except KeyboardInterrupt:
        console.print("\n[yellow]Interrupted.[/] The run log is marked interrupted.")
        sys.exit(130)
    except ContinuationError as error:
        raise click.ClickException(str(error)) from error
    print_result(console, result, quiet)
    sys.exit(0 if result.finished else 1)


def _approvers(request: AgentRequest, console: Console) -> list[object]:
    from react_repl.agent import Approver
    from react_repl.cli._approve import TerminalApprover

    if request.approve is None and not request.approve_rules:
        return []
    policy = request.approve or "rules"
    return [Approver(TerminalApprover(console), policy=policy, rules=request.approve_rules)]


def _answerers(request: AgentRequest, console: Console) -> list[object]:
    """`ask_user` reaches the person when there is a terminal to ask at (or --questions)."""
    from react_repl.agent import AskUser
    from react_repl.cli._ask import TerminalAnswerer

    wanted = request.questions if request.questions is not None else sys.stdin.isatty()
    return [AskUser(TerminalAnswerer(console))] if wanted else []
