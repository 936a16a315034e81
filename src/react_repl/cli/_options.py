"""Options several commands share, declared once so they read and behave the same everywhere."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., object])


index_option = click.option(
    "--index", "index_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
    help="Index folder (default: the project's index/, or $REACT_REPL_INDEX).",
)  # fmt: skip
logs_dir_option = click.option(
    "--logs-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
    help="Folder of run logs (default: the project's logs/ or $REACT_REPL_LOGS).",
)  # fmt: skip
apis_option = click.option(
    "--apis", "api_paths", multiple=True,
    help="Extra API folder, .py file, module or mcp: server (repeatable).",
)  # fmt: skip


def stacked(*options: Callable[[Any], Any]) -> Callable[[F], F]:
    """Several options as one decorator, listed in the order `--help` shows them."""

    def decorate(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


model_options = stacked(
    click.option("--model", help="Model name (default: config, REACT_REPL_MODEL)."),
    click.option("--base-url", help="OpenAI-compatible server URL (OPENAI_BASE_URL)."),
    click.option("--api-key", help="API key (default: OPENAI_API_KEY)."),
)


def _regexes(ctx: click.Context, param: click.Parameter, rules: tuple[str, ...]) -> tuple[str, ...]:
    for rule in rules:
        try:
            re.compile(rule)
        except re.error as error:
            raise click.BadParameter(
                f"/{rule}/ is not a valid regular expression: {error}"
            ) from None
    return rules


# What any command that runs the agent accepts besides the model.
run_options = stacked(
    click.option(
        "--apis", "api_dirs", multiple=True, metavar="SOURCE",
        help="Extra API folder, .py file, module name or mcp: source; repeatable. One that "
        "cannot load is an error.",
    ),
    click.option(
        "--builtin-apis/--no-builtin-apis", "builtin_apis", default=None,
        help="Put the built-in APIs in scope or leave them out, whatever --api-set "
        "says (default: in, or as the set says).",
    ),
    click.option(
        "--only-apis", is_flag=True,
        help="Only the --apis given and the --api-set's sources: no built-in, "
        "registered or config MCP APIs, whatever the set says.",
    ),
    click.option(
        "--api-set", metavar="NAME",
        help="Start from a named set of API sources ([api_sets] in the config file).",
    ),
    index_option,
    logs_dir_option,
    click.option(
        "--prompts", "prompts_dir",
        type=click.Path(exists=True, file_okay=False, path_type=Path),
        help="Folder of prompt templates overriding the built-in ones.",
    ),
    click.option(
        "--quiet", is_flag=True,
        help="Print only the answer (or the summary at max steps) and the log path.",
    ),
    click.option(
        "--approve", type=click.Choice(["all", "side-effects"]),
        help="Ask before running actions: every one, or those calling APIs with side effects.",
    ),
    click.option(
        "--approve-rule", "approve_rules", multiple=True, metavar="REGEX", callback=_regexes,
        help="Also ask before actions whose code matches REGEX; repeatable.",
    ),
    click.option(
        "--questions/--no-questions", "questions", default=None,
        help="Let the agent ask you questions (ask_user) here; default: when the input "
        "is a terminal.",
    ),
)  # fmt: skip


def option_values(items: Iterable[str]) -> dict[str, Any]:
    """`--set KEY=VALUE` flags as agent option values: JSON where the value is JSON (12, true,
    ["a"]), else the text itself, as an arm's values are read. Raises ValueError for an item
    that is not KEY=VALUE."""
    from react_repl.config import parse_value

    values = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--set {item!r} is not KEY=VALUE")
        values[key.strip()] = parse_value(raw.strip())
    return values
