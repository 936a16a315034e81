"""From attempt records to what a report shows: cells, per-column summaries, paired tests.

Pure functions over records, so `react-repl bench report` re-renders any results file (or
several, compared) exactly as the run that wrote it would have. The statistics are each a few
lines of closed form over `math.comb`, written out rather than imported (the tests check them
against scipy):

- Wilson score interval for a success rate (stays inside [0, 1] and sane at 0/n and n/n,
  unlike the normal approximation).
- pass@k, the unbiased estimator of Chen et al. (2021): the chance that at least one of k
  attempts drawn from n passes; pass^k (Yao et al., tau-bench, 2024): the chance that all k do.
- The exact McNemar test on paired attempts: only discordant pairs carry evidence, and under "no
  difference" each goes either way with probability 1/2, so the p-value is a two-sided binomial
  tail. Exact, because benchmark tables are small and the chi-square version is wrong there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from statistics import mean

from react_repl.bench._plan import Column
from react_repl.bench._results import AttemptRecord
from react_repl.logs import Prices, cost

Z_95 = 1.959963984540054


def wilson_interval(successes: int, total: int, z: float = Z_95) -> tuple[float, float]:
    if total == 0:
        return (0.0, 1.0)
    rate = successes / total
    denominator = 1 + z * z / total
    centre = (rate + z * z / (2 * total)) / denominator
    margin = z * math.sqrt(rate * (1 - rate) / total + z * z / (4 * total * total)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - margin)  # exact at the ends, where
    high = 1.0 if successes == total else min(1.0, centre + margin)  # rounding would stray
    return (low, high)


def pass_at_k(n: int, c: int, k: int) -> float:
    """P(at least one of k attempts passes), from c passes in n attempts of one task."""
    if not 0 < k <= n:
        raise ValueError(f"k must be between 1 and n={n}, got {k}")
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def pass_hat_k(n: int, c: int, k: int) -> float:
    """P(all k attempts pass), from c passes in n attempts of one task."""
    if not 0 < k <= n:
        raise ValueError(f"k must be between 1 and n={n}, got {k}")
    return math.comb(c, k) / math.comb(n, k)


@dataclass(frozen=True)
class PairedTest:
    """A against B over paired attempts: pairs only A passed, only B passed, and the p-value."""

    pairs: int
    only_a: int
    only_b: int
    p_value: float


def mcnemar_exact(outcomes: list[tuple[bool, bool]]) -> PairedTest:
    """Two-sided exact McNemar test over (A passed, B passed) pairs."""
    only_a = sum(1 for a, b in outcomes if a and not b)
    only_b = sum(1 for a, b in outcomes if b and not a)
    discordant = only_a + only_b
    if discordant == 0:
        return PairedTest(len(outcomes), 0, 0, 1.0)
    tail = sum(math.comb(discordant, i) for i in range(min(only_a, only_b) + 1))
    p_value = min(1.0, 2 * tail / 2**discordant)
    return PairedTest(len(outcomes), only_a, only_b, p_value)


MARKS = {"pass": "✅", "mistake": "🟠", "fail": "❌", "error": "⚠️"}


@dataclass(frozen=True)
class ColumnSummary:
    """Over the attempts that ran: those that ended in a harness error are only counted."""

    column: Column
    label: str
    attempts: int
    passed: int
    interval: tuple[float, float]
    pass_at: dict[int, float]  # k -> pass@k, averaged over tasks
    pass_hat: dict[int, float]  # k -> pass^k
    mean_steps: float
    mean_steps_passed: float | None
    prompt_tokens: int
    completion_tokens: int
    mean_seconds: float
    cost: float | None
    replies: int = 0
    malformed_replies: int = 0
    errors: int = 0  # attempts that ended in a harness error, after every retry
    retried: int = 0  # attempts that ran more than once
    limits_hit: int = 0

    @property
    def rate(self) -> float:
        return self.passed / self.attempts if self.attempts else 0.0

    def spend(self, axis: str) -> float:
        """What one attempt took: USD ("cost", with a price) or tokens."""
        total = self.cost if axis == "cost" and self.cost is not None else None
        if total is None:
            total = self.prompt_tokens + self.completion_tokens
        return total / max(1, self.attempts)


@dataclass(frozen=True)
class Comparison:
    a: str
    b: str
    rate_a: float
    rate_b: float
    test: PairedTest


@dataclass(frozen=True)
class Summary:
    records: tuple[AttemptRecord, ...]
    columns: tuple[Column, ...]
    labels: dict[Column, str]
    tasks: tuple[str, ...]
    trials: int
    columns_summary: tuple[ColumnSummary, ...]
    comparisons: tuple[Comparison, ...]
    distractor_comparisons: tuple[Comparison, ...]
    frontier: tuple[ColumnSummary, ...] = ()  # cost (or tokens) against success: not beaten
    spend_axis: str = "tokens"  # "cost" when every column has a price

    @property
    def errors(self) -> int:
        return sum(s.errors for s in self.columns_summary)

    def cell(self, task: str, column: Column) -> list[AttemptRecord]:
        found = [r for r in self.records if r.task == task and column_of(r) == column]
        return sorted(found, key=lambda r: r.trial)


def column_of(record: AttemptRecord) -> Column:
    return Column(record.model, record.arm, record.distractors, record.agent)


def summarise(records: Sequence[AttemptRecord], prices: Prices | None = None) -> Summary:
    columns = tuple(dict.fromkeys(column_of(r) for r in records))
    tasks = tuple(dict.fromkeys(r.task for r in records))
    show_arm = len({c.arm for c in columns}) > 1
    show_agent = len({c.agent for c in columns}) > 1 or any(c.agent != "code" for c in columns)
    show_distractors = len({c.distractors for c in columns}) > 1 or any(
        c.distractors for c in columns
    )
    labels = {c: c.label(show_arm, show_distractors, show_agent) for c in columns}
    everything = {c: [r for r in records if column_of(r) == c] for c in columns}
    summaries = {c: _column_summary(c, labels[c], everything[c], prices or {}) for c in columns}
    priced = [s for s in summaries.values() if s.attempts]
    axis = "cost" if priced and all(s.cost is not None for s in priced) else "tokens"

    def compare(a: Column, b: Column) -> Comparison:
        """Pairs are attempts of the same task and trial: the same world and sampling seeds."""
        b_passed = {(r.task, r.trial): r.passed for r in everything[b] if r.ran}
        pairs = [(r.passed, b_passed[(r.task, r.trial)]) for r in everything[a]
                 if r.ran and (r.task, r.trial) in b_passed]  # fmt: skip
        test = mcnemar_exact(pairs)
        return Comparison(labels[a], labels[b], summaries[a].rate, summaries[b].rate, test)

    pairs = list(combinations(columns, 2))
    levels = [(a, b) for a, b in pairs if replace(a, distractors=b.distractors) == b]
    return Summary(
        records=tuple(records),
        columns=columns,
        labels=labels,
        tasks=tasks,
        trials=max((r.trial for r in records), default=0),
        columns_summary=tuple(summaries.values()),
        comparisons=tuple(compare(a, b) for a, b in pairs),
        distractor_comparisons=tuple(compare(a, b) for a, b in levels),
        frontier=pareto_frontier(tuple(summaries.values()), axis),
        spend_axis=axis,
    )


def pareto_frontier(summaries: Sequence[ColumnSummary], axis: str) -> tuple[ColumnSummary, ...]:
    """The columns no other beats on both spend and success, cheapest first (HAL's view: a
    column a hundred times dearer for one point more is on it, and the reader sees the price)."""
    ran = [s for s in summaries if s.attempts]

    def point(s: ColumnSummary) -> tuple[float, float]:
        return s.spend(axis), -s.rate

    def beaten(s: ColumnSummary) -> bool:
        return any(
            point(o) != point(s) and all(a <= b for a, b in zip(point(o), point(s), strict=True))
            for o in ran
        )

    return tuple(sorted((s for s in ran if not beaten(s)), key=point))


def _column_summary(
    column: Column, label: str, every: list[AttemptRecord], prices: Prices
) -> ColumnSummary:
    records = [r for r in every if r.ran]
    passed = sum(r.passed for r in records)
    per_task: dict[str, list[bool]] = {}
    for record in records:
        per_task.setdefault(record.task, []).append(record.passed)
    smallest = min((len(v) for v in per_task.values()), default=0)
    ks = range(1, smallest + 1)
    prompt = sum(r.prompt_tokens for r in records)
    completion = sum(r.completion_tokens for r in records)
    passed_steps = [r.steps for r in records if r.passed]
    return ColumnSummary(
        column=column,
        label=label,
        attempts=len(records),
        passed=passed,
        interval=wilson_interval(passed, len(records)),
        pass_at={k: mean(pass_at_k(len(v), sum(v), k) for v in per_task.values()) for k in ks},
        pass_hat={k: mean(pass_hat_k(len(v), sum(v), k) for v in per_task.values()) for k in ks},
        mean_steps=mean(r.steps for r in records) if records else 0.0,
        mean_steps_passed=mean(passed_steps) if passed_steps else None,
        prompt_tokens=prompt,
        completion_tokens=completion,
        mean_seconds=mean(r.wall_seconds for r in records) if records else 0.0,
        cost=cost(prices.get(column.model), prompt, completion),
        replies=sum(r.replies for r in records),
        malformed_replies=sum(r.malformed_replies for r in records),
        errors=len(every) - len(records),
        retried=sum(r.tries > 1 for r in every),
        limits_hit=sum(r.limit is not None for r in records),
    )
