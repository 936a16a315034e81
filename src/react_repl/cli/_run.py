"""`react-repl run "TASK"`: one task, its steps streamed live, its log path at the end."""

from __future__ import annotations

import sys
from pathlib import Path
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
@click.option(
    "--output-schema", type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="A JSON Schema file the answer must match; the answer printed is the validated JSON.",
)  # fmt: skip
@run_options
def run(task: str, quiet: bool, output_schema: Path | None, **flags: Any) -> None:
    """Run TASK with the agent; exit 0 when it finished, 1 otherwise, 130 when interrupted.

    TASK "-" reads the task from stdin (`react-repl run - < task.txt`), as `search -` does.
    """
    if task == "-":  # it was sent to the model as the task "-"
        task = sys.stdin.buffer.read().decode("utf-8", errors="surrogateescape").strip()
    if not task.strip():  # an unset "$TASK": the model would be asked to do nothing
        raise click.BadParameter("is empty; say what the agent should do", param_hint="TASK")
    from react_repl.cli._launch import AgentRequest, build_agent, execute  # the agent, openai

    answer_type = _answer_type(output_schema) if output_schema else None
    agent = build_agent(AgentRequest(**flags), _console)
    execute(
        _console, quiet,
        lambda on_event: agent.run(task, output_type=answer_type, on_event=on_event),
    )  # fmt: skip


def _answer_type(file: Path) -> Any:
    """Read and check the schema before the agent starts: a typo costs no model call."""
    import json

    from react_repl.agent import AnswerType

    try:
        return AnswerType.from_json_schema(json.loads(file.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, ValueError) as error:  # JSONDecodeError too
        raise click.BadParameter(f"{file}: {error}", param_hint="--output-schema") from None
