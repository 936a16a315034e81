"""Time series helpers: differences, rolling windows, smoothing, simple forecasts and errors.

A series is a list of numbers in time order, evenly spaced.
"""

from __future__ import annotations

import itertools
import math


def cumulative_sum(series: list[float]) -> list[float]:
    """Running total of a series.

    Args:
        series: The values in time order.

    Returns:
        The running totals.

    Example:
        >>> cumulative_sum([1, 2, 3, 4])
        [1, 3, 6, 10]
    """
    totals: list[float] = []
    running: float = 0
    for value in series:
        running += value
        totals.append(running)
    return totals


def first_differences(series: list[float]) -> list[float]:
    """Change from each value to the next.

    Args:
        series: The values in time order.

    Returns:
        One difference per consecutive pair (one fewer than the input).

    Example:
        >>> first_differences([5, 7, 4, 10])
        [2, -3, 6]
    """
    return [b - a for a, b in itertools.pairwise(series)]


def period_percent_changes(series: list[float]) -> list[float]:
    """Percentage change from each period to the next, rounded to 2 decimals.

    Args:
        series: Values in time order; none of them 0 except possibly the last.

    Returns:
        One percentage per consecutive pair.

    Example:
        >>> period_percent_changes([100, 110, 99])
        [10.0, -10.0]
    """
    return [round((b - a) / a * 100, 2) for a, b in itertools.pairwise(series)]


def rolling_mean(series: list[float], window: int) -> list[float]:
    """Simple moving average over a fixed window.

    Args:
        series: The values in time order.
        window: Number of values per average.

    Returns:
        One average per full window (len(series) - window + 1 values).

    Example:
        >>> rolling_mean([1, 2, 3, 4, 5], 3)
        [2.0, 3.0, 4.0]
    """
    return [sum(series[i : i + window]) / window for i in range(len(series) - window + 1)]


def rolling_max(series: list[float], window: int) -> list[float]:
    """Maximum over each window of consecutive values.

    Args:
        series: The values in time order.
        window: Window length.

    Returns:
        One maximum per full window.

    Example:
        >>> rolling_max([1, 3, 2, 5, 4], 2)
        [3, 3, 5, 5]
    """
    return [max(series[i : i + window]) for i in range(len(series) - window + 1)]


def rolling_min(series: list[float], window: int) -> list[float]:
    """Minimum over each window of consecutive values.

    Args:
        series: The values in time order.
        window: Window length.

    Returns:
        One minimum per full window.

    Example:
        >>> rolling_min([4, 1, 3, 2], 2)
        [1, 1, 2]
    """
    return [min(series[i : i + window]) for i in range(len(series) - window + 1)]


def exponential_moving_average(series: list[float], alpha: float) -> list[float]:
    """Exponentially weighted moving average, starting from the first value.

    Args:
        series: The values in time order.
        alpha: Smoothing factor from 0 to 1; higher follows the data more closely.

    Returns:
        One smoothed value per input value.

    Example:
        >>> exponential_moving_average([10, 20, 20], 0.5)
        [10, 15.0, 17.5]
    """
    smoothed: list[float] = []
    for value in series:
        smoothed.append(value if not smoothed else alpha * value + (1 - alpha) * smoothed[-1])
    return smoothed


def linear_trend_forecast(series: list[float], steps_ahead: int) -> list[float]:
    """Extend the least-squares straight line through a series into the future.

    Args:
        series: At least two values in time order.
        steps_ahead: How many future periods to forecast.

    Returns:
        The forecast values, rounded to 6 decimals.

    Example:
        >>> linear_trend_forecast([2, 4, 6, 8], 2)
        [10.0, 12.0]
    """
    n = len(series)
    mean_x, mean_y = (n - 1) / 2, sum(series) / n
    slope = sum((i - mean_x) * (y - mean_y) for i, y in enumerate(series)) / sum(
        (i - mean_x) ** 2 for i in range(n)
    )
    return [round(mean_y + slope * (n - 1 + k - mean_x), 6) for k in range(1, steps_ahead + 1)]


def seasonal_naive_forecast(
    series: list[float], season_length: int, steps_ahead: int
) -> list[float]:
    """Forecast each future period as the value one season earlier.

    Args:
        series: At least one full season of values.
        season_length: Periods per season, e.g. 12 for monthly data with a yearly cycle.
        steps_ahead: How many periods to forecast.

    Returns:
        The forecast values.

    Example:
        >>> seasonal_naive_forecast([5, 9, 6, 10], 2, 3)
        [6, 10, 6]
    """
    last = series[-season_length:]
    return [last[k % season_length] for k in range(steps_ahead)]


def iqr_outlier_indices(series: list[float], factor: float = 1.5) -> list[int]:
    """Positions of values outside the Tukey fences (quartiles +/- factor x IQR).

    Args:
        series: The values.
        factor: Fence width in interquartile ranges (1.5 is the usual choice).

    Returns:
        Indices of the outliers, ascending.

    Example:
        >>> iqr_outlier_indices([10, 11, 12, 11, 10, 50])
        [5]
    """
    ordered = sorted(series)

    def quantile(q: float) -> float:
        pos = (len(ordered) - 1) * q
        low = math.floor(pos)
        high = min(low + 1, len(ordered) - 1)
        return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)

    q1, q3 = quantile(0.25), quantile(0.75)
    spread = factor * (q3 - q1)
    return [i for i, v in enumerate(series) if v < q1 - spread or v > q3 + spread]


def lag_series(series: list[float], lag: int) -> list[float | None]:
    """Shift a series later by some periods, padding the start with None.

    Args:
        series: The values in time order.
        lag: Periods to shift by, 0 or more.

    Returns:
        The lagged series, same length as the input.

    Example:
        >>> lag_series([1, 2, 3], 1)
        [None, 1, 2]
    """
    return [None] * lag + list(series[: len(series) - lag])


def autocorrelation(series: list[float], lag: int) -> float:
    """Correlation of a series with itself shifted by `lag` periods.

    Args:
        series: The values, not all equal.
        lag: The shift, smaller than the series length.

    Returns:
        The lag-k autocorrelation, rounded to 6 decimals.

    Example:
        >>> autocorrelation([1, -1, 1, -1, 1, -1], 2)
        0.666667
    """
    mean = sum(series) / len(series)
    denominator = sum((v - mean) ** 2 for v in series)
    numerator = sum((series[i] - mean) * (series[i + lag] - mean) for i in range(len(series) - lag))
    return round(numerator / denominator, 6)


def local_peak_indices(series: list[float]) -> list[int]:
    """Positions of values strictly higher than both neighbours.

    Args:
        series: The values in time order.

    Returns:
        Indices of the local maxima (never the first or last position).

    Example:
        >>> local_peak_indices([1, 3, 2, 4, 1, 5])
        [1, 3]
    """
    return [i for i in range(1, len(series) - 1) if series[i - 1] < series[i] > series[i + 1]]


def total_growth_percent(series: list[float]) -> float:
    """Growth from the first to the last value, in percent, rounded to 2 decimals.

    Args:
        series: Values in time order; the first is not 0.

    Returns:
        (last / first - 1) x 100.

    Example:
        >>> total_growth_percent([80, 90, 100])
        25.0
    """
    return round((series[-1] / series[0] - 1) * 100, 2)


def mean_absolute_error(actual: list[float], predicted: list[float]) -> float:
    """Average absolute difference between forecasts and what happened.

    Args:
        actual: Observed values.
        predicted: Forecast values, same length.

    Returns:
        The MAE.

    Example:
        >>> mean_absolute_error([3, 5, 7], [2, 5, 9])
        1.0
    """
    return sum(abs(a - p) for a, p in zip(actual, predicted, strict=True)) / len(actual)


def root_mean_squared_error(actual: list[float], predicted: list[float]) -> float:
    """Square root of the mean squared forecast error.

    Args:
        actual: Observed values.
        predicted: Forecast values, same length.

    Returns:
        The RMSE.

    Example:
        >>> root_mean_squared_error([0, 0], [3, 4])
        3.5355339059327378
    """
    squares = [(a - p) ** 2 for a, p in zip(actual, predicted, strict=True)]
    return math.sqrt(sum(squares) / len(squares))


def mean_absolute_percentage_error(actual: list[float], predicted: list[float]) -> float:
    """Average absolute forecast error relative to the actual values, in percent.

    Args:
        actual: Observed values, none of them 0.
        predicted: Forecast values, same length.

    Returns:
        The MAPE in percent, rounded to 4 decimals.

    Example:
        >>> mean_absolute_percentage_error([100, 200], [110, 180])
        10.0
    """
    errors = [abs((a - p) / a) for a, p in zip(actual, predicted, strict=True)]
    return round(sum(errors) / len(errors) * 100, 4)


def resample_sum(series: list[float], group_size: int) -> list[float]:
    """Aggregate a series into coarser periods by summing consecutive groups.

    Args:
        series: The values in time order.
        group_size: Values per group, e.g. 7 to turn days into weeks.

    Returns:
        One sum per group; a last, shorter group is summed too.

    Example:
        >>> resample_sum([1, 2, 3, 4, 5], 2)
        [3, 7, 5]
    """
    return [sum(series[i : i + group_size]) for i in range(0, len(series), group_size)]
