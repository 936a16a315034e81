"""What `run`, `resume` and `rewind` share: building the agent from flags and config, showing
the run live, and the exit code (0 finished, 1 not finished, 130 interrupted)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from react_repl.cli._live import LivePrinter, print_result
from react_repl.cli._options import option_values

if TYPE_CHECKING:
    from react_repl.agent import Agent, RunResult


@dataclass(frozen=True)
class AgentRequest:
    """Everything the command line says about the agent to build."""

    model: str | None = None
    base_url: str | None = None
    api_key: str | None = None
    max_steps: int | None = None
    api_dirs: tuple[str, ...] = ()  # folders, files, module names, mcp: sources
    builtin_apis: bool | None = None  # None: as --api-set says, else in
    only_apis: bool = False  # neither the built-in nor the shared APIs, whatever the set says
    api_set: str | None = None
    index_dir: Path | None = None
    logs_dir: Path | None = None
    prompts_dir: Path | None = None
    approve: str | None = None
    approve_rules: tuple[str, ...] = ()
    questions: bool | None = None  # ask_user answered at the terminal; None: when one is there
    option_values: tuple[str, ...] = ()  # --set KEY=VALUE: agent options for this run


def build_agent(request: AgentRequest, console: Console) -> Agent:
    """The agent `react_repl.open_agent` builds, with the terminal's approvers and answerers."""
    from react_repl.compose import open_agent
    from react_repl.index import EncoderUnavailable, IndexProblem
    from react_repl.llm import ModelError
    from react_repl.local import LocalModelError

    plugins = _approvers(request, console) + _answerers(request, console)
    try:
        with console.status("Preparing the agent…") as status:
            return open_agent(
                model=request.model,
                base_url=request.base_url,
                api_key=request.api_key,
                apis=request.api_dirs,
                builtin_apis=False if request.only_apis else request.builtin_apis,
                shared_apis=False if request.only_apis else None,
                api_set=request.api_set,
                index_dir=request.index_dir,
                logs_dir=request.logs_dir,
                options=_agent_values(request),
                plugins=plugins,
                progress=status.update,
                warn=lambda message: click.echo(f"warning: {message}", err=True),
            )
    except (ValueError, FileNotFoundError, ModelError, LocalModelError, EncoderUnavailable,
            IndexProblem) as error:  # fmt: skip
        raise click.ClickException(str(error)) from error


def _agent_values(request: AgentRequest) -> dict[str, Any]:
    """--set values, then the dedicated flags that were given (--max-steps, --prompts)."""
    flags = {"max_steps": request.max_steps, "prompts_dir": request.prompts_dir}
    given = {key: value for key, value in flags.items() if value is not None}
    return {**option_values(request.option_values), **given}


def execute(console: Console, quiet: bool, go: Callable[[Any], RunResult]) -> None:
    """Run `go(on_event)`, show it live unless quiet, print the result and exit with its code."""
    from react_repl.agent import ContinuationError

    watch = _LogWatch(None if quiet else LivePrinter(console))
    try:
        result = go(watch)
    except KeyboardInterrupt:
        _interrupted(console, watch.log_path)
        sys.exit(130)
    except ContinuationError as error:
        raise click.ClickException(str(error)) from error
    print_result(console, result, quiet)
    sys.exit(0 if result.finished else 1)


class _LogWatch:
    """Keeps the log path the run announces: a Ctrl-C leaves no result to read it from, and the
    user still needs to know which log holds the interrupted run."""

    def __init__(self, show: Callable[[Any], None] | None) -> None:
        self.show = show
        self.log_path: Path | None = None

    def __call__(self, event: Any) -> None:
        from react_repl.agent import RunStarted

        if isinstance(event, RunStarted):
            self.log_path = event.log_path
        if self.show is not None:
            self.show(event)


def _interrupted(console: Console, log_path: Path | None) -> None:
    if log_path is None:  # no logs folder, or stopped before the log was opened
        console.print("\n[yellow]Interrupted.[/]")
        return
    console.print("\n[yellow]Interrupted.[/] The run log is marked interrupted.")
    console.print(Text(f"Log: {log_path}"), soft_wrap=True)  # one line, as print_result's


def _approvers(request: AgentRequest, console: Console) -> list[object]:
    from react_repl.agent import Approver
    from react_repl.cli._approve import TerminalApprover

    if request.approve is None and not request.approve_rules:
        return []
    policy = request.approve or "rules"
    # The web view races the terminal only where select() can wait on a person typing.
    return [
        Approver(TerminalApprover(console), policy=policy, rules=request.approve_rules,
                 page_answers=sys.stdin.isatty())
    ]  # fmt: skip


def _answerers(request: AgentRequest, console: Console) -> list[object]:
    """`ask_user` reaches the person when there is a terminal to ask at (or --questions)."""
    from react_repl.agent import AskUser

    wanted = request.questions if request.questions is not None else sys.stdin.isatty()
    return [AskUser(lambda question: _ask(console, question))] if wanted else []


def _ask(console: Console, question: str) -> str:
    console.print(
        Panel(Text(question), title="The agent asks you", title_align="left",
              border_style="yellow")
    )  # fmt: skip
    try:
        return click.prompt("Your answer", default="", show_default=False)
    except click.Abort:  # end of input: no one is there after all
        raise RuntimeError("No one answered; decide with what you have.") from None
