"""Text encodings and classic ciphers: Base64/32, hex, Morse, ROT13, Caesar, Vigenère, RLE.

Byte encodings use UTF-8 for the text. The ciphers are the classroom kind: fun and handy for
puzzles, not security.
"""

from __future__ import annotations

import base64
import binascii
import quopri
import re

_MORSE_CODES = (
    ".- -... -.-. -.. . ..-. --. .... .. .--- -.- .-.. -- -. --- .--. --.- .-. ... - ..- ...- .-- "
    "-..- -.-- --.. ----- .---- ..--- ...-- ....- ..... -.... --... ---.. ----. .-.-.- --..-- "
    "..--.. .----. -.-.-- -..-. -.--. -.--.- .-... ---... -.-.-. -...- .-.-. -....- ..--.- "
    ".-..-. ...-..- .--.-."
)
_MORSE = dict(
    zip(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,?'!/()&:;=+-_\"$@", _MORSE_CODES.split(), strict=True
    )
)
_FROM_MORSE = {code: char for char, code in _MORSE.items()}


def base64_encode(text: str) -> str:
    """Encode text as standard Base64.

    Args:
        text: Any text (encoded as UTF-8 first).

    Returns:
        The Base64 string.

    Example:
        >>> base64_encode("hello")
        'aGVsbG8='
    """
    return base64.b64encode(text.encode()).decode("ascii")


def base64_decode(encoded: str) -> str:
    """Decode standard or URL-safe Base64 back into text (missing padding is tolerated).

    Args:
        encoded: The Base64 string.

    Returns:
        The decoded UTF-8 text.

    Raises:
        ValueError: The input is not valid Base64 of UTF-8 text.

    Example:
        >>> base64_decode("aGVsbG8")
        'hello'
    """
    cleaned = encoded.strip().replace("-", "+").replace("_", "/")
    try:
        return base64.b64decode(cleaned + "=" * (-len(cleaned) % 4), validate=True).decode()
    except (binascii.Error, UnicodeDecodeError) as error:
        raise ValueError(f"Not valid Base64 text: {error}") from None


def base64_url_encode(text: str) -> str:
    """Encode text as URL-safe Base64 without padding (as in JWTs).

    Args:
        text: Any text.

    Returns:
        The URL-safe Base64 string.

    Example:
        >>> base64_url_encode("??>")
        'Pz8-'
    """
    return base64.urlsafe_b64encode(text.encode()).decode("ascii").rstrip("=")


def base32_encode(text: str) -> str:
    """Encode text as Base32 (RFC 4648), as used for TOTP secrets.

    Args:
        text: Any text.

    Returns:
        The Base32 string.

    Example:
        >>> base32_encode("hi")
        'NBUQ===='
    """
    return base64.b32encode(text.encode()).decode("ascii")


def hex_encode(text: str) -> str:
    """Encode text as lower-case hexadecimal bytes.

    Args:
        text: Any text.

    Returns:
        Two hex digits per UTF-8 byte.

    Example:
        >>> hex_encode("Hi!")
        '486921'
    """
    return text.encode().hex()


def hex_decode(encoded: str) -> str:
    """Decode hexadecimal bytes (spaces and 0x allowed) into text.

    Args:
        encoded: e.g. "48 65 6c 6c 6f".

    Returns:
        The decoded UTF-8 text.

    Raises:
        ValueError: Not valid hex of UTF-8 text.

    Example:
        >>> hex_decode("48 65 6c 6c 6f")
        'Hello'
    """
    cleaned = re.sub(r"0x|\s", "", encoded)
    try:
        return bytes.fromhex(cleaned).decode()
    except (ValueError, UnicodeDecodeError) as error:
        raise ValueError(f"Not valid hex text: {error}") from None


def rot13(text: str) -> str:
    """Apply ROT13, which shifts letters by 13 (applying it twice gives the original).

    Args:
        text: Any text.

    Returns:
        The transformed text.

    Example:
        >>> rot13("Hello")
        'Uryyb'
    """
    return caesar_shift(text, 13)


def caesar_shift(text: str, shift: int) -> str:
    """Shift each letter by a fixed number of places in the alphabet (Caesar cipher).

    Args:
        text: Any text; non-letters are kept.
        shift: Places to shift; negative shifts decode.

    Returns:
        The shifted text.

    Example:
        >>> caesar_shift("Attack at dawn", 3)
        'Dwwdfn dw gdzq'
    """
    result = []
    for char in text:
        if char.isascii() and char.isalpha():
            base = ord("A") if char.isupper() else ord("a")
            result.append(chr((ord(char) - base + shift) % 26 + base))
        else:
            result.append(char)
    return "".join(result)


def atbash_cipher(text: str) -> str:
    """Mirror the alphabet (A<->Z, B<->Y, ...); applying it twice gives the original.

    Args:
        text: Any text.

    Returns:
        The transformed text.

    Example:
        >>> atbash_cipher("Wizard")
        'Draziw'
    """
    result = []
    for char in text:
        if char.isascii() and char.isalpha():
            base = ord("A") if char.isupper() else ord("a")
            result.append(chr(base + 25 - (ord(char) - base)))
        else:
            result.append(char)
    return "".join(result)


def vigenere_encrypt(text: str, key: str) -> str:
    """Encrypt with the Vigenère cipher: a Caesar shift per letter taken from a keyword.

    Args:
        text: The plain text; non-letters are kept and do not use up the key.
        key: A word of letters only.

    Returns:
        The cipher text.

    Example:
        >>> vigenere_encrypt("attack at dawn", "lemon")
        'lxfopv ef rnhr'
    """
    return _vigenere(text, key, 1)


def vigenere_decrypt(text: str, key: str) -> str:
    """Decrypt text encrypted with the Vigenère cipher and the same keyword.

    Args:
        text: The cipher text.
        key: The keyword used to encrypt.

    Returns:
        The plain text.

    Example:
        >>> vigenere_decrypt("lxfopv ef rnhr", "lemon")
        'attack at dawn'
    """
    return _vigenere(text, key, -1)


def _vigenere(text: str, key: str, direction: int) -> str:
    shifts = [ord(c) - ord("a") for c in key.lower() if c.isalpha()]
    if not shifts:
        raise ValueError("The key must contain letters.")
    result, position = [], 0
    for char in text:
        if char.isascii() and char.isalpha():
            result.append(caesar_shift(char, direction * shifts[position % len(shifts)]))
            position += 1
        else:
            result.append(char)
    return "".join(result)


def morse_encode(text: str) -> str:
    """Encode text in International Morse code: letters split by spaces, words by " / ".

    Args:
        text: Letters, digits and common punctuation.

    Returns:
        The Morse code.

    Raises:
        ValueError: A character has no Morse code.

    Example:
        >>> morse_encode("SOS help")
        '... --- ... / .... . .-.. .--.'
    """
    try:
        return " / ".join(" ".join(_MORSE[c] for c in word) for word in text.upper().split())
    except KeyError as error:
        raise ValueError(f"No Morse code for {error.args[0]!r}.") from None


def morse_decode(code: str) -> str:
    """Decode International Morse code (letters split by spaces, words by "/").

    Args:
        code: e.g. "... --- ...".

    Returns:
        The decoded text in upper case.

    Raises:
        ValueError: An unknown Morse sequence.

    Example:
        >>> morse_decode(".... . .-.. .-.. --- / .-- --- .-. .-.. -..")
        'HELLO WORLD'
    """
    try:
        return " ".join(
            "".join(_FROM_MORSE[symbol] for symbol in word.split()) for word in code.split("/")
        )
    except KeyError as error:
        raise ValueError(f"Unknown Morse sequence {error.args[0]!r}.") from None


def run_length_encode(text: str) -> str:
    """Run-length encode a string: each run becomes its length followed by the character.

    Args:
        text: Any text without digits.

    Returns:
        The encoded string, e.g. "3A2B".

    Example:
        >>> run_length_encode("AAABBC")
        '3A2B1C'
    """
    return "".join(f"{len(m.group(0))}{m.group(1)}" for m in re.finditer(r"(.)\1*", text, re.S))


def run_length_decode(encoded: str) -> str:
    """Decode a run-length encoded string such as "3A2B1C".

    Args:
        encoded: Counts followed by characters.

    Returns:
        The expanded text.

    Example:
        >>> run_length_decode("3A2B1C")
        'AAABBC'
    """
    return "".join(char * int(count) for count, char in re.findall(r"(\d+)(\D)", encoded))


def text_to_binary(text: str) -> str:
    """Show the UTF-8 bytes of a text as 8-bit binary groups.

    Args:
        text: Any text.

    Returns:
        Space-separated bytes in binary.

    Example:
        >>> text_to_binary("Hi")
        '01001000 01101001'
    """
    return " ".join(f"{byte:08b}" for byte in text.encode())


def binary_to_text(bits: str) -> str:
    """Decode space-separated 8-bit binary groups into text.

    Args:
        bits: e.g. "01001000 01101001".

    Returns:
        The decoded UTF-8 text.

    Example:
        >>> binary_to_text("01001000 01101001")
        'Hi'
    """
    return bytes(int(group, 2) for group in bits.split()).decode()


def quoted_printable_encode(text: str) -> str:
    """Encode text as quoted-printable, the e-mail encoding for mostly-ASCII text.

    Args:
        text: Any text.

    Returns:
        The quoted-printable form.

    Example:
        >>> quoted_printable_encode("café")
        'caf=C3=A9'
    """
    return quopri.encodestring(text.encode()).decode("ascii")


def punycode_encode_domain(domain: str) -> str:
    """Convert an internationalised domain name to its ASCII (xn--) form.

    Args:
        domain: e.g. "bücher.example".

    Returns:
        The ASCII-compatible domain.

    Example:
        >>> punycode_encode_domain("bücher.example")
        'xn--bcher-kva.example'
    """
    return domain.encode("idna").decode("ascii")


def punycode_decode_domain(domain: str) -> str:
    """Convert an ASCII xn-- domain back to its Unicode form.

    Args:
        domain: e.g. "xn--bcher-kva.example".

    Returns:
        The Unicode domain.

    Example:
        >>> punycode_decode_domain("xn--bcher-kva.example")
        'bücher.example'
    """
    return domain.encode("ascii").decode("idna")
