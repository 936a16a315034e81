"""Bit manipulation: counting and testing bits, rotations, two's complement, Gray code,
byte order and BCD.

Widths are in bits; values are non-negative integers unless stated.
"""

from __future__ import annotations


def _mask(width: int) -> int:
    return (1 << width) - 1


def count_set_bits(value: int) -> int:
    """Number of 1 bits in a non-negative integer (population count).

    Args:
        value: The integer.

    Returns:
        The count.

    Example:
        >>> count_set_bits(0b101101)
        4
    """
    return bin(value).count("1")


def reverse_bits(value: int, width: int = 8) -> int:
    """Reverse the order of the lowest `width` bits.

    Args:
        value: The integer.
        width: Number of bits.

    Returns:
        The bit-reversed value.

    Example:
        >>> reverse_bits(0b00000110, 8)
        96
    """
    return int(f"{value & _mask(width):0{width}b}"[::-1], 2)


def rotate_bits_left(value: int, shift: int, width: int = 32) -> int:
    """Circular left rotation within a fixed width.

    Args:
        value: The integer.
        shift: Positions to rotate.
        width: Register width.

    Returns:
        The rotated value.

    Example:
        >>> hex(rotate_bits_left(0x80000001, 1))
        '0x3'
    """
    shift %= width
    value &= _mask(width)
    return ((value << shift) | (value >> (width - shift))) & _mask(width)


def rotate_bits_right(value: int, shift: int, width: int = 32) -> int:
    """Circular right rotation within a fixed width.

    Args:
        value: The integer.
        shift: Positions to rotate.
        width: Register width.

    Returns:
        The rotated value.

    Example:
        >>> hex(rotate_bits_right(0x3, 1))
        '0x80000001'
    """
    return rotate_bits_left(value, width - shift % width, width)


def twos_complement_value(value: int, width: int = 8) -> int:
    """Signed value of a bit pattern read as two's complement.

    Args:
        value: The raw unsigned pattern, e.g. 0xFF.
        width: Number of bits.

    Returns:
        The signed integer.

    Example:
        >>> twos_complement_value(0xF0, 8)
        -16
    """
    value &= _mask(width)
    return value - (1 << width) if value >> (width - 1) else value


def to_twos_complement(number: int, width: int = 8) -> int:
    """Bit pattern of a signed integer in two's complement.

    Args:
        number: A signed integer that fits the width.
        width: Number of bits.

    Returns:
        The unsigned pattern.

    Raises:
        ValueError: The number does not fit in the width.

    Example:
        >>> hex(to_twos_complement(-2, 16))
        '0xfffe'
    """
    if not -(1 << (width - 1)) <= number < (1 << (width - 1)):
        raise ValueError(f"{number} does not fit in {width} signed bits.")
    return number & _mask(width)


def gray_encode(value: int) -> int:
    """Binary-reflected Gray code of a number (neighbours differ in one bit).

    Args:
        value: A non-negative integer.

    Returns:
        The Gray code.

    Example:
        >>> bin(gray_encode(7))
        '0b100'
    """
    return value ^ (value >> 1)


def gray_decode(gray: int) -> int:
    """Number encoded by a Gray code.

    Args:
        gray: The Gray code.

    Returns:
        The plain binary number.

    Example:
        >>> gray_decode(0b100)
        7
    """
    value = 0
    while gray:
        value ^= gray
        gray >>= 1
    return value


def swap_byte_order(value: int, byte_count: int = 4) -> int:
    """Swap endianness of an integer (big-endian <-> little-endian).

    Args:
        value: The integer.
        byte_count: Its size in bytes.

    Returns:
        The byte-swapped integer.

    Example:
        >>> hex(swap_byte_order(0x12345678))
        '0x78563412'
    """
    return int.from_bytes(value.to_bytes(byte_count, "big"), "little")


def is_power_of_two(value: int) -> bool:
    """Whether a positive integer is a power of two.

    Args:
        value: The integer.

    Returns:
        True for 1, 2, 4, 8, ...

    Example:
        >>> is_power_of_two(4096)
        True
    """
    return value > 0 and value & (value - 1) == 0


def next_power_of_two(value: int) -> int:
    """Smallest power of two at or above a number.

    Args:
        value: A positive integer.

    Returns:
        The power of two.

    Example:
        >>> next_power_of_two(1000)
        1024
    """
    return 1 if value <= 1 else 1 << (value - 1).bit_length()


def set_bit(value: int, position: int) -> int:
    """Set one bit (position 0 is the least significant).

    Args:
        value: The integer.
        position: Bit position.

    Returns:
        The value with that bit set.

    Example:
        >>> set_bit(0b1000, 1)
        10
    """
    return value | (1 << position)


def clear_bit(value: int, position: int) -> int:
    """Clear one bit.

    Args:
        value: The integer.
        position: Bit position.

    Returns:
        The value with that bit cleared.

    Example:
        >>> clear_bit(0b1111, 0)
        14
    """
    return value & ~(1 << position)


def toggle_bit(value: int, position: int) -> int:
    """Flip one bit.

    Args:
        value: The integer.
        position: Bit position.

    Returns:
        The value with that bit flipped.

    Example:
        >>> toggle_bit(0b1010, 3)
        2
    """
    return value ^ (1 << position)


def is_bit_set(value: int, position: int) -> bool:
    """Whether a bit is 1.

    Args:
        value: The integer.
        position: Bit position.

    Returns:
        True when set.

    Example:
        >>> is_bit_set(0b0100, 2)
        True
    """
    return bool(value >> position & 1)


def to_binary_string(value: int, width: int = 8, group: int = 4) -> str:
    """Binary digits of a number, zero-padded and grouped for reading.

    Args:
        value: A non-negative integer.
        width: Minimum number of digits.
        group: Digits per group (0 for no grouping).

    Returns:
        e.g. "0010 1101".

    Example:
        >>> to_binary_string(45)
        '0010 1101'
    """
    digits = f"{value:0{width}b}"
    if not group:
        return digits
    digits = digits.zfill(-(-len(digits) // group) * group)
    return " ".join(digits[i : i + group] for i in range(0, len(digits), group))


def bcd_encode(number: int) -> int:
    """Packed binary-coded decimal of a number (each decimal digit in 4 bits).

    Args:
        number: A non-negative integer.

    Returns:
        The BCD value.

    Example:
        >>> hex(bcd_encode(1234))
        '0x1234'
    """
    return int(str(number), 16)


def bcd_decode(bcd: int) -> int:
    """Number stored in packed BCD.

    Args:
        bcd: The BCD value.

    Returns:
        The decimal number.

    Raises:
        ValueError: A nibble is above 9.

    Example:
        >>> bcd_decode(0x1234)
        1234
    """
    text = f"{bcd:x}"
    if not text.isdigit():
        raise ValueError(f"{hex(bcd)} is not valid BCD.")
    return int(text)


def bytes_needed(value: int) -> int:
    """Minimum number of bytes to store a non-negative integer.

    Args:
        value: The integer.

    Returns:
        Byte count (at least 1).

    Example:
        >>> bytes_needed(65536)
        3
    """
    return max(1, -(-value.bit_length() // 8))
