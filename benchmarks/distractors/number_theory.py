"""Whole-number arithmetic: divisors, primes, modular arithmetic and digit tricks."""

from __future__ import annotations

import math


def greatest_common_divisor(numbers: list[int]) -> int:
    """Greatest common divisor of one or more whole numbers.

    Args:
        numbers: The numbers, e.g. [12, 18, 30].

    Returns:
        The largest number dividing all of them (0 only if all are 0).

    Example:
        >>> greatest_common_divisor([12, 18, 30])
        6
    """
    return math.gcd(*numbers)


def least_common_multiple(numbers: list[int]) -> int:
    """Least common multiple of one or more whole numbers.

    Args:
        numbers: The numbers, e.g. [4, 6, 10].

    Returns:
        The smallest positive number all of them divide.

    Example:
        >>> least_common_multiple([4, 6, 10])
        60
    """
    return math.lcm(*numbers)


def is_prime(number: int) -> bool:
    """Whether a whole number is prime (deterministic for every 64-bit number).

    Args:
        number: The number to test.

    Returns:
        True for primes; False for 0, 1, negatives and composites.

    Example:
        >>> is_prime(97)
        True
    """
    if number < 2:
        return False
    small = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
    if number in small:
        return True
    if any(number % p == 0 for p in small):
        return False
    d, s = number - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for base in small:
        x = pow(base, d, number)
        if x in (1, number - 1):
            continue
        for _ in range(s - 1):
            x = x * x % number
            if x == number - 1:
                break
        else:
            return False
    return True


def prime_factorization(number: int) -> list[int]:
    """The prime factors of a whole number, with repeats, smallest first.

    Args:
        number: A whole number of at least 2.

    Returns:
        The prime factors, e.g. [2, 2, 3] for 12.

    Raises:
        ValueError: The number is below 2.

    Example:
        >>> prime_factorization(360)
        [2, 2, 2, 3, 3, 5]
    """
    if number < 2:
        raise ValueError("Only whole numbers from 2 up have a prime factorization.")
    factors, divisor = [], 2
    while divisor * divisor <= number:
        while number % divisor == 0:
            factors.append(divisor)
            number //= divisor
        divisor += 1 if divisor == 2 else 2
    if number > 1:
        factors.append(number)
    return factors


def primes_up_to(limit: int) -> list[int]:
    """All prime numbers up to a limit (sieve of Eratosthenes).

    Args:
        limit: The largest number to consider.

    Returns:
        The primes from 2 to limit.

    Example:
        >>> primes_up_to(20)
        [2, 3, 5, 7, 11, 13, 17, 19]
    """
    if limit < 2:
        return []
    sieve = bytearray([1]) * (limit + 1)
    sieve[0:2] = b"\x00\x00"
    for p in range(2, math.isqrt(limit) + 1):
        if sieve[p]:
            sieve[p * p :: p] = bytearray(len(range(p * p, limit + 1, p)))
    return [n for n in range(limit + 1) if sieve[n]]


def next_prime(number: int) -> int:
    """The smallest prime strictly greater than a number.

    Args:
        number: Any whole number.

    Returns:
        The next prime.

    Example:
        >>> next_prime(100)
        101
    """
    candidate = max(2, number + 1)
    while not is_prime(candidate):
        candidate += 1
    return candidate


def euler_totient(number: int) -> int:
    """Euler's totient: how many numbers from 1 to n are coprime with n.

    Args:
        number: A positive whole number.

    Returns:
        phi(n).

    Example:
        >>> euler_totient(36)
        12
    """
    result = number
    for p in set(prime_factorization(number)) if number > 1 else ():
        result -= result // p
    return result


def list_divisors(number: int) -> list[int]:
    """All positive divisors of a positive whole number, ascending.

    Args:
        number: A positive whole number.

    Returns:
        The divisors, including 1 and the number itself.

    Example:
        >>> list_divisors(28)
        [1, 2, 4, 7, 14, 28]
    """
    small = [d for d in range(1, math.isqrt(number) + 1) if number % d == 0]
    return sorted(set(small + [number // d for d in small]))


def is_perfect_number(number: int) -> bool:
    """Whether a number equals the sum of its proper divisors (6, 28, 496, ...).

    Args:
        number: A positive whole number.

    Returns:
        True for perfect numbers.

    Example:
        >>> is_perfect_number(496)
        True
    """
    return number > 1 and sum(list_divisors(number)) - number == number


def sum_of_digits(number: int) -> int:
    """Sum of the decimal digits of a whole number (the sign is ignored).

    Args:
        number: The number.

    Returns:
        The digit sum.

    Example:
        >>> sum_of_digits(-9045)
        18
    """
    return sum(int(d) for d in str(abs(number)))


def digital_root(number: int) -> int:
    """Repeated digit sum until one digit remains (the 'casting out nines' check).

    Args:
        number: A non-negative whole number.

    Returns:
        A single digit from 0 to 9.

    Example:
        >>> digital_root(9875)
        2
    """
    return 0 if number == 0 else 1 + (abs(number) - 1) % 9


def is_palindromic_number(number: int) -> bool:
    """Whether a number reads the same forwards and backwards in decimal.

    Args:
        number: The number (negative numbers are never palindromic).

    Returns:
        True for palindromes such as 12321.

    Example:
        >>> is_palindromic_number(12321)
        True
    """
    return number >= 0 and str(number) == str(number)[::-1]


def fibonacci_number(index: int) -> int:
    """The Fibonacci number at a position (F0 = 0, F1 = 1).

    Args:
        index: The position, 0 or more.

    Returns:
        F(index).

    Raises:
        ValueError: The index is negative.

    Example:
        >>> fibonacci_number(30)
        832040
    """
    if index < 0:
        raise ValueError("The index must be 0 or more.")
    a, b = 0, 1
    for _ in range(index):
        a, b = b, a + b
    return a


def collatz_steps(number: int) -> int:
    """How many Collatz steps (halve if even, 3n+1 if odd) take a number down to 1.

    Args:
        number: A positive whole number.

    Returns:
        The number of steps.

    Example:
        >>> collatz_steps(27)
        111
    """
    if number < 1:
        raise ValueError("The Collatz sequence starts from a positive number.")
    steps = 0
    while number != 1:
        number = number // 2 if number % 2 == 0 else 3 * number + 1
        steps += 1
    return steps


def modular_inverse(value: int, modulus: int) -> int:
    """The number x with value * x = 1 (mod modulus).

    Args:
        value: The number to invert.
        modulus: The modulus, at least 2.

    Returns:
        The inverse from 0 to modulus - 1.

    Raises:
        ValueError: value and modulus share a factor, so no inverse exists.

    Example:
        >>> modular_inverse(3, 11)
        4
    """
    try:
        return pow(value, -1, modulus)
    except ValueError:
        raise ValueError(f"{value} has no inverse modulo {modulus}.") from None


def modular_power(base: int, exponent: int, modulus: int) -> int:
    """base to the power exponent, modulo modulus, computed fast.

    Args:
        base: The base.
        exponent: A non-negative exponent.
        modulus: The modulus, at least 1.

    Returns:
        The remainder.

    Example:
        >>> modular_power(2, 100, 1000)
        376
    """
    return pow(base, exponent, modulus)


def is_armstrong_number(number: int) -> bool:
    """Whether a number equals the sum of its digits each raised to the digit count (153).

    Args:
        number: A non-negative whole number.

    Returns:
        True for narcissistic numbers.

    Example:
        >>> is_armstrong_number(9474)
        True
    """
    digits = str(number)
    return number >= 0 and sum(int(d) ** len(digits) for d in digits) == number


def triangular_number(index: int) -> int:
    """The n-th triangular number, 1 + 2 + ... + n.

    Args:
        index: n, 0 or more.

    Returns:
        n(n+1)/2.

    Example:
        >>> triangular_number(10)
        55
    """
    return index * (index + 1) // 2


def are_coprime(a: int, b: int) -> bool:
    """Whether two whole numbers share no factor other than 1.

    Args:
        a: The first number.
        b: The second number.

    Returns:
        True when their greatest common divisor is 1.

    Example:
        >>> are_coprime(14, 15)
        True
    """
    return math.gcd(a, b) == 1
