"""`react-repl run "TASK"`: one task, its steps streamed live, its log path at the end."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.panel import Panel
from rich.syntax import Syntax
from rich.text import Text

from react_repl import _paths
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
            config, {"max_steps": max_steps, "prompts_dir": prompts_dir}, local
        )
        apis, method_search = _setup.prepare_apis(
            api_dirs, index_dir or _paths.default_index_dir(), _console
        )
    except (ConfigError, ModelError, LocalModelError, ValueError, FileNotFoundError) as error:
        raise click.ClickException(str(error)) from error
    agent = Agent(
        ChatModel(model_settings),
        apis=apis,
        method_search=method_search,
        options=options,
        logs_dir=logs_dir or _paths.default_logs_dir(),
        sandbox_settings=_setup.sandbox_settings(config),
        on_step=None if quiet else _print_step,
        log_settings={"base_url": model_settings.base_url or "(default)", "apis": len(apis)},
    )
    try:
        result = agent.run(task)
    except KeyboardInterrupt:
        _console.print("[yellow]Interrupted.[/] The run log is marked interrupted.")
        sys.exit(130)
    _print_result(result, quiet)
    sys.exit(0 if result.finished else 1)


def _print_step(step: Any) -> None:
    title = f"Step {step.index}" + ("" if step.kind == "step" else f" ({step.kind})")
    _console.rule(title)
    if step.thought:
        _console.print(
            Panel(Text(step.thought), title="THOUGHT", title_align="left", border_style="cyan")
        )
    if step.action:
        code = Syntax(step.action, "python", theme="ansi_dark")
        _console.print(Panel(code, title="ACTION", title_align="left", border_style="magenta"))
    if step.observation:
        _console.print(
            Panel(
                Text(step.observation),
                title="OBSERVATION",
                title_align="left",
                border_style="green",
            )
        )


def _print_result(result: Any, quiet: bool) -> None:
    """Model and sandbox text is printed as Text, never as markup: `x[i]` must survive."""
    if not quiet:
        colour = "green" if result.finished else "red"
        _console.rule(Text(result.status.value, style=colour))
    if result.answer is not None:
        _console.print(Text.assemble(("Answer: ", "bold"), result.answer))
    elif result.steps and result.steps[-1].observation and not quiet:
        _console.print(Text(result.steps[-1].observation))
    if result.error and not quiet:
        _console.print(Text(result.error, style="red"))
    usage = result.usage
    if not quiet:
        _console.print(
            f"Tokens: {usage.prompt_tokens} prompt + {usage.completion_tokens} completion"
        )
    if result.log_path:
        _console.print(Text(f"Log: {result.log_path}"))
