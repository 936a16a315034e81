"""The `react-repl` command.

Subcommands live in their own modules and are imported only when invoked, so that a cold
`react-repl search` does not pay for importing the agent, the model client or torch.
"""

from __future__ import annotations

import importlib
import os
import sys
import warnings
from typing import TextIO

import click

# BLAS and FAISS's OpenMP run single-threaded unless the user says otherwise: a query is a
# handful of tokens, and on a 2-core machine shared with the local model server, threads
# spinning against it made one query embedding take 390 ms instead of 49 ms and a 1000-API
# build run at 19 APIs/s instead of 27. Set before any subcommand imports numpy or faiss.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

_SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "run": ("react_repl.cli._run", "run"),
    "search": ("react_repl.cli._search", "search"),
    "index": ("react_repl.cli._index", "index"),
    "apis": ("react_repl.cli._apis", "apis"),
    "logs": ("react_repl.cli._logs", "logs"),
    "model": ("react_repl.cli._model", "model"),
    "bench": ("react_repl.cli._bench", "bench"),
    "config": ("react_repl.cli._config", "config"),
    "mcp": ("react_repl.cli._mcp", "mcp"),
    "memory": ("react_repl.cli._memory", "memory"),
    "resume": ("react_repl.cli._continue", "resume"),
    "rewind": ("react_repl.cli._continue", "rewind"),
}


class _LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_SUBCOMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = _SUBCOMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attribute = target
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name != module_name:
                raise
            return None
        return getattr(module, attribute)

    def invoke(self, ctx: click.Context) -> object:
        from react_repl.cli._crash import debugging

        if not debugging():
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
            from react_repl.cli._crash import unexpected_error

            if debugging():
                raise
            command = " ".join(filter(None, [ctx.info_name, ctx.invoked_subcommand]))
            raise unexpected_error(error, command) from error


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """A warning is one `warning: ...` line, as the commands print their own: Python's default
    adds the source file, line number and code of the warn() call, which read like a traceback
    (`REACT_REPL_DEBUG=1` keeps them)."""
    click.echo(f"warning: {message}", err=True)


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="react-repl")
def main() -> None:
    """Code-acting LLM agents in a sandboxed Python REPL with semantic API search."""
