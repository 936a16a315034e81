"""What `run`, `resume` and `rewind` share: building the agent from flags and config, showing
the run live, asking the person at the terminal (approvals, `ask_user`), and the exit code (0
finished, 1 not finished, 130 interrupted). With a terminal, an approval goes to whoever
answers first: that person or the web view.

The reply is printed token by token as the model writes it (THOUGHT, then ACTION), so a person
sees progress within a second of the first token; the observation follows in a panel. Model and
sandbox text is printed as Text, never as markup: `x[i]` or `[/b]` must survive.
"""

from __future__ import annotations

import json
import os
import select
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from react_repl.agent import (
    ActionProposed,
    ActionReviewed,
    Agent,
    ApprovalRequest,
    Approver,
    AskUser,
    ContinuationError,
    ModelRetried,
    Observed,
    Review,
    RunEnded,
    RunResult,
    RunStarted,
    StepStarted,
    TextDelta,
)
from react_repl.cli._options import option_values
from react_repl.logs import cost_text
from react_repl.techniques import PageChannel


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
    watch = LivePrinter(console, quiet)
    try:
        result = go(watch)
    except KeyboardInterrupt:
        _interrupted(console, watch.log_path)
        sys.exit(130)
    except ContinuationError as error:
        raise click.ClickException(str(error)) from error
    print_result(console, result, quiet)
    sys.exit(0 if result.finished else 1)


def _interrupted(console: Console, log_path: Path | None) -> None:
    if log_path is None:  # no logs folder, or stopped before the log was opened
        console.print("\n[yellow]Interrupted.[/]")
        return
    console.print("\n[yellow]Interrupted.[/] The run log is marked interrupted.")
    console.print(Text(f"Log: {log_path}"), soft_wrap=True)  # one line, as print_result's


def _approvers(request: AgentRequest, console: Console) -> list[object]:
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


class LivePrinter:
    """An `on_event` callback that renders each event once, in order (nothing when quiet), and
    keeps the log path the run announces: a Ctrl-C leaves no result to read it from, and the
    user still needs to know which log holds the interrupted run."""

    def __init__(self, console: Console, quiet: bool) -> None:
        self.console = console
        self.quiet = quiet
        self.log_path: Path | None = None
        self._mid_reply = False  # a reply is being streamed and its line is not ended yet

    def __call__(self, event: Any) -> None:
        if isinstance(event, RunStarted):
            self.log_path = event.log_path
        if self.quiet:
            return
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


_CHOICES = {"r": "run", "e": "edit", "j": "reject", "s": "stop"}
_PROMPT = "[r]un, [e]dit, re[j]ect or [s]top"
_PAGE_POLL_SECONDS = 0.25


class TerminalApprover:
    """Shows the action and asks: run, edit, reject (with a reason) or stop the run."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def __call__(self, request: ApprovalRequest) -> Review:
        from rich.syntax import Syntax  # pygments: 27 ms that only an approval needs

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
