"""PNG plots of a benchmark: success with its interval, steps and time spreads, tokens, and
success against cost (or tokens) per attempt with the Pareto frontier.

matplotlib is an optional extra (`pip install 'react-repl[bench]'`); without it the report is
written without plots and says how to get them.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from react_repl.bench._summary import Summary, column_of


def write_plots(summary: Summary, folder: Path) -> tuple[list[Path], str | None]:
    """The PNG files written, and why none were when matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return [], "plots need matplotlib: pip install 'react-repl[bench]'"
    if not summary.records:
        return [], "no attempts to plot"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    steps = partial(_spread, value=lambda r: r.steps, unit="steps", title="Steps per attempt")
    time = partial(_spread, value=lambda r: r.wall_seconds, unit="seconds",
                   title="Wall time per attempt")  # fmt: skip
    for name, draw in (("success", _success), ("steps", steps), ("time", time),
                       ("tokens", _tokens), ("pareto", _pareto)):  # fmt: skip
        figure, axes = plt.subplots(figsize=(max(5.0, 1.4 * len(summary.columns) + 2), 3.6))
        draw(summary, axes)
        figure.tight_layout()
        figure.savefig(folder / f"{name}.png", dpi=110)
        plt.close(figure)
        written.append(folder / f"{name}.png")
    return written, None


def _labels(summary: Summary, axes: Any, positions: Any) -> None:
    labels = [summary.labels[column] for column in summary.columns]
    axes.set_xticks(list(positions), labels, rotation=15, ha="right")


def _success(summary: Summary, axes: Any) -> None:
    rates = [s.rate * 100 for s in summary.columns_summary]
    low = [(s.rate - s.interval[0]) * 100 for s in summary.columns_summary]
    high = [(s.interval[1] - s.rate) * 100 for s in summary.columns_summary]
    axes.bar(range(len(rates)), rates, width=0.6, color="#4c9a6a", yerr=[low, high], capsize=6)
    _labels(summary, axes, range(len(rates)))
    axes.set_ylim(0, 105)
    axes.set_ylabel("success (%)")
    axes.set_title("Success per column (95% Wilson interval)")


def _spread(summary: Summary, axes: Any, value: Any, unit: str, title: str) -> None:
    """A box per column with every attempt drawn on it: small samples stay visible as points."""
    values = [[value(r) for r in summary.records if column_of(r) == c] for c in summary.columns]
    axes.boxplot(values, widths=0.5, showfliers=False)
    for index, points in enumerate(values, start=1):
        axes.scatter([index] * len(points), points, s=14, alpha=0.6, color="#3366aa", zorder=3)
    _labels(summary, axes, range(1, len(values) + 1))
    axes.set_ylabel(unit)
    axes.set_title(title)


def _tokens(summary: Summary, axes: Any) -> None:
    prompt = [s.prompt_tokens / max(1, s.attempts) for s in summary.columns_summary]
    completion = [s.completion_tokens / max(1, s.attempts) for s in summary.columns_summary]
    axes.bar(range(len(prompt)), prompt, width=0.6, color="#8aa6c1", label="prompt")
    axes.bar(range(len(prompt)), completion, width=0.6, bottom=prompt, color="#d08c60",
             label="completion")  # fmt: skip
    _labels(summary, axes, range(len(prompt)))
    axes.set_ylabel("tokens per attempt")
    axes.set_title("Tokens per attempt (mean)")
    axes.legend()


def _pareto(summary: Summary, axes: Any) -> None:
    """One point per model × agent × arm; the frontier joined, cheapest first."""
    axis = summary.spend_axis
    for column in summary.columns_summary:
        if column.attempts:
            x, y = column.spend(axis), column.rate * 100
            axes.scatter([x], [y], s=40, color="#3366aa", zorder=3)
            axes.annotate(column.label, (x, y), textcoords="offset points", xytext=(5, 5))
    frontier = summary.frontier
    axes.plot([c.spend(axis) for c in frontier], [c.rate * 100 for c in frontier],
              color="#d08c60", linestyle="--", label="Pareto frontier")  # fmt: skip
    axes.set_xlabel("USD per attempt" if axis == "cost" else "tokens per attempt")
    axes.set_ylabel("success (%)")
    axes.set_ylim(-5, 105)
    axes.set_title("Success against spend")
    axes.legend()
