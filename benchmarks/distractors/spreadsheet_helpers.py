"""Spreadsheet conventions: A1 cell references, column letters, ranges, serial dates and the
rounding functions spreadsheets use.
"""

from __future__ import annotations

import math
import re
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

_CELL = re.compile(r"^\$?([A-Za-z]{1,3})\$?(\d+)$")
_EXCEL_EPOCH = date(1899, 12, 30)


def column_letter_to_number(letters: str) -> int:
    """Column number of spreadsheet column letters (A = 1, Z = 26, AA = 27).

    Args:
        letters: e.g. "AB".

    Returns:
        The 1-based column number.

    Example:
        >>> column_letter_to_number("XFD")
        16384
    """
    number = 0
    for char in letters.strip().upper():
        if not "A" <= char <= "Z":
            raise ValueError(f"{letters!r} is not a column name.")
        number = number * 26 + ord(char) - 64
    return number


def column_number_to_letter(number: int) -> str:
    """Column letters of a 1-based column number.

    Args:
        number: 1 or more.

    Returns:
        e.g. "AA" for 27.

    Example:
        >>> column_number_to_letter(28)
        'AB'
    """
    if number < 1:
        raise ValueError("Column numbers start at 1.")
    letters = ""
    while number:
        number, remainder = divmod(number - 1, 26)
        letters = chr(65 + remainder) + letters
    return letters


def parse_cell_reference(reference: str) -> tuple[int, int]:
    """Row and column numbers of an A1-style cell reference ($ signs allowed).

    Args:
        reference: e.g. "$C$12".

    Returns:
        (row, column), both 1-based.

    Raises:
        ValueError: Not a cell reference.

    Example:
        >>> parse_cell_reference("$C$12")
        (12, 3)
    """
    match = _CELL.match(reference.strip())
    if not match:
        raise ValueError(f"{reference!r} is not a cell reference like B7.")
    return int(match.group(2)), column_letter_to_number(match.group(1))


def build_cell_reference(row: int, column: int, absolute: bool = False) -> str:
    """A1-style reference for a row and column.

    Args:
        row: 1-based row.
        column: 1-based column.
        absolute: Write $C$12 instead of C12.

    Returns:
        The reference.

    Example:
        >>> build_cell_reference(12, 3, absolute=True)
        '$C$12'
    """
    dollar = "$" if absolute else ""
    return f"{dollar}{column_number_to_letter(column)}{dollar}{row}"


def range_cells(cell_range: str) -> list[str]:
    """Every cell of a rectangular range, row by row.

    Args:
        cell_range: e.g. "A1:B3".

    Returns:
        The cell references.

    Example:
        >>> range_cells("A1:B2")
        ['A1', 'B1', 'A2', 'B2']
    """
    (r1, c1), (r2, c2) = (parse_cell_reference(part) for part in cell_range.split(":"))
    rows = range(min(r1, r2), max(r1, r2) + 1)
    columns = range(min(c1, c2), max(c1, c2) + 1)
    return [build_cell_reference(r, c) for r in rows for c in columns]


def range_size(cell_range: str) -> tuple[int, int]:
    """Rows and columns spanned by a range.

    Args:
        cell_range: e.g. "B2:D10".

    Returns:
        (rows, columns).

    Example:
        >>> range_size("B2:D10")
        (9, 3)
    """
    (r1, c1), (r2, c2) = (parse_cell_reference(part) for part in cell_range.split(":"))
    return abs(r2 - r1) + 1, abs(c2 - c1) + 1


def offset_cell(reference: str, rows: int, columns: int) -> str:
    """The cell a number of rows and columns away (like OFFSET).

    Args:
        reference: Starting cell.
        rows: Rows down (negative = up).
        columns: Columns right (negative = left).

    Returns:
        The target cell reference.

    Example:
        >>> offset_cell("B2", 3, 2)
        'D5'
    """
    row, column = parse_cell_reference(reference)
    return build_cell_reference(row + rows, column + columns)


def a1_to_r1c1(reference: str) -> str:
    """Convert an A1 reference to R1C1 notation.

    Args:
        reference: e.g. "C12".

    Returns:
        e.g. "R12C3".

    Example:
        >>> a1_to_r1c1("AA3")
        'R3C27'
    """
    row, column = parse_cell_reference(reference)
    return f"R{row}C{column}"


def r1c1_to_a1(reference: str) -> str:
    """Convert an R1C1 reference to A1 notation.

    Args:
        reference: e.g. "R12C3".

    Returns:
        e.g. "C12".

    Example:
        >>> r1c1_to_a1("R3C27")
        'AA3'
    """
    match = re.fullmatch(r"\s*[Rr](\d+)[Cc](\d+)\s*", reference)
    if not match:
        raise ValueError(f"{reference!r} is not an R1C1 reference.")
    return build_cell_reference(int(match.group(1)), int(match.group(2)))


def serial_to_date(serial: float) -> str:
    """Date of a spreadsheet date serial number (Excel/LibreOffice 1900 system).

    Args:
        serial: The serial, e.g. 45658 (time fractions are dropped).

    Returns:
        YYYY-MM-DD.

    Example:
        >>> serial_to_date(45658)
        '2025-01-01'
    """
    return (_EXCEL_EPOCH + timedelta(days=int(serial))).isoformat()


def date_to_serial(day: str) -> int:
    """Spreadsheet date serial number of a date (1900 system).

    Args:
        day: YYYY-MM-DD.

    Returns:
        The serial.

    Example:
        >>> date_to_serial("2025-01-01")
        45658
    """
    return (date.fromisoformat(day) - _EXCEL_EPOCH).days


def round_half_away(value: float, digits: int = 0) -> float:
    """Round like a spreadsheet's ROUND: halves away from zero (Python's round uses even).

    Args:
        value: The number.
        digits: Decimal places (negative rounds to tens, hundreds, ...).

    Returns:
        The rounded number.

    Example:
        >>> round_half_away(2.5)
        3.0
    """
    quantum = Decimal(1).scaleb(-digits)
    rounded = Decimal(str(abs(value))).quantize(quantum, ROUND_HALF_UP)
    return float(rounded if value >= 0 else -rounded)


def round_up_digits(value: float, digits: int = 0) -> float:
    """Round away from zero to some decimals (like ROUNDUP).

    Args:
        value: The number.
        digits: Decimal places.

    Returns:
        The rounded number.

    Example:
        >>> round_up_digits(3.141, 2)
        3.15
    """
    factor = 10**digits
    return math.copysign(math.ceil(round(abs(value) * factor, 9)) / factor, value)


def round_down_digits(value: float, digits: int = 0) -> float:
    """Round toward zero to some decimals (like ROUNDDOWN / TRUNC).

    Args:
        value: The number.
        digits: Decimal places.

    Returns:
        The rounded number.

    Example:
        >>> round_down_digits(-3.149, 2)
        -3.14
    """
    factor = 10**digits
    return math.copysign(math.floor(round(abs(value) * factor, 9)) / factor, value)


def round_to_multiple(value: float, multiple: float) -> float:
    """Round to the nearest multiple of a number (like MROUND).

    Args:
        value: The number.
        multiple: The step, e.g. 0.05 or 25.

    Returns:
        The nearest multiple.

    Example:
        >>> round_to_multiple(17, 5)
        15
    """
    result = round_half_away(value / multiple) * multiple
    return int(result) if float(result).is_integer() else round(result, 10)


def percent_rank(values: list[float], value: float) -> float:
    """Rank of a value in a data set as a fraction (like PERCENTRANK.INC).

    Args:
        values: The data set.
        value: A value from the set.

    Returns:
        0 to 1, rounded down to 3 decimals.

    Example:
        >>> percent_rank([10, 20, 30, 40, 50], 30)
        0.5
    """
    below = sum(v < value for v in values)
    return math.floor(below / (len(values) - 1) * 1000) / 1000
