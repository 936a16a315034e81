"""Colour space conversions: hex, RGB, HSL, HSV, CMYK, CIE Lab, YUV and terminal colours.

RGB components are 0-255 integers; hue is in degrees, saturation and lightness in percent.
"""

from __future__ import annotations

import colorsys
import re

_NAMED_COLORS = (
    "black=#000000 white=#ffffff red=#ff0000 lime=#00ff00 blue=#0000ff yellow=#ffff00 "
    "cyan=#00ffff magenta=#ff00ff silver=#c0c0c0 gray=#808080 maroon=#800000 olive=#808000 "
    "green=#008000 purple=#800080 teal=#008080 navy=#000080 orange=#ffa500 pink=#ffc0cb "
    "brown=#a52a2a gold=#ffd700 indigo=#4b0082 violet=#ee82ee coral=#ff7f50 salmon=#fa8072 "
    "turquoise=#40e0d0 crimson=#dc143c khaki=#f0e68c beige=#f5f5dc"
)
_NAMED = dict(pair.split("=") for pair in _NAMED_COLORS.split())


def hex_to_rgb(hex_color: str) -> tuple[int, int, int]:
    """Convert a hex colour such as "#1e90ff" or "fff" to (red, green, blue).

    Args:
        hex_color: Six or three hex digits, with or without '#'.

    Returns:
        The RGB components, 0-255.

    Raises:
        ValueError: Not a hex colour.

    Example:
        >>> hex_to_rgb("#1e90ff")
        (30, 144, 255)
    """
    digits = expand_hex_shorthand(hex_color).lstrip("#")
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def rgb_to_hex(red: int, green: int, blue: int) -> str:
    """Convert RGB components to a lower-case hex colour.

    Args:
        red: 0-255.
        green: 0-255.
        blue: 0-255.

    Returns:
        e.g. "#1e90ff".

    Raises:
        ValueError: A component is outside 0-255.

    Example:
        >>> rgb_to_hex(30, 144, 255)
        '#1e90ff'
    """
    for value in (red, green, blue):
        if not 0 <= value <= 255:
            raise ValueError(f"RGB components are 0-255, got {value}.")
    return f"#{int(red):02x}{int(green):02x}{int(blue):02x}"


def expand_hex_shorthand(hex_color: str) -> str:
    """Expand a 3-digit hex colour ("#f0a") to 6 digits ("#ff00aa"); validate 6-digit ones.

    Args:
        hex_color: A hex colour, with or without '#'.

    Returns:
        The 6-digit form with '#', lower case.

    Raises:
        ValueError: Not a hex colour.

    Example:
        >>> expand_hex_shorthand("F0A")
        '#ff00aa'
    """
    digits = hex_color.strip().lstrip("#").lower()
    if re.fullmatch(r"[0-9a-f]{3}", digits):
        digits = "".join(c * 2 for c in digits)
    if not re.fullmatch(r"[0-9a-f]{6}", digits):
        raise ValueError(f"{hex_color!r} is not a hex colour like #1e90ff.")
    return "#" + digits


def rgb_to_hsl(red: int, green: int, blue: int) -> tuple[float, float, float]:
    """Convert RGB to hue (degrees), saturation (%) and lightness (%).

    Args:
        red: 0-255.
        green: 0-255.
        blue: 0-255.

    Returns:
        (hue, saturation, lightness), rounded to 1 decimal.

    Example:
        >>> rgb_to_hsl(255, 0, 0)
        (0.0, 100.0, 50.0)
    """
    h, lightness, s = colorsys.rgb_to_hls(red / 255, green / 255, blue / 255)
    return round(h * 360, 1), round(s * 100, 1), round(lightness * 100, 1)


def hsl_to_rgb(hue: float, saturation: float, lightness: float) -> tuple[int, int, int]:
    """Convert hue (degrees), saturation (%) and lightness (%) to RGB.

    Args:
        hue: 0-360.
        saturation: 0-100.
        lightness: 0-100.

    Returns:
        (red, green, blue), 0-255.

    Example:
        >>> hsl_to_rgb(120, 100, 25)
        (0, 128, 0)
    """
    r, g, b = colorsys.hls_to_rgb(hue % 360 / 360, lightness / 100, saturation / 100)
    return round(r * 255), round(g * 255), round(b * 255)


def rgb_to_hsv(red: int, green: int, blue: int) -> tuple[float, float, float]:
    """Convert RGB to hue (degrees), saturation (%) and value/brightness (%).

    Args:
        red: 0-255.
        green: 0-255.
        blue: 0-255.

    Returns:
        (hue, saturation, value), rounded to 1 decimal.

    Example:
        >>> rgb_to_hsv(0, 0, 128)
        (240.0, 100.0, 50.2)
    """
    h, s, v = colorsys.rgb_to_hsv(red / 255, green / 255, blue / 255)
    return round(h * 360, 1), round(s * 100, 1), round(v * 100, 1)


def hsv_to_rgb(hue: float, saturation: float, value: float) -> tuple[int, int, int]:
    """Convert hue (degrees), saturation (%) and value (%) to RGB.

    Args:
        hue: 0-360.
        saturation: 0-100.
        value: 0-100.

    Returns:
        (red, green, blue), 0-255.

    Example:
        >>> hsv_to_rgb(60, 100, 100)
        (255, 255, 0)
    """
    r, g, b = colorsys.hsv_to_rgb(hue % 360 / 360, saturation / 100, value / 100)
    return round(r * 255), round(g * 255), round(b * 255)


def rgb_to_cmyk(red: int, green: int, blue: int) -> tuple[float, float, float, float]:
    """Convert RGB to printing CMYK percentages (naive conversion, no colour profile).

    Args:
        red: 0-255.
        green: 0-255.
        blue: 0-255.

    Returns:
        (cyan, magenta, yellow, key/black) in percent, rounded to 1 decimal.

    Example:
        >>> rgb_to_cmyk(255, 128, 0)
        (0.0, 49.8, 100.0, 0.0)
    """
    r, g, b = red / 255, green / 255, blue / 255
    k = 1 - max(r, g, b)
    if k == 1:
        return 0.0, 0.0, 0.0, 100.0
    c, m, y = ((1 - x - k) / (1 - k) for x in (r, g, b))
    return round(c * 100, 1), round(m * 100, 1), round(y * 100, 1), round(k * 100, 1)


def cmyk_to_rgb(cyan: float, magenta: float, yellow: float, black: float) -> tuple[int, int, int]:
    """Convert CMYK percentages to RGB (naive conversion, no colour profile).

    Args:
        cyan: 0-100.
        magenta: 0-100.
        yellow: 0-100.
        black: 0-100.

    Returns:
        (red, green, blue), 0-255.

    Example:
        >>> cmyk_to_rgb(0, 50, 100, 0)
        (255, 128, 0)
    """
    k = 1 - black / 100
    red, green, blue = (round(255 * (1 - x / 100) * k) for x in (cyan, magenta, yellow))
    return red, green, blue


def rgb_to_grayscale(red: int, green: int, blue: int) -> int:
    """Perceived brightness of a colour as one grey level (ITU-R BT.601 weights).

    Args:
        red: 0-255.
        green: 0-255.
        blue: 0-255.

    Returns:
        The grey level 0-255.

    Example:
        >>> rgb_to_grayscale(255, 0, 0)
        76
    """
    return round(0.299 * red + 0.587 * green + 0.114 * blue)


def rgb_to_lab(red: int, green: int, blue: int) -> tuple[float, float, float]:
    """Convert sRGB to CIE L*a*b* (D65 white), the space where distances match perception.

    Args:
        red: 0-255.
        green: 0-255.
        blue: 0-255.

    Returns:
        (L, a, b) rounded to 2 decimals.

    Example:
        >>> rgb_to_lab(255, 255, 255)
        (100.0, 0.0, 0.0)
    """

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = linear(red), linear(green), linear(blue)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    lab = (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    return tuple(round(value, 2) + 0.0 for value in lab)  # type: ignore[return-value]


def rgb_to_yuv(red: int, green: int, blue: int) -> tuple[float, float, float]:
    """Convert RGB to analogue YUV (BT.601), the luma/chroma split of video.

    Args:
        red: 0-255.
        green: 0-255.
        blue: 0-255.

    Returns:
        (Y 0-255, U, V), rounded to 2 decimals.

    Example:
        >>> rgb_to_yuv(255, 255, 255)
        (255.0, 0.0, 0.0)
    """
    y = 0.299 * red + 0.587 * green + 0.114 * blue
    return round(y, 2), round(0.492 * (blue - y), 2) + 0.0, round(0.877 * (red - y), 2) + 0.0


def rgb_to_ansi256(red: int, green: int, blue: int) -> int:
    """Nearest colour in the 256-colour terminal palette (6x6x6 cube or grey ramp).

    Args:
        red: 0-255.
        green: 0-255.
        blue: 0-255.

    Returns:
        The palette index 16-255.

    Example:
        >>> rgb_to_ansi256(255, 0, 0)
        196
    """
    if red == green == blue:
        if red < 8:
            return 16
        if red > 248:
            return 231
        return round((red - 8) / 247 * 24) + 232
    return 16 + 36 * round(red / 255 * 5) + 6 * round(green / 255 * 5) + round(blue / 255 * 5)


def nearest_web_safe_color(hex_color: str) -> str:
    """Snap a colour to the 216-colour web-safe palette (each channel a multiple of 0x33).

    Args:
        hex_color: A hex colour.

    Returns:
        The nearest web-safe hex colour.

    Example:
        >>> nearest_web_safe_color("#1e90ff")
        '#3399ff'
    """
    return rgb_to_hex(*(round(c / 51) * 51 for c in hex_to_rgb(hex_color)))


def rgb_to_rgb565(red: int, green: int, blue: int) -> int:
    """Pack a colour into 16-bit RGB565, the format of many small displays.

    Args:
        red: 0-255.
        green: 0-255.
        blue: 0-255.

    Returns:
        The 16-bit value.

    Example:
        >>> hex(rgb_to_rgb565(255, 255, 255))
        '0xffff'
    """
    return (red >> 3) << 11 | (green >> 2) << 5 | blue >> 3


def rgb565_to_rgb(value: int) -> tuple[int, int, int]:
    """Unpack a 16-bit RGB565 value to 8-bit RGB components.

    Args:
        value: The 16-bit colour.

    Returns:
        (red, green, blue), 0-255.

    Example:
        >>> rgb565_to_rgb(0xF800)
        (255, 0, 0)
    """
    r, g, b = value >> 11 & 0x1F, value >> 5 & 0x3F, value & 0x1F
    return round(r * 255 / 31), round(g * 255 / 63), round(b * 255 / 31)


def named_color_to_hex(name: str) -> str:
    """Hex code of a basic CSS colour name such as "navy" or "coral".

    Args:
        name: The colour name, case-insensitive.

    Returns:
        The hex colour.

    Raises:
        LookupError: The name is not one of the known colours.

    Example:
        >>> named_color_to_hex("Teal")
        '#008080'
    """
    try:
        return _NAMED[name.strip().lower()]
    except KeyError:
        raise LookupError(f"Unknown colour name {name!r}; known: {', '.join(_NAMED)}.") from None


def invert_hex_color(hex_color: str) -> str:
    """The photographic negative of a colour (255 minus each channel).

    Args:
        hex_color: A hex colour.

    Returns:
        The inverted hex colour.

    Example:
        >>> invert_hex_color("#1e90ff")
        '#e16f00'
    """
    return rgb_to_hex(*(255 - c for c in hex_to_rgb(hex_color)))
