"""`react-repl run "TASK"`: one task, its steps streamed live, its log path at the end."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console

from react_repl import _paths
from react_repl.cli._live import LivePrinter, print_result
from react_repl.cli._options import index_option

_console = Console(highlight=False)


@click.command()
@click.argument("task")
@click.option("--model", help="Model name on the server (default: config, REACT_REPL_MODEL).")
@click.option("--base-url", help="OpenAI-compatible server URL (default: OPENAI_BASE_URL).")
@click.option("--api-key", help="API key (default: OPENAI_API_KEY).")
@click.option("--max-steps", type=int, help="Stop after this many steps (default 20).")
@click.option(
    "--apis",
    "api_dirs",
    multiple=True,
    type=click.Path(exists=True, path_type=Path),
    help="Extra API module folder or file; repeatable. Built-in apis/ are always included.",
)
@index_option
@click.option("--logs-dir", type=click.Path(path_type=Path), help="Where run logs go.")
@click.option(
    "--prompts",
    "prompts_dir",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="Folder of prompt templates overriding the built-in ones.",
)
@click.option("--quiet", is_flag=True, help="Print only the answer and the log path.")
@click.option(
    "--approve",
    type=click.Choice(["all", "side-effects"]),
    help="Ask before running actions: every one, or those calling APIs with side effects.",
)
@click.option(
    "--approve-rule",
    "approve_rules",
    multiple=True,
    metavar="REGEX",
    help="Also ask before actions whose code matches REGEX; repeatable.",
)
def run(
    task: str,
    model: str | None,
    base_url: str | None,
    api_key: str | None,
    max_steps: int | None,
    api_dirs: tuple[Path, ...],
    index_dir: Path | None,
    logs_dir: Path | None,
    prompts_dir: Path | None,
    quiet: bool,
    approve: str | None,
    approve_rules: tuple[str, ...],
) -> None:
    """Run TASK with the agent; exit 0 when it finished, 1 otherwise, 130 when interrupted."""
    from react_repl.agent import Agent
    from react_repl.cli import _setup
    from react_repl.llm import ChatModel, ModelError
    from react_repl.local import LocalModelError
    from react_repl.settings import ConfigError, load_config_file

    try:
        config = load_config_file()
        flags = {"model": model, "base_url": base_url, "api_key": api_key}
        model_settings, local = _setup.resolve_model(config, flags, _console)
        options = _setup.agent_options(
            config,
            {"max_steps": max_steps, "prompts_dir": prompts_dir},
            local,
            model_settings.model,
        )
        apis, method_search = _setup.prepare_apis(
            api_dirs, index_dir or _paths.default_index_dir(), _console
        )
        approvers = _approvers(approve, approve_rules)
    except (ConfigError, ModelError, LocalModelError, ValueError, FileNotFoundError) as error:
        raise click.ClickException(str(error)) from error
    agent = Agent(
        ChatModel(model_settings),
        apis=apis,
        method_search=method_search,
        options=options,
        logs_dir=logs_dir or _paths.default_logs_dir(),
        sandbox_settings=_setup.sandbox_settings(config),
        plugins=approvers,
        log_settings={"base_url": model_settings.base_url or "(default)", "apis": len(apis)},
    )
    try:
        result = agent.run(task, on_event=None if quiet else LivePrinter(_console))
    except KeyboardInterrupt:
        _console.print("\n[yellow]Interrupted.[/] The run log is marked interrupted.")
        sys.exit(130)
    print_result(_console, result, quiet)
    sys.exit(0 if result.finished else 1)


def _approvers(policy: str | None, rules: tuple[str, ...]) -> list[object]:
    from react_repl.agent import Approver
    from react_repl.cli._approve import TerminalApprover

    if policy is None and not rules:
        return []
    return [Approver(TerminalApprover(_console), policy=policy or "rules", rules=rules)]
