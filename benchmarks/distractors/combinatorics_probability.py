"""Counting and probability: arrangements, classic distributions and odds."""

from __future__ import annotations

import math
from functools import cache


def factorial_of(number: int) -> int:
    """n! = 1 x 2 x ... x n.

    Args:
        number: A non-negative whole number.

    Returns:
        The factorial (1 for 0).

    Example:
        >>> factorial_of(10)
        3628800
    """
    return math.factorial(number)


def binomial_coefficient(n: int, k: int) -> int:
    """Number of ways to choose k items from n, ignoring order ("n choose k").

    Args:
        n: Size of the set.
        k: How many to choose.

    Returns:
        C(n, k); 0 when k > n.

    Example:
        >>> binomial_coefficient(52, 5)
        2598960
    """
    return math.comb(n, k)


def permutations_count(n: int, k: int) -> int:
    """Number of ordered arrangements of k items taken from n distinct items.

    Args:
        n: Size of the set.
        k: How many are arranged.

    Returns:
        P(n, k) = n! / (n - k)!.

    Example:
        >>> permutations_count(10, 3)
        720
    """
    return math.perm(n, k)


def multiset_permutations_count(counts: list[int]) -> int:
    """Distinct orderings of items where some are identical (e.g. letters of MISSISSIPPI).

    Args:
        counts: How many copies of each distinct item, e.g. [1, 4, 4, 2].

    Returns:
        The multinomial coefficient.

    Example:
        >>> multiset_permutations_count([1, 4, 4, 2])
        34650
    """
    total = math.factorial(sum(counts))
    for count in counts:
        total //= math.factorial(count)
    return total


def catalan_number(index: int) -> int:
    """The n-th Catalan number (balanced bracket strings, binary tree shapes, ...).

    Args:
        index: n, 0 or more.

    Returns:
        C(2n, n) / (n + 1).

    Example:
        >>> catalan_number(5)
        42
    """
    return math.comb(2 * index, index) // (index + 1)


def stirling_second_kind(n: int, k: int) -> int:
    """Ways to split n labelled items into k non-empty unlabelled groups.

    Args:
        n: Number of items.
        k: Number of groups.

    Returns:
        S(n, k).

    Example:
        >>> stirling_second_kind(5, 2)
        15
    """
    return _stirling(n, k)


@cache
def _stirling(n: int, k: int) -> int:
    if n == k:
        return 1
    if k == 0 or k > n:
        return 0
    return k * _stirling(n - 1, k) + _stirling(n - 1, k - 1)


def derangements_count(n: int) -> int:
    """Permutations of n items where no item stays in its place (secret-santa draws).

    Args:
        n: Number of items.

    Returns:
        The number of derangements.

    Example:
        >>> derangements_count(5)
        44
    """
    previous, current = 1, 0  # d(0), d(1)
    if n == 0:
        return 1
    for i in range(2, n + 1):
        previous, current = current, (i - 1) * (current + previous)
    return current


def binomial_probability(trials: int, successes: int, p: float) -> float:
    """Probability of exactly k successes in n independent trials with success chance p.

    Args:
        trials: Number of trials n.
        successes: Number of successes k.
        p: Chance of success in one trial, 0 to 1.

    Returns:
        P(X = k).

    Example:
        >>> round(binomial_probability(10, 5, 0.5), 6)
        0.246094
    """
    return math.comb(trials, successes) * p**successes * (1 - p) ** (trials - successes)


def binomial_cumulative_probability(trials: int, successes: int, p: float) -> float:
    """Probability of at most k successes in n trials.

    Args:
        trials: Number of trials n.
        successes: Upper bound k.
        p: Chance of success in one trial.

    Returns:
        P(X <= k).

    Example:
        >>> round(binomial_cumulative_probability(3, 1, 0.5), 3)
        0.5
    """
    return sum(binomial_probability(trials, i, p) for i in range(successes + 1))


def poisson_probability(events: int, rate: float) -> float:
    """Probability of exactly k events when they occur on average `rate` times per interval.

    Args:
        events: The count k.
        rate: The mean number of events per interval (lambda).

    Returns:
        P(X = k).

    Example:
        >>> round(poisson_probability(2, 3), 6)
        0.224042
    """
    return math.exp(-rate) * rate**events / math.factorial(events)


def geometric_probability(attempt: int, p: float) -> float:
    """Probability that the first success happens on exactly the given attempt.

    Args:
        attempt: The attempt number, 1 or more.
        p: Chance of success per attempt.

    Returns:
        (1 - p)^(attempt - 1) * p.

    Example:
        >>> geometric_probability(3, 0.5)
        0.125
    """
    return (1 - p) ** (attempt - 1) * p


def hypergeometric_probability(population: int, successes: int, draws: int, hits: int) -> float:
    """Probability of exactly `hits` successes when drawing without replacement.

    Args:
        population: Total items.
        successes: Items counting as successes.
        draws: Items drawn.
        hits: Successes wanted among the draws.

    Returns:
        The probability.

    Example:
        >>> round(hypergeometric_probability(52, 4, 5, 2), 6)
        0.03993
    """
    return (
        math.comb(successes, hits)
        * math.comb(population - successes, draws - hits)
        / math.comb(population, draws)
    )


def birthday_collision_probability(people: int, days: int = 365) -> float:
    """Chance that at least two of n people share a birthday.

    Args:
        people: Number of people.
        days: Days in the year (all equally likely).

    Returns:
        The probability of at least one shared birthday.

    Example:
        >>> round(birthday_collision_probability(23), 4)
        0.5073
    """
    distinct = 1.0
    for i in range(people):
        distinct *= (days - i) / days
    return 1 - max(0.0, distinct)


def dice_sum_probability(total: int, dice: int = 2, sides: int = 6) -> float:
    """Probability of rolling a given total with several fair dice.

    Args:
        total: The wanted sum.
        dice: Number of dice.
        sides: Faces per die.

    Returns:
        The probability.

    Example:
        >>> round(dice_sum_probability(7), 6)
        0.166667
    """
    ways = [1] + [0] * (dice * sides)
    for _ in range(dice):
        ways = [
            sum(ways[t - f] for f in range(1, sides + 1) if t - f >= 0) for t in range(len(ways))
        ]
    return ways[total] / sides**dice if 0 <= total < len(ways) else 0.0


def expected_value(outcomes: list[float], probabilities: list[float]) -> float:
    """Expected value of a discrete random variable.

    Args:
        outcomes: The possible values.
        probabilities: Their probabilities, summing to 1.

    Returns:
        The probability-weighted mean.

    Raises:
        ValueError: The lists differ in length or probabilities do not sum to 1.

    Example:
        >>> expected_value([0, 10, 100], [0.7, 0.2, 0.1])
        12.0
    """
    if len(outcomes) != len(probabilities) or not math.isclose(sum(probabilities), 1.0):
        raise ValueError("Give one probability per outcome, summing to 1.")
    return round(sum(o * p for o, p in zip(outcomes, probabilities, strict=True)), 12)


def odds_to_probability(odds_for: float, odds_against: float) -> float:
    """Convert odds such as 3 to 1 into a probability.

    Args:
        odds_for: The first number of the odds ("3" in 3:1 for).
        odds_against: The second number.

    Returns:
        odds_for / (odds_for + odds_against).

    Example:
        >>> odds_to_probability(3, 1)
        0.75
    """
    return odds_for / (odds_for + odds_against)


def probability_to_decimal_odds(probability: float) -> float:
    """Fair decimal (European) betting odds for a probability.

    Args:
        probability: The chance of the outcome, above 0.

    Returns:
        1 / probability.

    Example:
        >>> probability_to_decimal_odds(0.25)
        4.0
    """
    if probability <= 0:
        raise ValueError("The probability must be above 0.")
    return 1 / probability


def at_least_one_probability(p: float, trials: int) -> float:
    """Chance that an event with probability p happens at least once in n independent tries.

    Args:
        p: Chance per try.
        trials: Number of tries.

    Returns:
        1 - (1 - p)^n.

    Example:
        >>> round(at_least_one_probability(1 / 6, 4), 4)
        0.5177
    """
    return 1 - (1 - p) ** trials


def bayes_posterior(prior: float, likelihood: float, false_positive_rate: float) -> float:
    """Posterior probability of a hypothesis after a positive test (Bayes' theorem).

    Args:
        prior: Probability of the hypothesis before the test (base rate).
        likelihood: Probability of a positive test when it is true (sensitivity).
        false_positive_rate: Probability of a positive test when it is false.

    Returns:
        P(hypothesis | positive).

    Example:
        >>> round(bayes_posterior(0.01, 0.99, 0.05), 4)
        0.1667
    """
    evidence = prior * likelihood + (1 - prior) * false_positive_rate
    return prior * likelihood / evidence
