"""The report a person reads: the seed's table, a summary per column, paired comparisons.

Written as markdown (to commit or paste into an issue) and as one HTML page (to open in a
browser); both link every cell to its run log with a path relative to the report, so a results
folder can be moved or committed with its logs and the links still work.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, PackageLoader, Template, select_autoescape

from react_repl.bench._plots import write_plots
from react_repl.bench._results import AttemptRecord
from react_repl.bench._summary import (
    MARKS,
    ColumnSummary,
    Comparison,
    Summary,
    column_of,
    summarise,
)
from react_repl.logs import Prices

SIGNIFICANCE = 0.05
LEGEND = (
    "Cell: steps the agent ran. ✅ finished and every check passed · 🟠 finished but a check "
    "failed · ❌ did not finish (max steps, a limit, the model's error) · ⚠️ the harness or the "
    "model server failed: not counted in success. Each cell links its run log."
)
SUMMARY_HEADER = ("mean steps", "malformed replies", "prompt tokens", "completion tokens",
                  "mean time", "cost", "limits hit", "harness errors")  # fmt: skip


@dataclass(frozen=True)
class ReportFiles:
    markdown: Path
    html: Path
    plots: tuple[Path, ...]
    plots_skipped: str | None


def write_report(
    records: Sequence[AttemptRecord], out_dir: Path, *, title: str, prices: Prices | None = None
) -> ReportFiles:
    """report.md, report.html and plots/*.png in `out_dir`."""
    out_dir.mkdir(parents=True, exist_ok=True)
    summary = summarise(records, prices)
    plots, skipped = write_plots(summary, out_dir / "plots")
    view = _View(summary, out_dir, title, tuple(p.relative_to(out_dir).as_posix() for p in plots))
    markdown = out_dir / "report.md"
    markdown.write_text(render_markdown(view), encoding="utf-8")
    html = out_dir / "report.html"
    html.write_text(_html_template().render(v=view, marks=MARKS, legend=LEGEND), encoding="utf-8")
    return ReportFiles(markdown, html, tuple(plots), skipped)


@dataclass(frozen=True)
class _View:
    summary: Summary
    out_dir: Path
    title: str
    plots: tuple[str, ...]

    def cell(self, task: str, column: object) -> list[tuple[str, str | None]]:
        """(text, relative log link) per trial of a cell."""
        return [
            (f"{r.steps} {MARKS[r.outcome]}", self.link(r.log_path))
            for r in self.summary.cell(task, column)  # type: ignore[arg-type]
        ]

    def link(self, path: str | None) -> str | None:
        if not path:
            return None
        return Path(os.path.relpath(Path(path).resolve(), self.out_dir.resolve())).as_posix()

    def task_texts(self) -> list[tuple[str, str]]:
        texts = {r.task: r.task_text for r in reversed(self.summary.records)}  # the first wins
        return [(task, texts.get(task, "")) for task in self.summary.tasks]

    def failures(self) -> list[tuple[AttemptRecord, str, str]]:
        """(record, column label, what went wrong) for every attempt that did not pass."""
        rows = []
        for record in self.summary.records:
            if record.passed:
                continue
            reasons = [f"harness error after {record.tries} tries, not counted"] * (not record.ran)
            if record.limit:
                reasons.append(f"{record.limit} limit reached")
            if record.status != "finished":
                error = f" ({record.error})" if record.error else ""
                reasons.append(f"status {record.status}{error}")
            reasons += [f"{c['name']}: {c['detail']}" for c in record.failed_checks]
            rows.append((record, self.summary.labels[column_of(record)], "; ".join(reasons)))
        return rows

    def ks(self) -> list[int]:
        """The k shown for pass@k / pass^k: 1 and the number of trials."""
        trials = self.summary.trials
        return [1, trials] if trials > 1 else [1]


def render_markdown(view: _View) -> str:
    s = view.summary
    counts = f"{len(s.records)} attempts · {len(s.tasks)} tasks · {len(s.columns)} columns"
    lines = [f"# {view.title}", "", f"{counts} · {s.trials} trial(s) each", "", "## Results", ""]
    lines += _table(["task", *(s.labels[c] for c in s.columns)], (
        [task, *(" ".join(_md_link(text, link) for text, link in view.cell(task, c)) or "–"
                 for c in s.columns)]
        for task in s.tasks
    ))  # fmt: skip
    lines += ["", LEGEND, "", "## Summary", "", *(f"{line}  " for line in headline(s)), ""]
    ks = view.ks()
    header = ["column", "success", "95% CI", *(f"pass@{k}" for k in ks[1:]),
              *(f"pass^{k}" for k in ks[1:]), *SUMMARY_HEADER]  # fmt: skip
    lines += _table(header, (_summary_cells(c, ks) for c in s.columns_summary))
    if s.distractor_comparisons:
        lines += ["", "## With and without distractors", ""]
        lines += _comparison_table(s.distractor_comparisons)
    if s.comparisons:
        lines += ["", "## Paired comparison (exact McNemar test on attempts of the same task "
                  "and trial)", "", *_comparison_table(s.comparisons)]  # fmt: skip
    if failures := view.failures():
        lines += ["", "## What went wrong", ""] + [
            f"- **{r.task}** · {label} · trial {r.trial}: {_one_line(reason)}"
            for r, label, reason in failures
        ]
    lines += ["", "## Tasks", ""]
    lines += [f"- **{task}**: {_one_line(text)}" for task, text in view.task_texts()]
    if view.plots:
        lines += ["", "## Plots", ""] + [f"![{Path(p).stem}]({p})" for p in view.plots]
    return "\n".join(lines) + "\n"


def _summary_cells(c: ColumnSummary, ks: list[int]) -> list[str]:
    low, high = c.interval
    passed_steps = f" ({c.mean_steps_passed:.1f} passed)" if c.mean_steps_passed else ""
    return [
        c.label, f"{c.passed}/{c.attempts} ({c.rate:.0%})", f"{low:.0%}–{high:.0%}",
        *(f"{c.pass_at.get(k, 0):.2f}" for k in ks[1:]),
        *(f"{c.pass_hat.get(k, 0):.2f}" for k in ks[1:]),
        f"{c.mean_steps:.1f}{passed_steps}",
        f"{c.malformed_replies}/{c.replies}" if c.replies else "–",
        f"{c.prompt_tokens:,}", f"{c.completion_tokens:,}", f"{c.mean_seconds:.1f} s",
        f"${c.cost:.4f}" if c.cost is not None else "–", str(c.limits_hit),
        f"{c.errors} ({c.retried} retried)" if c.retried else str(c.errors),
    ]  # fmt: skip


def headline(s: Summary) -> list[str]:
    """What a reader needs before the table: what was not counted, and the frontier."""
    ran = sum(c.attempts for c in s.columns_summary)
    lines = [
        f"Success counts the {ran} attempts that ran; {s.errors} ended in a harness error "
        "(the model server or the harness failed, after every retry) and are left out."
    ]
    unit = "USD" if s.spend_axis == "cost" else "tokens"
    if s.frontier:
        points = ", ".join(
            f"{c.label} ({c.rate:.0%} at {_spend(c.spend(s.spend_axis), unit)})" for c in s.frontier
        )
        lines.append(f"Pareto frontier ({unit} per attempt against success): {points}.")
    return lines


def _spend(value: float, unit: str) -> str:
    return f"${value:.4f}" if unit == "USD" else f"{value:,.0f} tokens"


def verdict(comparison: Comparison) -> str:
    test = comparison.test
    if test.p_value >= SIGNIFICANCE or test.only_a == test.only_b:
        return "no significant difference"
    better = comparison.a if test.only_a > test.only_b else comparison.b
    return f"{better} better"


def _comparison_table(comparisons: Sequence[Comparison]) -> list[str]:
    header = ["A", "B", "success A", "success B", "pairs", "only A passed", "only B passed", "p",
              "verdict"]  # fmt: skip
    return _table(header, (
        [c.a, c.b, f"{c.rate_a:.0%}", f"{c.rate_b:.0%}", str(c.test.pairs), str(c.test.only_a),
         str(c.test.only_b), f"{c.test.p_value:.3g}", verdict(c)]
        for c in comparisons
    ))  # fmt: skip


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    lines = ["| " + " | ".join(row) + " |" for row in (header, *rows)]
    return [lines[0], "|---" * len(header) + "|", *lines[1:]]


def _md_link(text: str, link: str | None) -> str:
    return f"[{text}]({link.replace(' ', '%20')})" if link else text


def _one_line(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")[:400]


def _html_template() -> Template:
    env = Environment(
        loader=PackageLoader("react_repl.bench", "templates"),
        autoescape=select_autoescape(["html", "jinja2"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(
        summary_cells=_summary_cells, verdict=verdict, headline=headline, header=SUMMARY_HEADER
    )
    return env.get_template("report.html.jinja2")
