"""Showing a run in the terminal as it happens, from the agent's events alone.

The reply is printed token by token as the model writes it (THOUGHT, then ACTION), so a person
sees progress within a second of the first token; the observation follows in a panel. Model and
sandbox text is printed as Text, never as markup: `x[i]` or `[/b]` must survive.
"""

from __future__ import annotations

import json
from typing import Any

import click
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from react_repl.agent import (
    ActionProposed,
    ActionReviewed,
    ModelRetried,
    Observed,
    RunEnded,
    RunResult,
    StepStarted,
    TextDelta,
)
from react_repl.logs import cost_text


class LivePrinter:
    """An `on_event` callback that renders each event once, in order."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self._mid_reply = False  # a reply is being streamed and its line is not ended yet

    def __call__(self, event: Any) -> None:
        if isinstance(event, StepStarted):
            self._end_reply()
            title = f"Step {event.step}" + ("" if event.kind == "step" else f" ({event.kind})")
            self.console.rule(title)
        elif isinstance(event, TextDelta):
            self.console.print(Text(event.text), end="", soft_wrap=True)
            self._mid_reply = True
        elif isinstance(event, ModelRetried):
            self._end_reply()
            self.console.print(
                Text(
                    f"retrying the model call in {event.delay:.1f} s ({event.cause}); "
                    "the reply so far is dropped",
                    "yellow",
                )
            )
        elif isinstance(event, ActionProposed | RunEnded):  # the result's rule follows RunEnded
            self._end_reply()
        elif isinstance(event, ActionReviewed) and event.decision != "run":
            self._end_reply()
            detail = f": {event.reason}" if event.reason else ""
            self.console.print(Text(f"reviewer: {event.decision}{detail}", "yellow"))
        elif isinstance(event, Observed):
            self._end_reply()
            self.console.print(
                Panel(Text(event.observation), title="OBSERVATION", title_align="left",
                      border_style="green" if event.ok else "red")
            )  # fmt: skip

    def _end_reply(self) -> None:
        if self._mid_reply:
            self.console.print()
            self._mid_reply = False


def print_result(console: Console, result: RunResult, quiet: bool) -> None:
    """The outcome, one unbroken line per value: scripts parse `Answer:` and `Log:`, people
    copy them, and a line break rich put in at the terminal's (or a pipe's 80) columns would
    corrupt both; the terminal itself wraps long lines for the eye. --quiet leaves out the
    rule, the error and the tokens, never what the run produced: its answer or summary."""
    if not quiet:
        colour = "green" if result.finished else "red"
        console.rule(Text(result.status.value, style=colour))
    lines = [outcome] if (outcome := _outcome(result)) else []
    if result.error and not quiet:
        lines.append(Text(result.error, style="red"))
    usage = result.usage
    if not quiet:
        tokens = f"{usage.prompt_tokens} prompt + {usage.completion_tokens} completion"
        lines.append(Text(f"Tokens: {tokens}, cost {cost_text(result.cost)}"))
    if result.log_path:
        lines.append(Text(f"Log: {result.log_path}"))
    for line in lines:
        console.print(line, soft_wrap=True)
    if result.error and quiet:  # stdout stays the answer and the log; why it failed goes aside
        click.echo(f"Error: {result.error}", err=True)


def _outcome(result: RunResult) -> Text | None:
    """The answer; for a run that ended without one, its summary or a line saying so."""
    if result.answer_text is not None:
        return Text.assemble(("Answer: ", "bold"), _one_line(_for_people(result)))
    if result.finished:  # not an `Answer:` line, or a script would read this as the answer
        return Text("Finished with no answer value: stop() was given none.")
    if result.summary:
        return Text.assemble(("Summary: ", "bold"), _one_line(result.summary))
    return None


def _for_people(result: RunResult) -> str:
    """Dates in ISO 8601, containers as JSON with spaces; the log keeps the typed value."""
    from react_repl.sandbox import answer_for_people

    if result.answer is None or isinstance(result.answer, str):
        return result.answer_text or ""
    return answer_for_people(result.answer)


def _one_line(text: str) -> str:
    """`text` itself when it is one line, else as JSON text, whose escapes keep it on one line
    (and make `stop('a\\nb')` read apart from a one-line answer)."""
    if len(f"{text}.".splitlines()) == 1:
        return text
    escaped = json.dumps(text, ensure_ascii=False)
    return escaped.translate({0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"})
