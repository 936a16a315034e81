"""Checksums, hashes and check digits: CRC32, SHA-256, HMAC, Luhn, ISBN, EAN/UPC.

Text is hashed as UTF-8. Check-digit functions accept digits with spaces or dashes.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import zlib


def _digits(text: str) -> str:
    return re.sub(r"[\s-]", "", str(text))


def crc32_checksum(text: str) -> str:
    """CRC-32 checksum of a text, as used by ZIP and PNG.

    Args:
        text: Any text.

    Returns:
        Eight lower-case hex digits.

    Example:
        >>> crc32_checksum("hello")
        '3610a686'
    """
    return f"{zlib.crc32(text.encode()) & 0xFFFFFFFF:08x}"


def adler32_checksum(text: str) -> str:
    """Adler-32 checksum of a text, as used by zlib streams.

    Args:
        text: Any text.

    Returns:
        Eight lower-case hex digits.

    Example:
        >>> adler32_checksum("Wikipedia")
        '11e60398'
    """
    return f"{zlib.adler32(text.encode()) & 0xFFFFFFFF:08x}"


def md5_hex(text: str) -> str:
    """MD5 digest of a text (fine for cache keys, not for security).

    Args:
        text: Any text.

    Returns:
        32 hex digits.

    Example:
        >>> md5_hex("")
        'd41d8cd98f00b204e9800998ecf8427e'
    """
    return hashlib.md5(text.encode(), usedforsecurity=False).hexdigest()


def sha1_hex(text: str) -> str:
    """SHA-1 digest of a text, as Git uses for object names.

    Args:
        text: Any text.

    Returns:
        40 hex digits.

    Example:
        >>> sha1_hex("abc")
        'a9993e364706816aba3e25717850c26c9cd0d89d'
    """
    return hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()


def sha256_hex(text: str) -> str:
    """SHA-256 digest of a text.

    Args:
        text: Any text.

    Returns:
        64 hex digits.

    Example:
        >>> sha256_hex("abc")[:16]
        'ba7816bf8f01cfea'
    """
    return hashlib.sha256(text.encode()).hexdigest()


def sha512_hex(text: str) -> str:
    """SHA-512 digest of a text.

    Args:
        text: Any text.

    Returns:
        128 hex digits.

    Example:
        >>> sha512_hex("abc")[:16]
        'ddaf35a193617aba'
    """
    return hashlib.sha512(text.encode()).hexdigest()


def blake2b_hex(text: str, digest_size: int = 32) -> str:
    """BLAKE2b digest of a text with a chosen length.

    Args:
        text: Any text.
        digest_size: Bytes of output, 1 to 64.

    Returns:
        Twice digest_size hex digits.

    Example:
        >>> len(blake2b_hex("abc", 16))
        32
    """
    return hashlib.blake2b(text.encode(), digest_size=digest_size).hexdigest()


def hmac_sha256_hex(key: str, message: str) -> str:
    """HMAC-SHA256 signature of a message, as webhooks use to prove who sent them.

    Args:
        key: The shared secret.
        message: The message (e.g. the request body).

    Returns:
        64 hex digits.

    Example:
        >>> hmac_sha256_hex("key", "The quick brown fox jumps over the lazy dog")[:16]
        'f7bc83f430538424'
    """
    return hmac.new(key.encode(), message.encode(), hashlib.sha256).hexdigest()


def luhn_is_valid(number: str) -> bool:
    """Whether a card or ID number passes the Luhn (mod 10) check.

    Args:
        number: Digits, spaces and dashes allowed, e.g. "4539 1488 0343 6467".

    Returns:
        True when the check digit is right.

    Example:
        >>> luhn_is_valid("4539 1488 0343 6467")
        True
    """
    digits = _digits(number)
    if not digits.isdigit():
        return False
    total = 0
    for i, char in enumerate(reversed(digits)):
        value = int(char) * (2 if i % 2 else 1)
        total += value - 9 if value > 9 else value
    return total % 10 == 0


def luhn_check_digit(partial_number: str) -> int:
    """The digit to append to a number so that it passes the Luhn check.

    Args:
        partial_number: The digits without their check digit.

    Returns:
        The check digit 0-9.

    Example:
        >>> luhn_check_digit("7992739871")
        3
    """
    for digit in range(10):
        if luhn_is_valid(f"{_digits(partial_number)}{digit}"):
            return digit
    raise ValueError(f"{partial_number!r} is not a number.")


def isbn10_is_valid(isbn: str) -> bool:
    """Whether a 10-digit ISBN has a correct check digit (the last may be X).

    Args:
        isbn: e.g. "0-306-40615-2".

    Returns:
        True when valid.

    Example:
        >>> isbn10_is_valid("0-306-40615-2")
        True
    """
    chars = _digits(isbn).upper()
    if not re.fullmatch(r"\d{9}[\dX]", chars):
        return False
    values = [10 if c == "X" else int(c) for c in chars]
    return sum((10 - i) * v for i, v in enumerate(values)) % 11 == 0


def isbn13_is_valid(isbn: str) -> bool:
    """Whether a 13-digit ISBN (or any EAN-13 barcode) has a correct check digit.

    Args:
        isbn: e.g. "978-0-306-40615-7".

    Returns:
        True when valid.

    Example:
        >>> isbn13_is_valid("978-0-306-40615-7")
        True
    """
    digits = _digits(isbn)
    return bool(re.fullmatch(r"\d{13}", digits)) and ean13_check_digit(digits[:12]) == int(
        digits[12]
    )


def isbn10_to_isbn13(isbn10: str) -> str:
    """Convert a 10-digit ISBN to its 13-digit form (978 prefix, new check digit).

    Args:
        isbn10: A valid ISBN-10.

    Returns:
        The ISBN-13 as 13 digits.

    Raises:
        ValueError: The ISBN-10 is not valid.

    Example:
        >>> isbn10_to_isbn13("0-306-40615-2")
        '9780306406157'
    """
    if not isbn10_is_valid(isbn10):
        raise ValueError(f"{isbn10!r} is not a valid ISBN-10.")
    core = "978" + _digits(isbn10)[:9]
    return core + str(ean13_check_digit(core))


def ean13_check_digit(first_twelve: str) -> int:
    """Check digit of an EAN-13 barcode (also ISBN-13) from its first 12 digits.

    Args:
        first_twelve: The 12 leading digits.

    Returns:
        The 13th digit.

    Example:
        >>> ean13_check_digit("400638133393")
        1
    """
    digits = [int(c) for c in _digits(first_twelve)]
    total = sum(d * (3 if i % 2 else 1) for i, d in enumerate(digits))
    return (10 - total % 10) % 10


def upc_a_is_valid(code: str) -> bool:
    """Whether a 12-digit UPC-A barcode has a correct check digit.

    Args:
        code: The 12 digits.

    Returns:
        True when valid.

    Example:
        >>> upc_a_is_valid("036000291452")
        True
    """
    digits = _digits(code)
    if not re.fullmatch(r"\d{12}", digits):
        return False
    values = [int(c) for c in digits]
    total = 3 * sum(values[0:11:2]) + sum(values[1:11:2])
    return (10 - total % 10) % 10 == values[11]


def iban_checksum_is_valid(iban: str) -> bool:
    """Whether an IBAN passes the ISO 13616 mod-97 check.

    Args:
        iban: e.g. "GB82 WEST 1234 5698 7654 32".

    Returns:
        True when the check digits match.

    Example:
        >>> iban_checksum_is_valid("GB82 WEST 1234 5698 7654 32")
        True
    """
    compact = re.sub(r"\s", "", iban).upper()
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", compact):
        return False
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(c, 36)) for c in rearranged)) % 97 == 1


def fletcher16_checksum(text: str) -> int:
    """Fletcher-16 checksum of a text's bytes.

    Args:
        text: Any text.

    Returns:
        The 16-bit checksum as an integer.

    Example:
        >>> fletcher16_checksum("abcde")
        51440
    """
    low = high = 0
    for byte in text.encode():
        low = (low + byte) % 255
        high = (high + low) % 255
    return high << 8 | low


def xor_checksum(text: str) -> str:
    """XOR of all bytes, as NMEA GPS sentences use for their checksum.

    Args:
        text: The sentence body between '$' and '*'.

    Returns:
        Two upper-case hex digits.

    Example:
        >>> xor_checksum("GPGLL,5300.97914,N,00259.98174,E,125926,A")
        '28'
    """
    value = 0
    for byte in text.encode():
        value ^= byte
    return f"{value:02X}"


def even_parity_bit(bits: str) -> int:
    """Parity bit that makes the number of 1s even.

    Args:
        bits: A string of 0s and 1s.

    Returns:
        0 or 1.

    Example:
        >>> even_parity_bit("1011001")
        0
    """
    return bits.count("1") % 2
