"""The report's statistics against scipy's implementations and brute-force enumeration."""

from itertools import combinations

import pytest
from scipy.stats import binomtest

from react_repl.bench import mcnemar_exact, pass_at_k, pass_hat_k, wilson_interval


@pytest.mark.parametrize(("successes", "total"), [(0, 6), (3, 6), (6, 6), (17, 40), (1, 1)])
def test_wilson_interval_matches_scipy(successes: int, total: int) -> None:
    expected = binomtest(successes, total).proportion_ci(method="wilson")
    low, high = wilson_interval(successes, total)
    assert low == pytest.approx(expected.low, abs=1e-9)
    assert high == pytest.approx(expected.high, abs=1e-9)


def test_wilson_interval_of_nothing_is_everything() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(
    ("only_a", "only_b", "agree"), [(0, 6, 4), (5, 1, 0), (3, 3, 2), (0, 1, 9)]
)
def test_exact_mcnemar_is_a_two_sided_binomial_test_on_discordant_pairs(
    only_a: int, only_b: int, agree: int
) -> None:
    pairs = [(True, False)] * only_a + [(False, True)] * only_b + [(True, True)] * agree
    result = mcnemar_exact(pairs)
    assert (result.pairs, result.only_a, result.only_b) == (len(pairs), only_a, only_b)
    reference = binomtest(only_a, only_a + only_b, 0.5).pvalue
    assert result.p_value == pytest.approx(reference, rel=1e-12)


def test_mcnemar_without_discordant_pairs_finds_no_difference() -> None:
    assert mcnemar_exact([(True, True), (False, False)]).p_value == 1.0


@pytest.mark.parametrize(("n", "c"), [(5, 0), (5, 2), (5, 5), (4, 1), (6, 3)])
def test_pass_at_k_and_pass_hat_k_match_enumerating_every_k_subset(n: int, c: int) -> None:
    outcomes = [True] * c + [False] * (n - c)
    for k in range(1, n + 1):
        subsets = list(combinations(outcomes, k))
        assert pass_at_k(n, c, k) == pytest.approx(sum(any(s) for s in subsets) / len(subsets))
        assert pass_hat_k(n, c, k) == pytest.approx(sum(all(s) for s in subsets) / len(subsets))


def test_k_outside_the_attempts_is_refused() -> None:
    with pytest.raises(ValueError, match="between 1 and n=3"):
        pass_at_k(3, 1, 4)
