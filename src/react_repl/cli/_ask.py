"""The person at the terminal answers the agent's `ask_user` questions."""

from __future__ import annotations

import click
from rich.console import Console
from rich.panel import Panel
from rich.text import Text


class TerminalAnswerer:
    def __init__(self, console: Console) -> None:
        self.console = console

    def __call__(self, question: str) -> str:
        self.console.print(
            Panel(Text(question), title="The agent asks you", title_align="left",
                  border_style="yellow")
        )  # fmt: skip
        try:
            return click.prompt("Your answer", default="", show_default=False)
        except click.Abort:  # end of input: no one is there after all
            raise RuntimeError("No one answered; decide with what you have.") from None
