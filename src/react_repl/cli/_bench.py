"""`react-repl bench SUITE_DIR`: run a suite across models; `bench report RESULTS`: re-render.

Exit codes: 0 every attempt passed; 1 some attempt did not; 2 bad usage, suite or config; 3 the
harness could not run (a model server that does not answer, an executor that cannot start) or an
attempt ended in a harness error (after its retries); 130 interrupted (finished attempts are kept
for --resume).
"""

from __future__ import annotations

import signal
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from react_repl import _paths
from react_repl.cli._consoles import console, say
from react_repl.cli._options import index_option, logs_dir_option, option_values

if TYPE_CHECKING:
    from rich.progress import Progress

EXIT_FAILED, EXIT_USAGE, EXIT_CRASHED, EXIT_INTERRUPTED = 1, 2, 3, 130


class _UsageError(click.ClickException):
    exit_code = EXIT_USAGE


class _HarnessError(click.ClickException):
    exit_code = EXIT_CRASHED


class _BenchGroup(click.Group):
    """`bench SUITE …` is `bench run SUITE …`, so the common case needs no subcommand."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help"):
            args = ["run", *args]
        return super().parse_args(ctx, args)


_prices_option = click.option(
    "--prices", type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="TOML of USD per million tokens: MODEL = { prompt = 2.5, completion = 10 }.",
)  # fmt: skip


@click.group(cls=_BenchGroup)
def bench() -> None:
    """Benchmark task suites across models: `bench SUITE_DIR …` runs, `bench report` re-renders.

    See docs/bench.md for the suite format, model specs, arms and the report.
    """


@bench.command("run")
@click.argument("suite_dir", type=click.Path(exists=True, path_type=Path))
@click.option(
    "--model", "models", multiple=True, metavar="SPEC",
    help="Model: a bundled local name, NAME@http://host/v1, a [bench.models.NAME] "
    "profile, or a name on --base-url. Repeatable.",
)  # fmt: skip
@click.option("--base-url", help="Server for plain model names (default: OPENAI_BASE_URL).")
@click.option("--api-key", help="Key for plain names and NAME@URL (default: OPENAI_API_KEY).")
@click.option(
    "--arm", "arms", multiple=True, metavar="NAME:KEY=VALUE,…",
    help="An agent variant compared as its own column, e.g. nofew:few_shot=false. "
    "Repeatable; `base:` is the unchanged agent.",
)  # fmt: skip
@click.option(
    "--agent", "agents", multiple=True, metavar="STYLE",
    help="Agent style compared as its own column: code (default), tool-calls, smolagents, "
    "or an installed react_repl.bench_agents entry point. Repeatable.",
)  # fmt: skip
@click.option(
    "--time-limit", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS",
    help="Per attempt (default: the suite's time_limit).",
)  # fmt: skip
@click.option(
    "--token-limit", type=click.IntRange(min=1), metavar="N",
    help="Prompt + completion tokens per attempt (default: the suite's token_limit).",
)  # fmt: skip
@click.option(
    "--cost-limit", type=click.FloatRange(min=0, min_open=True), metavar="USD",
    help="Per attempt, at the model's price (default: the suite's cost_limit).",
)  # fmt: skip
@click.option(
    "--error-retries", type=click.IntRange(min=0), default=2, show_default=True,
    help="Runs more of an attempt that ended in a harness error.",
)  # fmt: skip
@click.option(
    "--set", "option_values", multiple=True, metavar="KEY=VALUE",
    help="Agent option for every arm, e.g. --set max_steps=12. Repeatable.",
)  # fmt: skip
@click.option(
    "--repeats", type=click.IntRange(min=1), default=1, show_default=True,
    help="Trials per task (pass@k and pass^k in the report).",
)  # fmt: skip
@click.option(
    "--workers", type=click.IntRange(min=1), default=1, show_default=True,
    help="Attempts run in parallel, each in its own process.",
)  # fmt: skip
@click.option(
    "--executor", type=click.Choice(["local", "ray"]), default="local", show_default=True,
    help="Local process pool, or a Ray cluster (pip install 'react-repl[ray]').",
)  # fmt: skip
@click.option("--address", help="Ray cluster address (e.g. auto); default: a local Ray instance.")
@click.option(
    "--distractors", metavar="N[,M…]",
    help="Also index N extra APIs from the distractor pack; one N runs 0 and N.",
)  # fmt: skip
@click.option(
    "--distractor-pack", type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="A folder of API modules to draw distractors from (default: the shipped pack).",
)  # fmt: skip
@click.option("--only", "only_ids", multiple=True, metavar="TASK", help="Run only these tasks.")
@click.option("--seed", type=int, default=0, show_default=True, help="Base seed for worlds.")
@click.option(
    "--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
    help="Results folder (default: bench-results/SUITE-DATE-TIME).",
)  # fmt: skip
@click.option("--resume", is_flag=True, help="Continue the benchmark in --out.")
@click.option("--retry-errors", is_flag=True, help="With --resume: re-run attempts that crashed.")
@_prices_option
@index_option
@logs_dir_option
def run_command(prices: Path | None, **args: Any) -> None:
    """Run every task of SUITE_DIR with each model and arm; write results and a report."""
    run = _assemble(args)
    from react_repl.bench import ExecutorError, ModelUnreachable, run_benchmark
    from react_repl.bench._reading import target_prices
    from react_repl.local import LocalModelError
    from react_repl.logs import read_prices

    try:
        price_table = {**target_prices(run.targets), **(read_prices(prices) if prices else {})}
    except ValueError as error:
        raise _UsageError(str(error)) from None
    unpriced = [t.label for t in run.targets if t.label not in price_table]
    if run.attempt_limits().cost and unpriced:
        raise _UsageError(f"a cost limit needs a price for {', '.join(unpriced)} (--prices)")
    run = replace(run, prices=price_table)
    say(f"Results: {run.out_dir}")
    signal.signal(signal.SIGTERM, _interrupted)  # `kill` stops a benchmark as Ctrl-C does
    try:
        with _progress_bar() as bar:
            records = run_benchmark(run, _callbacks(bar))
    except KeyboardInterrupt:
        message = f"Interrupted; finished attempts are kept. Continue: --out {run.out_dir} --resume"
        say(message, "yellow")
        raise SystemExit(EXIT_INTERRUPTED) from None
    except (ExecutorError, LocalModelError, ModelUnreachable) as error:
        raise _HarnessError(str(error)) from None
    except ValueError as error:  # a plan that does not fit, a pack too small for --distractors
        raise _UsageError(str(error)) from None
    _finish(records, run.out_dir, f"Benchmark: {run.suite.name}", price_table)


@bench.command("report")
@click.argument("results", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@click.option(
    "--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
    help="Where report.md, report.html and plots/ go (default: next to RESULTS).",
)  # fmt: skip
@_prices_option
@click.option("--title", help="Report title.")
def report_command(
    results: tuple[Path, ...], out_dir: Path | None, prices: Path | None, title: str | None
) -> None:
    """Re-render the report from results files (or folders); several files are compared."""
    from react_repl.bench._reading import load_results, plan_prices, results_file
    from react_repl.logs import read_prices

    try:
        files = [results_file(path) for path in results]
        records = load_results(files)
        price_table = {**plan_prices(files), **(read_prices(prices) if prices else {})}
    except ValueError as error:
        raise _UsageError(str(error)) from None
    if not records:
        raise _UsageError(f"no attempt records in {', '.join(map(str, files))}")
    target = out_dir or (files[0].parent if len(files) == 1 else Path("bench-report"))
    suites = sorted({record.suite for record in records})
    _finish(records, target, title or f"Benchmark: {', '.join(suites)}", price_table)


def _assemble(args: dict[str, Any]) -> Any:
    """Flags + config file -> a BenchRun; every problem here is a usage error (exit 2)."""
    from react_repl.bench import (
        DISTRACTOR_PACK,
        BenchRun,
        Limits,
        ModelSpecError,
        PlanError,
        SuiteError,
        check_styles,
        parse_arm,
        resolve_targets,
    )
    from react_repl.bench._plan import DEFAULT_ARM, check_arms
    from react_repl.compose import check_logs_folder, load_config
    from react_repl.config import agent_options, sandbox_settings

    try:
        suite = _checked_suite(args["suite_dir"])
        logs_dir = (args["logs_dir"] or _paths.default_logs_dir()).resolve()
        check_logs_folder(logs_dir)  # else every attempt crashes when it opens its log
        config = load_config()
        targets = resolve_targets(
            args["models"], config.as_data(), base_url=args["base_url"], api_key=args["api_key"]
        )
        arms = [parse_arm(text) for text in args["arms"]] or [DEFAULT_ARM]
        agents = list(args["agents"]) or ["code"]
        check_styles(agents)
        overrides = option_values(args["option_values"])
        levels = _levels(args["distractors"])
        agent_base = {
            t.label: agent_options(config, model=t.settings.model, local=t.local is not None)[0]
            for t in targets
        }
        check_arms(arms, lambda values: [
            agent_options(config, {**overrides, **values}, model=t.settings.model,
                          local=t.local is not None) for t in targets
        ])  # fmt: skip
    except (SuiteError, ModelSpecError, PlanError, ValueError) as error:  # ConfigError too
        raise _UsageError(str(error)) from None
    unknown = sorted(set(args["only_ids"]) - {task.id for task in suite.tasks})
    if unknown:
        raise _UsageError(f"--only: no task {unknown} in {suite.name}")
    if args["resume"] and not args["out_dir"]:
        raise _UsageError("--resume needs --out: the folder of the benchmark to continue")
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    out_dir = (args["out_dir"] or Path("bench-results") / f"{suite.name}-{stamp}").resolve()
    sandbox = config.tables.sandbox.given()
    as_given = ("error_retries", "repeats", "seed", "workers", "executor", "address", "resume",
                "retry_errors")  # fmt: skip
    return BenchRun(
        suite=suite,
        targets=targets,
        out_dir=out_dir,
        logs_dir=logs_dir,
        arms=arms,
        agents=agents,
        limits=Limits(args["time_limit"], args["token_limit"], args["cost_limit"]),
        distractors=levels,
        task_ids=[task.id for task in suite.tasks if task.id in args["only_ids"]],  # none: all
        agent_base=agent_base,
        overrides=overrides,
        sandbox={k: v for k, v in sandbox.items() if k not in ("env", "env_passthrough")},
        user_env=sandbox_settings(config)[0]["env"] if suite.network else {},
        seed_index=(args["index_dir"] or _paths.default_index_dir()).resolve(),
        pack=args["distractor_pack"] or DISTRACTOR_PACK,
        **{key: args[key] for key in as_given},
    )


def _checked_suite(folder: Path) -> Any:
    """The suite, its own API modules loaded: one that fails to import would leave every
    attempt without the task's APIs, a benchmark of nothing."""
    from react_repl.bench import load_suite
    from react_repl.compose import check_api_sources

    suite = load_suite(folder)
    if suite.apis_dir is not None:
        check_api_sources([suite.apis_dir], f"suite {suite.name}")
    return suite


def _interrupted(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def _levels(text: str | None) -> list[int]:
    if not text:
        return [0]
    try:
        levels = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise ValueError(f"--distractors {text!r}: write N or N,M,… (whole numbers)") from None
    if not levels or any(level < 0 for level in levels):
        raise ValueError(f"--distractors {text!r}: numbers must be 0 or more")
    return sorted({0, *levels}) if len(levels) == 1 else sorted(set(levels))


def _finish(records: Sequence[Any], out_dir: Path, title: str, prices: dict[str, Any]) -> None:
    from react_repl.bench import summarise, write_report

    try:  # a read-only results folder (published, or another user's) or --out
        files = write_report(records, out_dir, title=title, prices=prices)
    except OSError as error:
        raise _UsageError(
            f"cannot write the report to {out_dir}: {error.strerror or error}; choose --out"
        ) from None
    from rich.table import Table
    from rich.text import Text

    summary = summarise(records, prices)
    table = Table("column", "success", "95% CI", "mean steps", "tokens (prompt+completion)",
                  "mean time", "harness errors", title=title)  # fmt: skip
    for column in summary.columns_summary:
        low, high = column.interval
        table.add_row(
            Text(column.label),  # a model or arm name is text, not markup
            f"{column.passed}/{column.attempts}",
            f"{low:.0%}–{high:.0%}",
            f"{column.mean_steps:.1f}",
            f"{column.prompt_tokens:,}+{column.completion_tokens:,}",
            f"{column.mean_seconds:.1f} s",
            str(column.errors),
        )
    console().print(table)
    say(f"Report: {files.markdown}  {files.html}")
    if files.plots_skipped:
        say(files.plots_skipped, "yellow")
    if any(not record.ran for record in records):
        raise SystemExit(EXIT_CRASHED)
    raise SystemExit(0 if all(record.passed for record in records) else EXIT_FAILED)


def _progress_bar() -> Progress:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TextColumn("ETA"), TimeRemainingColumn(), console=console(),
    )  # fmt: skip


def _callbacks(bar: Progress) -> Any:
    """What `bench run` shows while it works: a line per finished attempt above the bar, which
    shows done/total and the ETA."""
    from rich.text import Text

    from react_repl.bench import Progress as Callbacks
    from react_repl.bench._summary import MARKS

    def notify(message: str) -> None:
        bar.console.print(Text(message, style="dim"))

    def started(total: int, done: int) -> None:
        bar.add_task("attempts", total=total, completed=done)
        if done:
            notify(f"{done} of {total} attempts already finished; running the rest")

    def finished(record: Any) -> None:
        reasons = [
            c["name"] + (f": {c['detail']}" if c["detail"] else "") for c in record.failed_checks
        ]
        if record.status != "finished":
            reasons.insert(0, record.status + (f" ({record.error})" if record.error else ""))
        detail = f" — {'; '.join(reasons)}"[:300] if reasons else ""
        line = (
            f"{MARKS[record.outcome]} {record.model} / {record.agent} / {record.arm} {record.task} "
            f"#{record.trial}: {record.steps} steps, {record.wall_seconds:.1f} s{detail}"
        )
        bar.console.print(Text(line))
        bar.advance(bar.task_ids[0])

    return Callbacks(notify=notify, started=started, finished=finished)
