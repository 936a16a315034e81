"""File names, types and small text formats: MIME types, magic bytes, sizes, CSV, INI, .env."""

from __future__ import annotations

import configparser
import csv
import io
import json
import mimetypes
import re
from pathlib import PurePosixPath

_MAGIC = [
    tuple(pair.split("="))
    for pair in [
        "89504e470d0a1a0a=png",
        "ffd8ff=jpeg",
        "47494638=gif",
        "25504446=pdf",
        "504b0304=zip",
        "1f8b=gzip",
        "52617221=rar",
        "377abcaf271c=7z",
        "7f454c46=elf",
        "4d5a=exe",
        "494433=mp3",
        "664c6143=flac",
        "4f676753=ogg",
        "1a45dfa3=webm",
        "d0cf11e0a1b11ae1=ole2",
        "425a68=bzip2",
    ]
]
_UNITS = {"b": 1, "kb": 1000, "mb": 1000**2, "gb": 1000**3, "tb": 1000**4}
_UNITS |= {"kib": 1024, "mib": 1024**2, "gib": 1024**3, "tib": 1024**4}


def mime_type_for_filename(filename: str) -> str:
    """Media (MIME) type for a file name by its extension.

    Args:
        filename: e.g. "report.pdf".

    Returns:
        e.g. "application/pdf", or "application/octet-stream" when unknown.

    Example:
        >>> mime_type_for_filename("photo.JPG")
        'image/jpeg'
    """
    guessed, _ = mimetypes.guess_type(filename.lower(), strict=False)
    return guessed or "application/octet-stream"


def extension_for_mime_type(mime_type: str) -> str:
    """The usual file extension for a media type.

    Args:
        mime_type: e.g. "image/png".

    Returns:
        e.g. ".png".

    Raises:
        LookupError: No extension is known.

    Example:
        >>> extension_for_mime_type("application/json")
        '.json'
    """
    extension = mimetypes.guess_extension(mime_type.split(";")[0].strip(), strict=False)
    if extension is None:
        raise LookupError(f"No file extension is known for {mime_type!r}.")
    return extension


def detect_type_from_magic(header_hex: str) -> str:
    """Identify a file type from its first bytes (its 'magic number').

    Args:
        header_hex: The first bytes in hex, e.g. "89504e470d0a1a0a0000000d".

    Returns:
        e.g. "png", or "unknown".

    Example:
        >>> detect_type_from_magic("25504446 2d31 2e37")
        'pdf'
    """
    cleaned = re.sub(r"\s", "", header_hex).lower()
    return next((kind for magic, kind in _MAGIC if cleaned.startswith(magic)), "unknown")


def human_readable_size(size_bytes: int, binary: bool = False) -> str:
    """Format a byte count for people, e.g. 1536000 -> "1.5 MB".

    Args:
        size_bytes: The size in bytes.
        binary: Use powers of 1024 (KiB, MiB) instead of 1000.

    Returns:
        The formatted size with one decimal.

    Example:
        >>> human_readable_size(1536000)
        '1.5 MB'
    """
    base = 1024 if binary else 1000
    units = ["B", "KiB", "MiB", "GiB", "TiB"] if binary else ["B", "kB", "MB", "GB", "TB"]
    value = float(size_bytes)
    for unit in units:
        if abs(value) < base or unit == units[-1]:
            return f"{int(value)} B" if unit == "B" else f"{value:.1f} {unit}"
        value /= base
    raise AssertionError("unreachable")


def parse_size(text: str) -> int:
    """Parse a size such as "1.5 GB" or "512KiB" into bytes.

    Args:
        text: A number with a unit B, KB, MB, GB, TB (powers of 1000) or KiB ... TiB.

    Returns:
        The size in bytes.

    Raises:
        ValueError: The text is not a size.

    Example:
        >>> parse_size("512 KiB")
        524288
    """
    match = re.fullmatch(r"\s*([\d.]+)\s*([A-Za-z]*)\s*", text)
    if not match or match.group(2).lower() not in _UNITS | {"": 1}:
        raise ValueError(f"{text!r} is not a size like '1.5 GB'.")
    return round(float(match.group(1)) * _UNITS.get(match.group(2).lower(), 1))


def split_csv_line(line: str, delimiter: str = ",") -> list[str]:
    """Split one CSV line into fields, honouring quotes.

    Args:
        line: e.g. 'a,"b, with comma",c'.
        delimiter: The field separator.

    Returns:
        The fields.

    Example:
        >>> split_csv_line('42,"Smith, Jane",ok')
        ['42', 'Smith, Jane', 'ok']
    """
    return next(csv.reader([line], delimiter=delimiter))


def join_csv_fields(fields: list[str], delimiter: str = ",") -> str:
    """Join fields into one CSV line, quoting where needed.

    Args:
        fields: The values.
        delimiter: The field separator.

    Returns:
        The CSV line without a line break.

    Example:
        >>> join_csv_fields(["42", "Smith, Jane"])
        '42,"Smith, Jane"'
    """
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=delimiter, lineterminator="").writerow(fields)
    return buffer.getvalue()


def csv_text_to_records(text: str) -> list[dict]:
    """Parse CSV text with a header row into one dict per row.

    Args:
        text: The CSV content.

    Returns:
        The rows as dicts keyed by the header names.

    Example:
        >>> csv_text_to_records("name,age\\nAda,36\\nAlan,41")
        [{'name': 'Ada', 'age': '36'}, {'name': 'Alan', 'age': '41'}]
    """
    return [dict(row) for row in csv.DictReader(io.StringIO(text))]


def detect_line_ending(text: str) -> str:
    """Which line ending a text uses: "CRLF", "LF", "CR", "mixed" or "none".

    Args:
        text: The file content.

    Returns:
        The line-ending style.

    Example:
        >>> detect_line_ending("a\\r\\nb\\r\\n")
        'CRLF'
    """
    crlf = text.count("\r\n")
    lf, cr = text.count("\n") - crlf, text.count("\r") - crlf
    kinds = [name for name, count in (("CRLF", crlf), ("LF", lf), ("CR", cr)) if count]
    return kinds[0] if len(kinds) == 1 else "mixed" if kinds else "none"


def looks_binary(header_hex: str) -> bool:
    """Guess whether content is binary rather than text (it contains NUL bytes).

    Args:
        header_hex: The first bytes in hex.

    Returns:
        True when a zero byte appears.

    Example:
        >>> looks_binary("48656c6c6f")
        False
    """
    data = bytes.fromhex(re.sub(r"\s", "", header_hex))
    return b"\x00" in data


def file_extension(filename: str) -> str:
    """Extension of a file name, lower case, without the dot ("archive.tar.gz" -> "gz").

    Args:
        filename: A file name or path.

    Returns:
        The extension, or "" when there is none.

    Example:
        >>> file_extension("backups/archive.TAR.GZ")
        'gz'
    """
    return PurePosixPath(filename).suffix.lstrip(".").lower()


def replace_file_extension(filename: str, new_extension: str) -> str:
    """Change a file name's extension.

    Args:
        filename: e.g. "photo.jpeg".
        new_extension: e.g. "png" or ".png".

    Returns:
        The renamed file name.

    Example:
        >>> replace_file_extension("scans/page1.tiff", "png")
        'scans/page1.png'
    """
    return str(PurePosixPath(filename).with_suffix("." + new_extension.lstrip(".")))


def safe_filename(name: str, replacement: str = "_") -> str:
    """Make a string safe to use as a file name on Windows, macOS and Linux.

    Args:
        name: The wanted name.
        replacement: What replaces forbidden characters.

    Returns:
        The cleaned name (never empty, at most 255 characters).

    Example:
        >>> safe_filename('Q3 report: "final"?.docx')
        'Q3 report_ _final__.docx'
    """
    cleaned = re.sub(r'[<>:"/\\|?*\x00-\x1f]', replacement, name).strip(" .")
    return (cleaned or "untitled")[:255]


def path_parts(path: str) -> dict:
    """Split a path into folder, file name, stem and extension.

    Args:
        path: e.g. "/srv/data/report.final.csv".

    Returns:
        Keys folder, name, stem and extension.

    Example:
        >>> path_parts("/srv/data/report.final.csv")["stem"]
        'report.final'
    """
    pure = PurePosixPath(path)
    extension = pure.suffix.lstrip(".")
    return {
        "folder": str(pure.parent),
        "name": pure.name,
        "stem": pure.stem,
        "extension": extension,
    }


def pretty_json(text: str, indent: int = 2) -> str:
    """Re-indent JSON text for reading, keys in their original order.

    Args:
        text: Valid JSON.
        indent: Spaces per level.

    Returns:
        The formatted JSON.

    Example:
        >>> print(pretty_json('{"a":1,"b":[1,2]}'))
        {
          "a": 1,
          "b": [
            1,
            2
          ]
        }
    """
    return json.dumps(json.loads(text), indent=indent, ensure_ascii=False)


def minify_json(text: str) -> str:
    """Remove all insignificant whitespace from JSON text.

    Args:
        text: Valid JSON.

    Returns:
        The compact JSON.

    Example:
        >>> minify_json('{ "a": 1, "b": [1, 2] }')
        '{"a":1,"b":[1,2]}'
    """
    return json.dumps(json.loads(text), separators=(",", ":"), ensure_ascii=False)


def parse_ini_text(text: str) -> dict:
    """Parse INI-style configuration text into {section: {key: value}}.

    Args:
        text: The INI content.

    Returns:
        The sections and their values (strings).

    Example:
        >>> parse_ini_text("[server]\\nport = 8080\\nhost = example.org")
        {'server': {'port': '8080', 'host': 'example.org'}}
    """
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(text)
    return {section: dict(parser[section]) for section in parser.sections()}


def parse_dotenv_text(text: str) -> dict:
    """Parse .env file content (KEY=value lines, comments, optional quotes and 'export').

    Args:
        text: The .env content.

    Returns:
        Variable name -> value.

    Example:
        >>> parse_dotenv_text('# db\\nexport DB_HOST=localhost\\nDB_NAME="shop app"')
        {'DB_HOST': 'localhost', 'DB_NAME': 'shop app'}
    """
    values = {}
    for line in text.splitlines():
        match = re.match(r"\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)", line)
        if match and not line.lstrip().startswith("#"):
            value = match.group(2).strip()
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
                value = value[1:-1]
            values[match.group(1)] = value
    return values
