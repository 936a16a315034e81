"""PNG plots of a benchmark: success with its interval, steps and time spreads, tokens, and
success against cost (or tokens) per attempt with the Pareto frontier.

matplotlib is an optional extra (`pip install 'react-repl[bench]'`); without it the report is
written without plots and says how to get them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from react_repl.bench._summary import Summary, column_of

PLOTS = ("success", "steps", "time", "tokens", "pareto")


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
    for name, draw in (
        ("success", _success),
        ("steps", _steps),
        ("time", _time),
        ("tokens", _tokens),
        ("pareto", _pareto),
    ):
        figure, axes = plt.subplots(figsize=(max(5.0, 1.4 * len(summary.columns) + 2), 3.6))
        draw(summary, axes)
        figure.tight_layout()
        path = folder / f"{name}.png"
        figure.savefig(path, dpi=110)
        plt.close(figure)
        written.append(path)
    return written, None


def _labels(summary: Summary) -> list[str]:
    return [summary.labels[column] for column in summary.columns]


def _success(summary: Summary, axes: Any) -> None:
    rates = [s.rate * 100 for s in summary.columns_summary]
    below = [
        rate - s.interval[0] * 100 for rate, s in zip(rates, summary.columns_summary, strict=True)
    ]
    above = [
        s.interval[1] * 100 - rate for rate, s in zip(rates, summary.columns_summary, strict=True)
    ]
    positions = range(len(rates))
    axes.bar(positions, rates, width=0.6, color="#4c9a6a", yerr=[below, above], capsize=6)
    axes.set_xticks(list(positions), _labels(summary), rotation=15, ha="right")
    axes.set_ylim(0, 105)
    axes.set_ylabel("success (%)")
    axes.set_title("Success per column (95% Wilson interval)")


def _per_column(summary: Summary, value: Any) -> list[list[float]]:
    return [
        [value(r) for r in summary.records if column_of(r) == column] for column in summary.columns
    ]


def _steps(summary: Summary, axes: Any) -> None:
    _spread(axes, _per_column(summary, lambda r: r.steps), _labels(summary))
    axes.set_ylabel("steps")
    axes.set_title("Steps per attempt")


def _time(summary: Summary, axes: Any) -> None:
    _spread(axes, _per_column(summary, lambda r: r.wall_seconds), _labels(summary))
    axes.set_ylabel("seconds")
    axes.set_title("Wall time per attempt")


def _spread(axes: Any, values: list[list[float]], labels: list[str]) -> None:
    """A box per column with every attempt drawn on it: small samples stay visible as points."""
    axes.boxplot(values, widths=0.5, showfliers=False)
    for index, points in enumerate(values, start=1):
        axes.scatter([index] * len(points), points, s=14, alpha=0.6, color="#3366aa", zorder=3)
    axes.set_xticks(range(1, len(labels) + 1), labels, rotation=15, ha="right")


def _tokens(summary: Summary, axes: Any) -> None:
    prompt = [s.prompt_tokens / max(1, s.attempts) for s in summary.columns_summary]
    completion = [s.completion_tokens / max(1, s.attempts) for s in summary.columns_summary]
    positions = range(len(prompt))
    axes.bar(positions, prompt, width=0.6, color="#8aa6c1", label="prompt")
    axes.bar(positions, completion, width=0.6, bottom=prompt, color="#d08c60", label="completion")
    axes.set_xticks(list(positions), _labels(summary), rotation=15, ha="right")
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
