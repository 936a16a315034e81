"""Descriptive statistics of a list of numbers, and a linear trend.

Thin wrappers over the standard `statistics` module that turn its terse errors (an empty list, a
single value for a standard deviation) into messages saying what the agent must change.
"""

from __future__ import annotations

import statistics

__all__ = [
    "describe_numbers",
    "linear_regression_slope",
    "maximum_of_numbers",
    "mean_of_numbers",
    "median_of_numbers",
    "minimum_of_numbers",
    "mode_of_numbers",
    "standard_deviation",
    "variance_of_numbers",
]


def mean_of_numbers(values: list[float]) -> float:
    """Compute the mean (average) of a list of numbers.

    Args:
        values: The numbers, at least one.

    Returns:
        The arithmetic mean.

    Raises:
        ValueError: The list is empty or holds something that is not a number.
    """
    return statistics.fmean(_numbers(values))


def median_of_numbers(values: list[float]) -> float:
    """Compute the median (middle value) of a list of numbers.

    Args:
        values: The numbers, at least one.

    Returns:
        The median; the mean of the two middle values for an even count.

    Raises:
        ValueError: The list is empty or holds something that is not a number.
    """
    return statistics.median(_numbers(values))


def mode_of_numbers(values: list[float]) -> float:
    """Find the mode (most common value) of a list of numbers.

    Args:
        values: The numbers, at least one.

    Returns:
        The most frequent value; the first one seen when several tie.

    Raises:
        ValueError: The list is empty or holds something that is not a number.
    """
    return statistics.mode(_numbers(values))


def standard_deviation(values: list[float], population: bool = False) -> float:
    """Compute the standard deviation (spread) of a list of numbers.

    Args:
        values: The numbers; at least two for the sample standard deviation.
        population: True for the population standard deviation, False (default) for the sample.

    Returns:
        The standard deviation.

    Raises:
        ValueError: Too few values or something that is not a number.
    """
    numbers = _numbers(values, minimum=1 if population else 2)
    return statistics.pstdev(numbers) if population else statistics.stdev(numbers)


def variance_of_numbers(values: list[float], population: bool = False) -> float:
    """Compute the variance of a list of numbers.

    Args:
        values: The numbers; at least two for the sample variance.
        population: True for the population variance, False (default) for the sample.

    Returns:
        The variance.

    Raises:
        ValueError: Too few values or something that is not a number.
    """
    numbers = _numbers(values, minimum=1 if population else 2)
    return statistics.pvariance(numbers) if population else statistics.variance(numbers)


def minimum_of_numbers(values: list[float]) -> float:
    """Find the smallest (minimum, lowest) value in a list of numbers.

    Args:
        values: The numbers, at least one.

    Returns:
        The minimum.

    Raises:
        ValueError: The list is empty or holds something that is not a number.
    """
    return min(_numbers(values))


def maximum_of_numbers(values: list[float]) -> float:
    """Find the largest (maximum, highest) value in a list of numbers.

    Args:
        values: The numbers, at least one.

    Returns:
        The maximum.

    Raises:
        ValueError: The list is empty or holds something that is not a number.
    """
    return max(_numbers(values))


def describe_numbers(values: list[float]) -> dict:
    """Summarise a list of numbers: count, sum, mean, median, min, max and standard deviation.

    Args:
        values: The numbers, at least one.

    Returns:
        Keys count, sum, mean, median, min, max and stdev (sample; None for a single value).

    Raises:
        ValueError: The list is empty or holds something that is not a number.
    """
    numbers = _numbers(values)
    return {
        "count": len(numbers),
        "sum": sum(numbers),
        "mean": statistics.fmean(numbers),
        "median": statistics.median(numbers),
        "min": min(numbers),
        "max": max(numbers),
        "stdev": statistics.stdev(numbers) if len(numbers) > 1 else None,
    }


def linear_regression_slope(x_values: list[float], y_values: list[float]) -> float:
    """Compute the slope (trend per unit of x) of the least-squares line through points.

    Args:
        x_values: The x coordinates, e.g. day numbers 0, 1, 2...
        y_values: The y coordinates, e.g. prices; as many as x_values.

    Returns:
        The slope: how much y changes on average when x grows by one.

    Raises:
        ValueError: The lists differ in length, have fewer than two points, or all x are equal.
    """
    xs, ys = _numbers(x_values, minimum=2), _numbers(y_values, minimum=2)
    if len(xs) != len(ys):
        raise ValueError(f"x_values has {len(xs)} numbers but y_values has {len(ys)}.")
    if len(set(xs)) == 1:
        raise ValueError("All x values are equal, so the slope is undefined.")
    return statistics.linear_regression(xs, ys).slope


def _numbers(values: list[float], minimum: int = 1) -> list[float]:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise ValueError("Give a list of numbers, e.g. [3, 1.5, 4].")
    numbers = list(values)
    bad = [v for v in numbers if isinstance(v, bool) or not isinstance(v, (int, float))]
    if bad:
        raise ValueError(f"These values are not numbers: {bad[:5]!r}.")
    if len(numbers) < minimum:
        raise ValueError(f"Need at least {minimum} number(s), got {len(numbers)}.")
    return numbers
