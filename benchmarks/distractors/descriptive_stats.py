"""Descriptive statistics beyond the plain mean: spread, shape, ranks and correlations."""

from __future__ import annotations

import math
import statistics


def weighted_mean(values: list[float], weights: list[float]) -> float:
    """Mean where each value counts according to its weight.

    Args:
        values: The values.
        weights: One non-negative weight per value, not all zero.

    Returns:
        sum(value * weight) / sum(weight).

    Raises:
        ValueError: The lists differ in length or the weights sum to 0.

    Example:
        >>> weighted_mean([80, 90], [1, 3])
        87.5
    """
    if len(values) != len(weights) or sum(weights) == 0:
        raise ValueError("Give one weight per value, with a non-zero total.")
    return sum(v * w for v, w in zip(values, weights, strict=True)) / sum(weights)


def geometric_mean_of(values: list[float]) -> float:
    """Geometric mean of positive numbers (suited to growth factors and ratios).

    Args:
        values: Positive numbers.

    Returns:
        The n-th root of their product.

    Example:
        >>> round(geometric_mean_of([2, 8]), 6)
        4.0
    """
    return statistics.geometric_mean(values)


def harmonic_mean_of(values: list[float]) -> float:
    """Harmonic mean of positive numbers (suited to averaging rates such as speeds).

    Args:
        values: Positive numbers.

    Returns:
        n divided by the sum of reciprocals.

    Example:
        >>> harmonic_mean_of([40, 60])
        48.0
    """
    return statistics.harmonic_mean(values)


def trimmed_mean(values: list[float], proportion: float = 0.1) -> float:
    """Mean after dropping the same share of the lowest and highest values.

    Args:
        values: The values.
        proportion: Share cut from each end, from 0 to below 0.5.

    Returns:
        The mean of what is left.

    Example:
        >>> trimmed_mean([1, 2, 3, 4, 100], 0.2)
        3.0
    """
    ordered = sorted(values)
    cut = int(len(ordered) * proportion)
    kept = ordered[cut : len(ordered) - cut] or ordered
    return sum(kept) / len(kept)


def percentile(values: list[float], percent: float) -> float:
    """Value below which a given percentage of the data falls (linear interpolation).

    Args:
        values: The data.
        percent: From 0 to 100.

    Returns:
        The percentile value.

    Example:
        >>> percentile([10, 20, 30, 40, 50], 25)
        20.0
    """
    ordered = sorted(values)
    position = (len(ordered) - 1) * percent / 100
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def interquartile_range(values: list[float]) -> float:
    """Spread of the middle half of the data: 75th minus 25th percentile.

    Args:
        values: The data.

    Returns:
        Q3 - Q1.

    Example:
        >>> interquartile_range([1, 2, 3, 4, 5, 6, 7, 8, 9])
        4.0
    """
    return percentile(values, 75) - percentile(values, 25)


def z_score(value: float, mean: float, standard_deviation: float) -> float:
    """How many standard deviations a value lies from the mean.

    Args:
        value: The observation.
        mean: The distribution's mean.
        standard_deviation: The distribution's standard deviation, above 0.

    Returns:
        (value - mean) / standard_deviation.

    Example:
        >>> z_score(130, 100, 15)
        2.0
    """
    return (value - mean) / standard_deviation


def mean_absolute_deviation(values: list[float]) -> float:
    """Average distance of the values from their mean.

    Args:
        values: The data.

    Returns:
        The mean absolute deviation.

    Example:
        >>> mean_absolute_deviation([2, 4, 6, 8])
        2.0
    """
    center = sum(values) / len(values)
    return sum(abs(v - center) for v in values) / len(values)


def coefficient_of_variation(values: list[float]) -> float:
    """Relative spread: sample standard deviation divided by the mean.

    Args:
        values: At least two values with a non-zero mean.

    Returns:
        The coefficient of variation (multiply by 100 for percent).

    Example:
        >>> round(coefficient_of_variation([10, 12, 14]), 4)
        0.1667
    """
    return statistics.stdev(values) / statistics.fmean(values)


def sample_skewness(values: list[float]) -> float:
    """Adjusted Fisher-Pearson skewness: positive when the right tail is longer.

    Args:
        values: At least three values, not all equal.

    Returns:
        The sample skewness.

    Example:
        >>> round(sample_skewness([1, 2, 3, 10]), 4)
        1.7636
    """
    n = len(values)
    center = statistics.fmean(values)
    m2 = sum((v - center) ** 2 for v in values) / n
    m3 = sum((v - center) ** 3 for v in values) / n
    return math.sqrt(n * (n - 1)) / (n - 2) * m3 / m2**1.5


def excess_kurtosis(values: list[float]) -> float:
    """Population excess kurtosis: how heavy the tails are compared with a normal curve.

    Args:
        values: The data, not all equal.

    Returns:
        Fourth standardised moment minus 3 (0 for a normal distribution).

    Example:
        >>> round(excess_kurtosis([1, 2, 3, 4, 5]), 2)
        -1.3
    """
    center = statistics.fmean(values)
    n = len(values)
    m2 = sum((v - center) ** 2 for v in values) / n
    m4 = sum((v - center) ** 4 for v in values) / n
    return m4 / m2**2 - 3


def pearson_correlation(x: list[float], y: list[float]) -> float:
    """Pearson correlation coefficient of two paired samples, from -1 to 1.

    Args:
        x: The first variable.
        y: The second variable, same length.

    Returns:
        The linear correlation.

    Example:
        >>> round(pearson_correlation([1, 2, 3, 4], [2, 4, 5, 9]), 4)
        0.9648
    """
    return statistics.correlation(x, y)


def spearman_correlation(x: list[float], y: list[float]) -> float:
    """Spearman rank correlation: Pearson correlation of the ranks (ties share a mean rank).

    Args:
        x: The first variable.
        y: The second variable, same length.

    Returns:
        The rank correlation.

    Example:
        >>> spearman_correlation([1, 2, 3, 4], [10, 20, 25, 100])
        1.0
    """
    return round(statistics.correlation(rank_values(x), rank_values(y)), 12)


def rank_values(values: list[float]) -> list[float]:
    """Rank of each value (1 = smallest), ties sharing the average of their ranks.

    Args:
        values: The data.

    Returns:
        One rank per value, in the original order.

    Example:
        >>> rank_values([30, 10, 20, 10])
        [4.0, 1.5, 3.0, 1.5]
    """
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def sample_covariance(x: list[float], y: list[float]) -> float:
    """Sample covariance of two paired variables (divides by n - 1).

    Args:
        x: The first variable.
        y: The second variable, same length.

    Returns:
        The covariance.

    Example:
        >>> sample_covariance([1, 2, 3], [2, 4, 6])
        2.0
    """
    return statistics.covariance(x, y)


def min_max_scale(values: list[float]) -> list[float]:
    """Rescale values linearly to the range 0..1.

    Args:
        values: The data, not all equal.

    Returns:
        (v - min) / (max - min) for each value.

    Example:
        >>> min_max_scale([10, 15, 20])
        [0.0, 0.5, 1.0]
    """
    low, high = min(values), max(values)
    if high == low:
        raise ValueError("All values are equal, so they cannot be rescaled.")
    return [(v - low) / (high - low) for v in values]


def standardize_values(values: list[float]) -> list[float]:
    """Convert values to z-scores using the sample mean and standard deviation.

    Args:
        values: At least two values, not all equal.

    Returns:
        One z-score per value.

    Example:
        >>> standardize_values([1, 2, 3])
        [-1.0, 0.0, 1.0]
    """
    center, spread = statistics.fmean(values), statistics.stdev(values)
    return [(v - center) / spread for v in values]


def histogram_counts(values: list[float], bins: int, low: float, high: float) -> list[int]:
    """Count values into equal-width bins between low and high (high falls in the last bin).

    Args:
        values: The data.
        bins: Number of bins.
        low: Left edge of the first bin.
        high: Right edge of the last bin.

    Returns:
        The count per bin; values outside [low, high] are ignored.

    Example:
        >>> histogram_counts([1, 2, 2, 3, 9], 3, 0, 9)
        [3, 1, 1]
    """
    width = (high - low) / bins
    counts = [0] * bins
    for value in values:
        if low <= value <= high:
            counts[min(int((value - low) / width), bins - 1)] += 1
    return counts


def five_number_summary(values: list[float]) -> dict:
    """Minimum, first quartile, median, third quartile and maximum (a box plot's numbers).

    Args:
        values: The data.

    Returns:
        Keys min, q1, median, q3 and max.

    Example:
        >>> five_number_summary([1, 2, 3, 4, 5])
        {'min': 1, 'q1': 2.0, 'median': 3.0, 'q3': 4.0, 'max': 5}
    """
    return {
        "min": min(values),
        "q1": percentile(values, 25),
        "median": percentile(values, 50),
        "q3": percentile(values, 75),
        "max": max(values),
    }
