"""`react-repl run "TASK"`: one task, its steps streamed live, its log path at the end."""

from __future__ import annotations

import sys
from typing import Any

import click
from rich.console import Console

from react_repl.cli._options import model_options, run_options

_console = Console(highlight=False)


@click.command()
@click.argument("task")
@model_options
@click.option("--max-steps", type=int, help="Stop after this many steps (default 20).")
@click.option(
    "--set", "option_values", multiple=True, metavar="KEY=VALUE",
    help="An agent option for this run, as in [agent]: --set profile=hosted, --set "
    "techniques=+critic. Repeatable; wins over the config file.",
)  # fmt: skip
@run_options
def run(task: str, quiet: bool, **flags: Any) -> None:
    """Run TASK with the agent; exit 0 when it finished, 1 otherwise, 130 when interrupted.

    TASK "-" reads the task from stdin (`react-repl run - < task.txt`), as `search -` does.
    """
    if task == "-":  # it was sent to the model as the task "-"
        task = sys.stdin.buffer.read().decode("utf-8", errors="surrogateescape").strip()
    if not task.strip():  # an unset "$TASK": the model would be asked to do nothing
        raise click.BadParameter("is empty; say what the agent should do", param_hint="TASK")
    from react_repl.cli._launch import AgentRequest, build_agent, execute  # the agent, openai

    agent = build_agent(AgentRequest(**flags), _console)
    execute(_console, quiet, lambda on_event: agent.run(task, on_event=on_event))
