"""The statistics a benchmark report needs, each a few lines of textbook formula.

- Wilson score interval for a success rate (stays inside [0, 1] and sane at 0/n and n/n,
  unlike the normal approximation).
- pass@k, the unbiased estimator of Chen et al. (2021): the chance that at least one of k
  attempts drawn from n passes; pass^k (Yao et al., tau-bench, 2024): the chance that all k do.
- The exact McNemar test on paired attempts: only discordant pairs carry evidence, and under "no
  difference" each goes either way with probability 1/2, so the p-value is a two-sided binomial
  tail. Exact, because benchmark tables are small and the chi-square version is wrong there.

Written out rather than imported: each is a closed form over `math.comb`, and the tests check
them against scipy's implementations.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

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
