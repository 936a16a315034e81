"""Arithmetic and percentages that models get wrong when they do them "in their head".

`calculate` evaluates a plain arithmetic expression without `eval`, so a model-written string can
never run code.
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable
from typing import cast

__all__ = [
    "add_numbers",
    "calculate",
    "divide_numbers",
    "multiply_numbers",
    "percentage_change",
    "percentage_of",
    "raise_to_power",
    "round_number",
    "square_root",
    "subtract_numbers",
]

_MAX_RESULT_DIGITS = 4000
_MAX_EXPRESSION_CHARS = 1000
_BINARY = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}
_UNARY: dict[type[ast.unaryop], Callable[[float], float]] = {
    ast.UAdd: operator.pos,
    ast.USub: operator.neg,
}


def add_numbers(a: float, b: float) -> float:
    """Add two numbers (sum, plus).

    Args:
        a: The first number.
        b: The second number.

    Returns:
        a + b.
    """
    return a + b


def subtract_numbers(a: float, b: float) -> float:
    """Subtract the second number from the first (difference, minus).

    Args:
        a: The number to subtract from.
        b: The number to subtract.

    Returns:
        a - b.
    """
    return a - b


def multiply_numbers(a: float, b: float) -> float:
    """Multiply two numbers (product, times).

    Args:
        a: The first factor.
        b: The second factor.

    Returns:
        a * b.
    """
    return a * b


def divide_numbers(a: float, b: float) -> float:
    """Divide the first number by the second (quotient, ratio).

    Args:
        a: The dividend.
        b: The divisor; must not be zero.

    Returns:
        a / b.

    Raises:
        ValueError: b is zero.
    """
    if b == 0:
        raise ValueError("Cannot divide by zero.")
    return a / b


def raise_to_power(base: float, exponent: float) -> float:
    """Raise a number to a power (exponent), such as 2 to the power 10.

    Args:
        base: The number to raise.
        exponent: The power.

    Returns:
        base ** exponent.

    Raises:
        ValueError: The result is not a real number or is too large.
    """
    return _power(base, exponent)


def square_root(value: float) -> float:
    """Compute the square root of a number.

    Args:
        value: A number that is zero or positive.

    Returns:
        The square root.

    Raises:
        ValueError: The number is negative.
    """
    if value < 0:
        raise ValueError(f"{value} is negative; it has no real square root.")
    return math.sqrt(value)


def round_number(value: float, decimals: int = 0) -> float:
    """Round a number to a given number of decimal places.

    Args:
        value: The number to round.
        decimals: Digits to keep after the decimal point; negative rounds to tens, hundreds...

    Returns:
        The rounded number.
    """
    return round(value, decimals)


def percentage_of(part: float, whole: float) -> float:
    """Compute what percentage one number is of another (part / whole * 100).

    Args:
        part: The part, e.g. 30.
        whole: The whole, e.g. 120; must not be zero.

    Returns:
        The percentage, e.g. 25.0.

    Raises:
        ValueError: whole is zero.
    """
    if whole == 0:
        raise ValueError("The whole is zero; a percentage of zero is undefined.")
    return part / whole * 100


def percentage_change(old_value: float, new_value: float) -> float:
    """Compute the percentage change (increase or decrease) from an old value to a new value.

    Args:
        old_value: The value before, e.g. 5500.
        new_value: The value after, e.g. 17200.

    Returns:
        The change in percent; positive for an increase, negative for a decrease.

    Raises:
        ValueError: old_value is zero.
    """
    if old_value == 0:
        raise ValueError("The old value is zero; a percentage change from zero is undefined.")
    return (new_value - old_value) / abs(old_value) * 100


def calculate(expression: str) -> float:
    """Calculate the result of an arithmetic expression such as "(17200 - 5500) / 5500 * 100".

    Args:
        expression: Numbers with + - * / // % ** and parentheses.

    Returns:
        The value of the expression.

    Raises:
        ValueError: The expression has something other than numbers and those operators,
            divides by zero, is over 1000 characters or has a result over 4000 digits.
    """
    if len(expression) > _MAX_EXPRESSION_CHARS:
        raise ValueError(f"The expression is longer than {_MAX_EXPRESSION_CHARS} characters.")
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except (SyntaxError, ValueError):
        tree = None
    if tree is None:
        raise ValueError(f"'{expression}' is not an arithmetic expression.")
    return _evaluate(tree.body)


def _evaluate(node: ast.AST) -> float:
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return cast(float, node.value)  # an int stays an int: 2 + 3 is 5, not 5.0
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        return _UNARY[type(node.op)](_evaluate(node.operand))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
        return _power(_evaluate(node.left), _evaluate(node.right))
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _evaluate(node.left), _evaluate(node.right)
        if right == 0 and not isinstance(node.op, (ast.Add, ast.Sub, ast.Mult)):
            raise ValueError("The expression divides by zero.")
        return _BINARY[type(node.op)](left, right)
    raise ValueError(
        f"'{ast.unparse(node)}' is not allowed; use only numbers, + - * / // % ** and parentheses."
    )


def _power(base: float, exponent: float) -> float:
    if base not in (0, 1, -1) and abs(exponent * math.log10(abs(base))) > _MAX_RESULT_DIGITS:
        raise ValueError(
            f"The power has more than {_MAX_RESULT_DIGITS} digits; it is too large (or too small)"
            " to compute."
        )
    try:
        result = base**exponent
    except (OverflowError, ZeroDivisionError) as error:
        reason = str(error)
    else:
        if isinstance(result, complex):
            raise ValueError(f"{base} ** {exponent} is not a real number.")
        return result
    raise ValueError(f"{base} ** {exponent} cannot be computed ({reason}).")
