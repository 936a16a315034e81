"""The `react-repl` command.

Subcommands live in their own modules and are imported only when invoked, so that a cold
`react-repl search` does not pay for importing the agent, the model client or torch.
"""

from __future__ import annotations

import importlib
import os
import sys
import warnings
from pathlib import Path
from typing import Any

import click

# BLAS and FAISS's OpenMP run single-threaded unless the user says otherwise: a query is a
# handful of tokens, and on a 2-core machine shared with the local model server, threads
# spinning against it made one query embedding take 390 ms instead of 49 ms and a 1000-API
# build run at 19 APIs/s instead of 27. Set before any subcommand imports numpy or faiss.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

# name -> (module, the command's short help); the command is the module's attribute of that name.
# `react-repl --help` prints the help from here, so listing the commands imports none of them
# (tests/cli/test_start.py keeps it true).
_SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "run": ("react_repl.cli._run", "Run TASK with the agent; exit 0 when it finished, 1 "
            "otherwise, 130 when interrupted."),
    "search": ("react_repl.cli._search", "Find the APIs that match QUERY, best first."),
    "index": ("react_repl.cli._index", "Build the index `method_search` and `react-repl search` "
              "read."),
    "apis": ("react_repl.cli._apis", "List, show, register and unregister API modules."),
    "logs": ("react_repl.cli._logs", "List, search, show, export and prune run logs."),
    "model": ("react_repl.cli._model", "The local model used when no model server is "
              "configured."),
    "bench": ("react_repl.cli._bench", "Benchmark task suites across models: `bench SUITE_DIR …` "
              "runs, `bench report` re-renders."),
    "config": ("react_repl.cli._config", "Inspect the configuration (see docs/configuration.md)."),
    "mcp": ("react_repl.cli._mcp", "Serve react-repl's sandboxed REPL to MCP clients."),
    "memory": ("react_repl.cli._memory", "List, search and erase the runs the agent remembers "
               "(runs with the memory technique)."),
    "resume": ("react_repl.cli._run", "Continue RUN (an id, an id prefix or a log path) after its "
               "last finished step."),
    "view": ("react_repl.cli._view", "Serve a local web page to watch runs live, answer their "
             "approvals and read bench reports."),
    "rewind": ("react_repl.cli._run", "Fork RUN at step K: its state before K, then your action "
               "(--edit) or the model's new reply (with --say as a hint)."),
}  # fmt: skip


class _LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_SUBCOMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = _SUBCOMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, _help = target
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name != module_name:
                raise
            return None
        return getattr(module, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from the table above: importing every command to ask it for its
        help cost `react-repl --help` a second of CPU (the agent, the model client, openai)."""
        limit = formatter.width - 6 - max(len(name) for name in _SUBCOMMANDS)
        rows = [
            (name, click.Command(name, help=short_help).get_short_help_str(limit))
            for name, (_module, short_help) in sorted(_SUBCOMMANDS.items())
        ]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> object:
        if not _debugging():
            warnings.showwarning = _show_warning
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except KeyboardInterrupt:  # click's "Aborted!" and exit 1, where a run's Ctrl-C is 130
            click.echo("\nInterrupted.", err=True)
            raise SystemExit(130) from None
        except BrokenPipeError:  # `react-repl logs list | head`: the reader left, no bug
            sys.stderr.close()
            raise SystemExit(1) from None
        except Exception as error:
            if _debugging():
                raise
            command = " ".join(filter(None, [ctx.info_name, ctx.invoked_subcommand]))
            raise _unexpected_error(error, command) from error


def _debugging() -> bool:
    return os.environ.get("REACT_REPL_DEBUG", "") not in ("", "0")


def _unexpected_error(error: Exception, command: str) -> click.ClickException:
    """The last line of defence: an error nobody anticipated (a hand-edited file of an
    unexpected shape, a value no check thought of) is one clear line, never a traceback; the
    traceback goes to a report file the line names, for a bug report."""
    try:
        message = " ".join(str(error).split())[:300] or "(no message)"
    except Exception:  # an exception whose message cannot be read still gets its line
        message = "(its message could not be read)"
    report = _save_report(error, command)
    where = f"; the details are in {report}" if report else ""
    return click.ClickException(
        f"{command} failed unexpectedly: {type(error).__name__}: {message}{where}. "
        "If the input looks right, please report it."
    )


def _save_report(error: Exception, command: str) -> Path | None:
    import time
    import traceback

    from react_repl._paths import cache_dir

    folder = cache_dir() / "crash-reports"
    path = folder / f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
    text = f"react-repl {command}\n\n" + "".join(traceback.format_exception(error))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", errors="backslashreplace")
    except OSError:
        return None
    return path


def _show_warning(message: Warning | str, *_where: Any, **_how: Any) -> None:
    """A warning is one `warning: ...` line, as the commands print their own: Python's default
    adds the source file, line number and code of the warn() call, which read like a traceback
    (`REACT_REPL_DEBUG=1` keeps them)."""
    click.echo(f"warning: {message}", err=True)


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="react-repl")
def main() -> None:
    """Code-acting LLM agents in a sandboxed Python REPL with semantic API search."""
