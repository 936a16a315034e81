import math

import arithmetic
import pytest
import stats
import units


def test_basic_operations() -> None:
    assert arithmetic.add_numbers(2, 3.5) == 5.5
    assert arithmetic.subtract_numbers(2, 3.5) == -1.5
    assert arithmetic.multiply_numbers(4, 2.5) == 10
    assert arithmetic.divide_numbers(7, 2) == 3.5
    assert arithmetic.raise_to_power(2, 10) == 1024
    assert arithmetic.square_root(2.25) == 1.5
    assert arithmetic.round_number(2.71828, 2) == 2.72
    assert arithmetic.round_number(1234, -2) == 1200


def test_percentages_match_the_sql_agent_example() -> None:
    assert arithmetic.percentage_of(30, 120) == 25
    assert math.isclose(arithmetic.percentage_change(5500, 17200), 212.7272727, rel_tol=1e-6)
    assert arithmetic.percentage_change(200, 150) == -25


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: arithmetic.divide_numbers(1, 0), "divide by zero"),
        (lambda: arithmetic.square_root(-4), "negative"),
        (lambda: arithmetic.percentage_of(1, 0), "whole is zero"),
        (lambda: arithmetic.percentage_change(0, 5), "old value is zero"),
        (lambda: arithmetic.raise_to_power(-8, 0.5), "not a real number"),
        (lambda: arithmetic.raise_to_power(10.0, 400), "cannot be computed"),
    ],
)
def test_impossible_arithmetic_explains_itself(call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_calculate_evaluates_arithmetic_only() -> None:
    assert arithmetic.calculate("(17200 - 5500) / 5500 * 100") == pytest.approx(212.727272)
    assert arithmetic.calculate("-2 ** 3 + 7 // 2 % 5") == -5
    for expression in ["__import__('os')", "open('x')", "2 +", "[1, 2]", "'a' * 3"]:
        with pytest.raises(ValueError):
            arithmetic.calculate(expression)
    with pytest.raises(ValueError, match="divides by zero"):
        arithmetic.calculate("1 / (2 - 2)")
    for huge in ["9 ** 9 ** 9", "(10 ** 9999) ** 9999", "1" + " + 1" * 1000]:
        with pytest.raises(ValueError, match=r"too large|longer than"):
            arithmetic.calculate(huge)
    assert arithmetic.calculate("2 ** 100") == 2**100


def test_descriptive_statistics() -> None:
    values = [2, 4, 4, 4, 5, 5, 7, 9]
    assert stats.mean_of_numbers(values) == 5
    assert stats.median_of_numbers(values) == 4.5
    assert stats.mode_of_numbers(values) == 4
    assert stats.standard_deviation(values, population=True) == 2
    assert stats.variance_of_numbers(values, population=True) == 4
    assert stats.standard_deviation(values) == pytest.approx(2.13809, rel=1e-5)
    assert stats.variance_of_numbers(values) == pytest.approx(4.571428, rel=1e-5)
    assert stats.minimum_of_numbers(values) == 2
    assert stats.maximum_of_numbers(values) == 9
    summary = stats.describe_numbers(values)
    assert summary["count"] == 8 and summary["sum"] == 40 and summary["max"] == 9
    assert stats.describe_numbers([3])["stdev"] is None


def test_linear_regression_slope() -> None:
    assert stats.linear_regression_slope([0, 1, 2, 3], [1, 3, 5, 7]) == pytest.approx(2)
    with pytest.raises(ValueError, match="has 3 numbers"):
        stats.linear_regression_slope([0, 1, 2], [1, 2])
    with pytest.raises(ValueError, match="x values are equal"):
        stats.linear_regression_slope([1, 1], [1, 2])


@pytest.mark.parametrize(
    ("values", "message"),
    [([], "at least 1"), ("123", "list of numbers"), ([1, "2"], "not numbers"), ([True], "not")],
)
def test_statistics_reject_bad_lists(values, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        stats.mean_of_numbers(values)


def test_sample_spread_needs_two_values() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        stats.standard_deviation([1.0])


def test_unit_conversions_round_trip() -> None:
    assert units.celsius_to_fahrenheit(100) == 212
    assert units.fahrenheit_to_celsius(-40) == -40
    assert units.kilometers_to_miles(1.609344) == pytest.approx(1)
    assert units.miles_to_kilometers(26.2) == pytest.approx(42.1648128)
    assert units.fahrenheit_to_celsius(units.celsius_to_fahrenheit(21.5)) == pytest.approx(21.5)
