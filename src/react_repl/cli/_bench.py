"""`react-repl bench SUITE.toml`: run a task suite across models and print who finished what."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from react_repl import _paths
from react_repl.cli._options import index_option

_console = Console(highlight=False)


@click.command()
@click.argument("suite", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--model",
    "models",
    multiple=True,
    help="Model to benchmark; repeatable. Default: the configured model.",
)
@click.option("--base-url", help="OpenAI-compatible server URL (default: OPENAI_BASE_URL).")
@click.option("--api-key", help="API key (default: OPENAI_API_KEY).")
@click.option("--only", "only_ids", multiple=True, help="Run only these task ids.")
@click.option(
    "--set",
    "option_values",
    multiple=True,
    metavar="KEY=VALUE",
    help="Agent option override, e.g. --set decompose_first_step=false; repeatable.",
)
@click.option("--json", "json_out", type=click.Path(path_type=Path), help="Write outcomes here.")
@index_option
@click.option("--logs-dir", type=click.Path(path_type=Path), help="Where run logs go.")
def bench(
    suite: Path,
    models: tuple[str, ...],
    base_url: str | None,
    api_key: str | None,
    only_ids: tuple[str, ...],
    option_values: tuple[str, ...],
    json_out: Path | None,
    index_dir: Path | None,
    logs_dir: Path | None,
) -> None:
    """Run every task of SUITE with each model; exit 0 when every run passed its checks."""
    from react_repl.bench import load_suite, outbox_reader, run_suite, summary_rows
    from react_repl.cli import _setup
    from react_repl.settings import load_config_file

    tasks = [t for t in load_suite(suite) if not only_ids or t.id in only_ids]
    config = load_config_file()
    apis, method_search = _setup.prepare_apis((), index_dir or _paths.default_index_dir(), _console)
    overrides = _parse_overrides(option_values)
    outcomes = []
    for model in models or (None,):
        flags = {"model": model, "base_url": base_url, "api_key": api_key}
        settings, local = _setup.resolve_model(config, flags, _console)
        options = _setup.agent_options(config, overrides, local, settings.model)
        make_agent = _agent_factory(config, settings, options, apis, method_search, logs_dir)
        outcomes += run_suite(
            tasks,
            make_agent,
            outbox_reader(apis["list_outbox_messages"]),
            on_outcome=_print_outcome,
        )
    _print_summary(summary_rows(outcomes))
    if json_out:
        json_out.write_text(json.dumps([asdict(o) for o in outcomes], indent=2), encoding="utf-8")
    raise SystemExit(0 if all(o.passed for o in outcomes) else 1)


def _agent_factory(
    config: Any, settings: Any, options: Any, apis: Any, method_search: Any, logs_dir: Path | None
) -> Any:
    from dataclasses import replace

    from react_repl.agent import Agent
    from react_repl.cli import _setup
    from react_repl.llm import ChatModel

    model = ChatModel(settings)

    def make(env: dict[str, str], max_steps: int | None) -> Agent:
        return Agent(
            model,
            apis=apis,
            method_search=method_search,
            options=replace(options, max_steps=max_steps) if max_steps else options,
            logs_dir=logs_dir or _paths.default_logs_dir(),
            sandbox_settings=_setup.sandbox_settings(config, env),
            log_settings={"base_url": settings.base_url or "(default)", "bench": True},
        )

    return make


def _parse_overrides(values: tuple[str, ...]) -> dict[str, Any]:
    overrides: dict[str, Any] = {}
    for item in values:
        key, sep, raw = item.partition("=")
        if not sep:
            raise click.BadParameter(f"{item!r} is not KEY=VALUE", param_hint="--set")
        try:
            overrides[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            overrides[key.strip()] = raw
    return overrides


def _print_outcome(outcome: Any) -> None:
    mark = ("pass", "green") if outcome.passed else ("fail", "red")
    detail = "" if outcome.passed else f" — {'; '.join(outcome.failures)}"
    summary = f" {outcome.model} {outcome.task_id}: {outcome.status}, {outcome.steps} steps,"
    _console.print(Text.assemble(mark, summary, f" {outcome.seconds} s{detail}"))


def _print_summary(rows: list[dict[str, Any]]) -> None:
    table = Table(title="Benchmark")
    for column in ("model", "passed", "median_steps_passed", "median_seconds", "tokens"):
        table.add_column(column)
    for row in rows:
        table.add_row(*(str(value) for value in row.values()))
    _console.print(table)
