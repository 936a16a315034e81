"""`react-repl run "TASK"`, `react-repl resume RUN` and `react-repl rewind RUN --to-step K`:
one task, or a run continued from its log, its steps streamed live, its log path at the end.

For `resume` and `rewind` the model, its server and the extra API folders come from the
original run's log unless given again, so `react-repl resume ID` is all a person types after a
crash or a Ctrl-C.
"""

from __future__ import annotations

import contextlib
import gc
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from react_repl import _paths
from react_repl.cli._consoles import console
from react_repl.cli._options import model_options, run_options

if TYPE_CHECKING:
    from react_repl.cli._launch import AgentRequest


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
    with _starting():
        from react_repl.cli._launch import AgentRequest, build_agent, execute  # agent, openai

        answer_type = _answer_type(output_schema) if output_schema else None
        agent = build_agent(AgentRequest(**flags), console())
    execute(
        console(), quiet,
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


@click.command()
@click.argument("run_id", metavar="RUN")
@click.option(
    "--more-steps", type=click.IntRange(min=1), default=10, show_default=True,
    help="Steps added when the run had used all of its steps.",
)  # fmt: skip
@model_options
@run_options
def resume(run_id: str, more_steps: int, quiet: bool, **flags: Any) -> None:
    """Continue RUN (an id, an id prefix or a log path) after its last finished step.

    Works for runs that were killed, interrupted, stopped by a reviewer or out of steps; the
    continuation is a new run whose log links the original (and the original links it).
    """
    with _starting():
        from react_repl.cli._launch import build_agent, execute  # the agent, openai

        log = _find(run_id, flags["logs_dir"])
        agent = build_agent(_request(log, flags), console())
    execute(
        console(), quiet,
        lambda on_event: agent.resume(log, more_steps=more_steps, on_event=on_event),
    )  # fmt: skip


@click.command()
@click.argument("run_id", metavar="RUN")
@click.option("--to-step", type=click.IntRange(min=1), required=True, help="The step to redo.")
@click.option("--edit", "edit", help="Run this code as that step's action instead of asking.")
@click.option("--say", "say", help="A hint for the model at that step.")
@model_options
@run_options
def rewind(
    run_id: str, to_step: int, edit: str | None, say: str | None, quiet: bool, **flags: Any
) -> None:
    """Fork RUN at step K: its state before K, then your action (--edit) or the model's new
    reply (with --say as a hint). The fork's log links its parent and the parent's the fork."""
    if edit is not None and say is not None:
        raise click.UsageError("give --edit or --say, not both")
    with _starting():
        from react_repl.cli._launch import build_agent, execute  # the agent, openai

        log = _find(run_id, flags["logs_dir"])
        agent = build_agent(_request(log, flags), console())
    execute(
        console(), quiet,
        lambda on_event: agent.rewind(log, to_step=to_step, edit=edit, say=say,
                                      on_event=on_event),
    )  # fmt: skip


@contextlib.contextmanager
def _starting() -> Iterator[None]:
    """Around what a run does before its first step.

    The sandbox's next worker boots first, so its interpreter loads on another core while this
    process imports the agent and the model client (about 0.13 s off the time to the first model
    request). The garbage collector is off meanwhile: the imports (openai builds ~700 pydantic
    models) and the agent make tens of thousands of objects that live as long as the process,
    and its ~250 passes over them cost about 0.09 s. What the start built is then frozen, so
    the run's own collections skip it; the cycles it left behind (about 0.5 MB) stay, since
    the full pass that would free them costs 0.1-0.16 s itself.
    """
    from react_repl.sandbox import prespawn

    prespawn()
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if collecting:
            gc.enable()


def _find(run_id: str, logs_dir: Path | None) -> Path:
    from react_repl.logs import RunLookupError, find_run

    try:
        return find_run(logs_dir or _paths.default_logs_dir(), run_id).path
    except RunLookupError as error:
        raise click.ClickException(str(error)) from error


def _request(log: Path, flags: dict[str, Any]) -> AgentRequest:
    """The command line's flags, with what they leave unset taken from the original run."""
    from react_repl.cli._launch import AgentRequest

    settings = _header(log).get("settings", {})
    local = bool(settings.get("local_model"))
    base_url = settings.get("base_url")
    defaults = {
        "model": settings.get("model"),
        "base_url": None if local or base_url == "(default)" else base_url,
        "api_dirs": tuple(s for s in settings.get("api_sources", []) if _still_there(s)),
    }
    given = {key: value for key, value in flags.items() if value not in (None, ())}
    return AgentRequest(**{**flags, **defaults, **given})


def _still_there(source: str) -> bool:
    """A folder or file since deleted is left out (the log names it); module names and mcp:
    sources are given again as written."""
    return not Path(source).is_absolute() or Path(source).exists()


def _header(log: Path) -> dict[str, Any]:
    try:
        with log.with_suffix(".jsonl").open(encoding="utf-8") as twin:
            header = json.loads(twin.readline())
    except (OSError, ValueError) as error:
        raise click.ClickException(f"cannot read the header of {log}: {error}") from error
    return header if isinstance(header, dict) else {}
