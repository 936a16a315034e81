"""Colour for design work: contrast and accessibility, mixing, tints, shades and harmonies.

Colours are hex strings such as "#1e90ff"; contrast follows WCAG 2.1.
"""

from __future__ import annotations

import colorsys
import math
import re


def _rgb(hex_color: str) -> tuple[int, int, int]:
    digits = hex_color.strip().lstrip("#").lower()
    if re.fullmatch(r"[0-9a-f]{3}", digits):
        digits = "".join(c * 2 for c in digits)
    if not re.fullmatch(r"[0-9a-f]{6}", digits):
        raise ValueError(f"{hex_color!r} is not a hex colour like #1e90ff.")
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def _hex(rgb: tuple[float, ...]) -> str:
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in rgb)


def _rotate_hue(hex_color: str, degrees: float) -> str:
    h, lightness, s = colorsys.rgb_to_hls(*(c / 255 for c in _rgb(hex_color)))
    r, g, b = colorsys.hls_to_rgb((h + degrees / 360) % 1, lightness, s)
    return _hex((r * 255, g * 255, b * 255))


def relative_luminance(hex_color: str) -> float:
    """WCAG relative luminance of a colour, from 0 (black) to 1 (white).

    Args:
        hex_color: A hex colour.

    Returns:
        The luminance, rounded to 4 decimals.

    Example:
        >>> relative_luminance("#ffffff")
        1.0
    """

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in _rgb(hex_color))
    return round(0.2126 * r + 0.7152 * g + 0.0722 * b, 4)


def contrast_ratio(foreground: str, background: str) -> float:
    """WCAG contrast ratio between two colours, from 1 (none) to 21 (black on white).

    Args:
        foreground: Text colour.
        background: Background colour.

    Returns:
        The ratio, rounded to 2 decimals.

    Example:
        >>> contrast_ratio("#000000", "#ffffff")
        21.0
    """
    lighter, darker = sorted(
        (relative_luminance(foreground), relative_luminance(background)), reverse=True
    )
    return round((lighter + 0.05) / (darker + 0.05), 2)


def meets_wcag_contrast(
    foreground: str, background: str, level: str = "AA", large_text: bool = False
) -> bool:
    """Whether a text/background pair meets a WCAG contrast level.

    Args:
        foreground: Text colour.
        background: Background colour.
        level: "AA" or "AAA".
        large_text: Text of 18pt+ (or 14pt+ bold), which needs less contrast.

    Returns:
        True when the contrast is sufficient.

    Example:
        >>> meets_wcag_contrast("#777777", "#ffffff")
        False
    """
    needed = {("AA", False): 4.5, ("AA", True): 3.0, ("AAA", False): 7.0, ("AAA", True): 4.5}
    return contrast_ratio(foreground, background) >= needed[(level.upper(), large_text)]


def mix_colors(first: str, second: str, weight: float = 0.5) -> str:
    """Blend two colours in RGB, like mixing paint on screen.

    Args:
        first: The first colour.
        second: The second colour.
        weight: Share of the first colour, 0 to 1.

    Returns:
        The mixed hex colour.

    Example:
        >>> mix_colors("#ff0000", "#0000ff")
        '#800080'
    """
    a, b = _rgb(first), _rgb(second)
    return _hex(tuple(weight * x + (1 - weight) * y for x, y in zip(a, b, strict=True)))


def tint_color(hex_color: str, amount: float) -> str:
    """Mix a colour with white.

    Args:
        hex_color: The colour.
        amount: Share of white, 0 to 1.

    Returns:
        The tint.

    Example:
        >>> tint_color("#ff0000", 0.5)
        '#ff8080'
    """
    return mix_colors("#ffffff", hex_color, amount)


def shade_color(hex_color: str, amount: float) -> str:
    """Mix a colour with black.

    Args:
        hex_color: The colour.
        amount: Share of black, 0 to 1.

    Returns:
        The shade.

    Example:
        >>> shade_color("#ff0000", 0.5)
        '#800000'
    """
    return mix_colors("#000000", hex_color, amount)


def lighten_color(hex_color: str, percent: float) -> str:
    """Raise a colour's HSL lightness by some percentage points.

    Args:
        hex_color: The colour.
        percent: Lightness points to add (0-100 scale).

    Returns:
        The lighter colour.

    Example:
        >>> lighten_color("#336699", 20)
        '#6699cc'
    """
    h, lightness, s = colorsys.rgb_to_hls(*(c / 255 for c in _rgb(hex_color)))
    r, g, b = colorsys.hls_to_rgb(h, min(1, lightness + percent / 100), s)
    return _hex((r * 255, g * 255, b * 255))


def darken_color(hex_color: str, percent: float) -> str:
    """Lower a colour's HSL lightness by some percentage points.

    Args:
        hex_color: The colour.
        percent: Lightness points to remove.

    Returns:
        The darker colour.

    Example:
        >>> darken_color("#6699cc", 20)
        '#336699'
    """
    return lighten_color(hex_color, -percent)


def saturate_color(hex_color: str, percent: float) -> str:
    """Raise a colour's HSL saturation by some percentage points (negative to desaturate).

    Args:
        hex_color: The colour.
        percent: Saturation points to add.

    Returns:
        The adjusted colour.

    Example:
        >>> saturate_color("#808080", 50)
        '#c04040'
    """
    h, lightness, s = colorsys.rgb_to_hls(*(c / 255 for c in _rgb(hex_color)))
    r, g, b = colorsys.hls_to_rgb(h, lightness, max(0, min(1, s + percent / 100)))
    return _hex((r * 255, g * 255, b * 255))


def complementary_color(hex_color: str) -> str:
    """The colour opposite on the colour wheel (hue + 180 degrees).

    Args:
        hex_color: The colour.

    Returns:
        The complement.

    Example:
        >>> complementary_color("#ff0000")
        '#00ffff'
    """
    return _rotate_hue(hex_color, 180)


def triadic_colors(hex_color: str) -> list[str]:
    """The two colours that form an evenly spaced triad with the given one.

    Args:
        hex_color: The base colour.

    Returns:
        Two hex colours at +120 and +240 degrees of hue.

    Example:
        >>> triadic_colors("#ff0000")
        ['#00ff00', '#0000ff']
    """
    return [_rotate_hue(hex_color, 120), _rotate_hue(hex_color, 240)]


def analogous_colors(hex_color: str, spread: float = 30) -> list[str]:
    """Neighbouring colours on the wheel, for a calm palette.

    Args:
        hex_color: The base colour.
        spread: Hue distance in degrees.

    Returns:
        The colours at -spread and +spread.

    Example:
        >>> analogous_colors("#ff0000")
        ['#ff0080', '#ff8000']
    """
    return [_rotate_hue(hex_color, -spread), _rotate_hue(hex_color, spread)]


def color_gradient(start: str, end: str, steps: int) -> list[str]:
    """Evenly spaced colours from one colour to another, both ends included.

    Args:
        start: The first colour.
        end: The last colour.
        steps: Number of colours, at least 2.

    Returns:
        The gradient's colours.

    Example:
        >>> color_gradient("#000000", "#ffffff", 3)
        ['#000000', '#808080', '#ffffff']
    """
    if steps < 2:
        raise ValueError("A gradient needs at least 2 steps.")
    return [mix_colors(end, start, i / (steps - 1)) for i in range(steps)]


def rgb_distance(first: str, second: str) -> float:
    """Straight-line distance between two colours in RGB space (0 to about 441.7).

    Args:
        first: The first colour.
        second: The second colour.

    Returns:
        The Euclidean distance, rounded to 2 decimals.

    Example:
        >>> rgb_distance("#000000", "#030404")
        6.4
    """
    return round(math.dist(_rgb(first), _rgb(second)), 2)


def is_light_color(hex_color: str) -> bool:
    """Whether a colour is light, i.e. black text reads better on it than white.

    Args:
        hex_color: The colour.

    Returns:
        True for light colours.

    Example:
        >>> is_light_color("#ffd700")
        True
    """
    return contrast_ratio("#000000", hex_color) >= contrast_ratio("#ffffff", hex_color)


def readable_text_color(background: str) -> str:
    """Black or white, whichever contrasts more with a background colour.

    Args:
        background: The background colour.

    Returns:
        "#000000" or "#ffffff".

    Example:
        >>> readable_text_color("#1a237e")
        '#ffffff'
    """
    return "#000000" if is_light_color(background) else "#ffffff"


def alpha_composite(foreground: str, alpha: float, background: str) -> str:
    """The opaque colour seen when a semi-transparent colour lies over another.

    Args:
        foreground: The upper colour.
        alpha: Its opacity, 0 to 1.
        background: The colour underneath.

    Returns:
        The resulting hex colour.

    Example:
        >>> alpha_composite("#ff0000", 0.25, "#ffffff")
        '#ffbfbf'
    """
    return mix_colors(foreground, background, alpha)


def grayscale_ramp(steps: int) -> list[str]:
    """Evenly spaced greys from black to white.

    Args:
        steps: Number of greys, at least 2.

    Returns:
        The grey hex colours.

    Example:
        >>> grayscale_ramp(5)
        ['#000000', '#404040', '#808080', '#bfbfbf', '#ffffff']
    """
    return color_gradient("#000000", "#ffffff", steps)
