"""`react-repl run --approve`: the person at the terminal decides about each selected action."""

from __future__ import annotations

import os

import click
from rich.console import Console
from rich.panel import Panel
from rich.syntax import Syntax
from rich.text import Text

from react_repl.agent import ApprovalRequest, Review

_CHOICES = {"r": "run", "e": "edit", "j": "reject", "s": "stop"}


class TerminalApprover:
    """Shows the action and asks: run, edit, reject (with a reason) or stop the run."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def __call__(self, request: ApprovalRequest) -> Review:
        self.console.print(
            Panel(Syntax(request.action, "python", theme="ansi_dark"),
                  title=f"Step {request.step} wants to run", title_align="left",
                  border_style="yellow")
        )  # fmt: skip
        for reason in request.reasons:
            self.console.print(Text(f"  why asked: {reason}", "yellow"))
        try:
            choice = click.prompt(
                "[r]un, [e]dit, re[j]ect or [s]top",
                type=click.Choice(list(_CHOICES)),
                show_choices=False,
            )
            return self._decision(_CHOICES[choice], request)
        except click.Abort:  # end of input or Ctrl-D: nobody can approve, so nothing runs
            return Review.stop("no one answered the approval prompt")

    def _decision(self, choice: str, request: ApprovalRequest) -> Review:
        if choice == "run":
            return Review.approve()
        if choice == "edit":
            edited = _edit(request.action)
            return Review.edit(edited) if edited.strip() else Review.reject("the edit was empty")
        if choice == "reject":
            return Review.reject(click.prompt("Reason (shown to the model)", default="not allowed"))
        return Review.stop(click.prompt("Reason (for the log)", default="stopped by the user"))


def _edit(code: str) -> str:
    """$EDITOR when one is set; otherwise the new code typed at the prompt, ended by '.'."""
    if os.environ.get("VISUAL") or os.environ.get("EDITOR"):
        return (click.edit(code, extension=".py") or code).strip()
    click.echo("Type the new action; end with a line holding a single '.':")
    lines = []
    while (line := click.prompt("", default="", show_default=False, prompt_suffix="")) != ".":
        lines.append(line)
    return "\n".join(lines)
