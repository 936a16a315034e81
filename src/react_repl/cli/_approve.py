"""`react-repl run --approve`: the person at the terminal decides about each selected action,
or, when the run has a terminal, whoever answers first: that person or the web view."""

from __future__ import annotations

import os
import select
import sys

import click
from rich.console import Console
from rich.panel import Panel
from rich.syntax import Syntax
from rich.text import Text

from react_repl.agent import ApprovalRequest, Review
from react_repl.techniques import PageChannel

_CHOICES = {"r": "run", "e": "edit", "j": "reject", "s": "stop"}
_PROMPT = "[r]un, [e]dit, re[j]ect or [s]top"
_PAGE_POLL_SECONDS = 0.25


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
            choice = self._choice(request.page)
            if isinstance(choice, Review):
                return choice
            review = self._decision(_CHOICES[choice], request)
        except click.Abort:  # end of input or Ctrl-D: nobody can approve, so nothing runs
            review = Review.stop("no one answered the approval prompt")
        if request.page is None or request.page.claim(review):
            return review
        return self._from_page(request.page) or review  # the page's answer landed first

    def _choice(self, page: PageChannel | None) -> str | Review:
        """A key typed at the terminal, or the page's whole answer if it comes first."""
        if page is None:
            return str(click.prompt(_PROMPT, type=click.Choice(list(_CHOICES)), show_choices=False))
        click.echo(f"{_PROMPT} (or answer on the web view): ", nl=False)
        while (answered := self._from_page(page)) is None:
            if not select.select([sys.stdin], [], [], _PAGE_POLL_SECONDS)[0]:
                continue
            line = sys.stdin.readline()  # a terminal hands over one line per read
            if not line:
                raise click.Abort
            if line.strip() in _CHOICES:
                return line.strip()
            click.echo(f"Error: {line.strip()!r} is not one of r, e, j, s.\n{_PROMPT}: ", nl=False)
        return answered

    def _from_page(self, page: PageChannel) -> Review | None:
        review = page.answer()
        if review is not None:
            reason = f" ({review.reason})" if review.reason else ""
            self.console.print(Text(f"\nAnswered on the web view: {review.decision}{reason}"))
        return review

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
