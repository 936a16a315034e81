"""Sequences and series: arithmetic and geometric progressions, figurate numbers, classics."""

from __future__ import annotations

import itertools
import math


def arithmetic_series_sum(first_term: float, difference: float, count: int) -> float:
    """Sum of an arithmetic progression a, a+d, a+2d, ... with n terms.

    Args:
        first_term: The first term a.
        difference: The common difference d.
        count: Number of terms n.

    Returns:
        n/2 x (2a + (n-1)d).

    Example:
        >>> arithmetic_series_sum(1, 1, 100)
        5050.0
    """
    return count / 2 * (2 * first_term + (count - 1) * difference)


def arithmetic_nth_term(first_term: float, difference: float, n: int) -> float:
    """The n-th term (1-based) of an arithmetic progression.

    Args:
        first_term: The first term.
        difference: The common difference.
        n: The position, 1 or more.

    Returns:
        a + (n-1)d.

    Example:
        >>> arithmetic_nth_term(5, 3, 10)
        32
    """
    return first_term + (n - 1) * difference


def geometric_series_sum(first_term: float, ratio: float, count: int) -> float:
    """Sum of the first n terms of a geometric progression a, ar, ar^2, ...

    Args:
        first_term: The first term a.
        ratio: The common ratio r.
        count: Number of terms n.

    Returns:
        The sum.

    Example:
        >>> geometric_series_sum(1, 2, 10)
        1023.0
    """
    if ratio == 1:
        return float(first_term * count)
    return first_term * (1 - ratio**count) / (1 - ratio)


def geometric_nth_term(first_term: float, ratio: float, n: int) -> float:
    """The n-th term (1-based) of a geometric progression.

    Args:
        first_term: The first term.
        ratio: The common ratio.
        n: The position, 1 or more.

    Returns:
        a x r^(n-1).

    Example:
        >>> geometric_nth_term(3, 2, 5)
        48
    """
    return first_term * ratio ** (n - 1)


def infinite_geometric_sum(first_term: float, ratio: float) -> float:
    """Sum of an infinite geometric series (it converges only for |r| < 1).

    Args:
        first_term: The first term.
        ratio: The common ratio, between -1 and 1.

    Returns:
        a / (1 - r).

    Raises:
        ValueError: |ratio| >= 1, so the series diverges.

    Example:
        >>> infinite_geometric_sum(1, 0.5)
        2.0
    """
    if abs(ratio) >= 1:
        raise ValueError("The series diverges unless -1 < ratio < 1.")
    return first_term / (1 - ratio)


def sum_of_squares(n: int) -> int:
    """1^2 + 2^2 + ... + n^2.

    Args:
        n: The last number.

    Returns:
        n(n+1)(2n+1)/6.

    Example:
        >>> sum_of_squares(10)
        385
    """
    return n * (n + 1) * (2 * n + 1) // 6


def sum_of_cubes(n: int) -> int:
    """1^3 + 2^3 + ... + n^3 (equal to the square of the n-th triangular number).

    Args:
        n: The last number.

    Returns:
        (n(n+1)/2)^2.

    Example:
        >>> sum_of_cubes(4)
        100
    """
    return (n * (n + 1) // 2) ** 2


def harmonic_number(n: int) -> float:
    """The n-th harmonic number 1 + 1/2 + ... + 1/n.

    Args:
        n: Number of terms.

    Returns:
        H(n).

    Example:
        >>> round(harmonic_number(4), 4)
        2.0833
    """
    return math.fsum(1 / k for k in range(1, n + 1))


def leibniz_pi_estimate(terms: int) -> float:
    """Estimate pi with the Leibniz series 4(1 - 1/3 + 1/5 - ...).

    Args:
        terms: Number of terms to add.

    Returns:
        The estimate (slowly approaching pi).

    Example:
        >>> round(leibniz_pi_estimate(1000), 3)
        3.141
    """
    return 4 * math.fsum((-1) ** k / (2 * k + 1) for k in range(terms))


def fibonacci_sequence(count: int) -> list[int]:
    """The first n Fibonacci numbers, starting 0, 1.

    Args:
        count: How many numbers.

    Returns:
        The sequence.

    Example:
        >>> fibonacci_sequence(10)
        [0, 1, 1, 2, 3, 5, 8, 13, 21, 34]
    """
    sequence, a, b = [], 0, 1
    for _ in range(count):
        sequence.append(a)
        a, b = b, a + b
    return sequence


def lucas_number(n: int) -> int:
    """The n-th Lucas number (2, 1, 3, 4, 7, 11, ...).

    Args:
        n: The position, 0 or more.

    Returns:
        L(n).

    Example:
        >>> lucas_number(10)
        123
    """
    a, b = 2, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def tribonacci_number(n: int) -> int:
    """The n-th Tribonacci number (0, 0, 1, 1, 2, 4, 7, 13, ...), each the sum of three before.

    Args:
        n: The position, 0 or more.

    Returns:
        T(n).

    Example:
        >>> tribonacci_number(10)
        81
    """
    a, b, c = 0, 0, 1
    for _ in range(n):
        a, b, c = b, c, a + b + c
    return a


def pascal_triangle_row(n: int) -> list[int]:
    """Row n of Pascal's triangle (row 0 is [1]).

    Args:
        n: The row number.

    Returns:
        The binomial coefficients of that row.

    Example:
        >>> pascal_triangle_row(5)
        [1, 5, 10, 10, 5, 1]
    """
    return [math.comb(n, k) for k in range(n + 1)]


def look_and_say_next(term: str) -> str:
    """Next term of the look-and-say sequence ("1211" is read "one 1, one 2, two 1s").

    Args:
        term: A term such as "1211".

    Returns:
        The next term.

    Example:
        >>> look_and_say_next("1211")
        '111221'
    """
    result, i = [], 0
    while i < len(term):
        j = i
        while j < len(term) and term[j] == term[i]:
            j += 1
        result.append(f"{j - i}{term[i]}")
        i = j
    return "".join(result)


def is_arithmetic_sequence(values: list[float]) -> bool:
    """Whether consecutive values differ by a constant amount.

    Args:
        values: At least two numbers.

    Returns:
        True for arithmetic progressions.

    Example:
        >>> is_arithmetic_sequence([3, 7, 11, 15])
        True
    """
    differences = {round(b - a, 12) for a, b in itertools.pairwise(values)}
    return len(differences) <= 1


def is_geometric_sequence(values: list[float]) -> bool:
    """Whether consecutive values have a constant ratio (no zeros allowed).

    Args:
        values: At least two non-zero numbers.

    Returns:
        True for geometric progressions.

    Example:
        >>> is_geometric_sequence([2, 6, 18, 54])
        True
    """
    if 0 in values:
        return False
    ratios = {round(b / a, 12) for a, b in itertools.pairwise(values)}
    return len(ratios) <= 1


def pentagonal_number(n: int) -> int:
    """The n-th pentagonal number (1, 5, 12, 22, ...).

    Args:
        n: The position, 1 or more.

    Returns:
        n(3n - 1)/2.

    Example:
        >>> pentagonal_number(5)
        35
    """
    return n * (3 * n - 1) // 2


def hexagonal_number(n: int) -> int:
    """The n-th hexagonal number (1, 6, 15, 28, ...).

    Args:
        n: The position, 1 or more.

    Returns:
        n(2n - 1).

    Example:
        >>> hexagonal_number(4)
        28
    """
    return n * (2 * n - 1)


def square_pyramidal_number(n: int) -> int:
    """Number of balls in a square pyramid with n layers (1, 5, 14, 30, ...).

    Args:
        n: Number of layers.

    Returns:
        The ball count.

    Example:
        >>> square_pyramidal_number(4)
        30
    """
    return sum_of_squares(n)
