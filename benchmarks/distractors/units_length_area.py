"""Length and area unit conversions: metric, imperial, nautical, surveying and astronomical.

Exact definitions are used where they exist (1 inch = 2.54 cm, 1 nautical mile = 1852 m).
"""

from __future__ import annotations

from fractions import Fraction

_LENGTH_M = {
    "mm": 0.001,
    "cm": 0.01,
    "m": 1.0,
    "km": 1000.0,
    "in": 0.0254,
    "ft": 0.3048,
    "yd": 0.9144,
    "mi": 1609.344,
    "nmi": 1852.0,
    "um": 1e-6,
    "nm": 1e-9,
    "furlong": 201.168,
    "chain": 20.1168,
    "au": 149_597_870_700.0,
    "ly": 9_460_730_472_580_800.0,
    "pc": 3.0856775814913673e16,
}
_AREA_M2 = {
    "mm2": 1e-6,
    "cm2": 1e-4,
    "m2": 1.0,
    "km2": 1e6,
    "ha": 1e4,
    "are": 100.0,
    "in2": 0.00064516,
    "ft2": 0.09290304,
    "yd2": 0.83612736,
    "acre": 4046.8564224,
    "mi2": 2_589_988.110336,
}


def convert_length(value: float, from_unit: str, to_unit: str) -> float:
    """Convert a length between units.

    Args:
        value: The length.
        from_unit: One of mm, cm, m, km, in, ft, yd, mi, nmi, um, nm, furlong, chain, au, ly, pc.
        to_unit: The target unit, same choices.

    Returns:
        The converted length, rounded to 10 significant digits.

    Raises:
        ValueError: A unit is unknown.

    Example:
        >>> convert_length(6, "ft", "m")
        1.8288
    """
    return _convert(value, from_unit, to_unit, _LENGTH_M, "length")


def convert_area(value: float, from_unit: str, to_unit: str) -> float:
    """Convert an area between units.

    Args:
        value: The area.
        from_unit: One of mm2, cm2, m2, km2, ha, are, in2, ft2, yd2, acre, mi2.
        to_unit: The target unit, same choices.

    Returns:
        The converted area, rounded to 10 significant digits.

    Raises:
        ValueError: A unit is unknown.

    Example:
        >>> convert_area(1, "acre", "m2")
        4046.856422
    """
    return _convert(value, from_unit, to_unit, _AREA_M2, "area")


def _convert(value: float, source: str, target: str, table: dict, kind: str) -> float:
    for unit in (source, target):
        if unit.lower() not in table:
            raise ValueError(f"Unknown {kind} unit {unit!r}; use one of {', '.join(table)}.")
    result = value * table[source.lower()] / table[target.lower()]
    return float(f"{result:.10g}")


def inches_to_centimeters(inches: float) -> float:
    """Convert inches to centimetres (exactly 2.54 cm per inch).

    Args:
        inches: The length in inches.

    Returns:
        The length in centimetres.

    Example:
        >>> inches_to_centimeters(12)
        30.48
    """
    return round(inches * 2.54, 10)


def centimeters_to_inches(centimeters: float) -> float:
    """Convert centimetres to inches.

    Args:
        centimeters: The length in centimetres.

    Returns:
        The length in inches, rounded to 4 decimals.

    Example:
        >>> centimeters_to_inches(100)
        39.3701
    """
    return round(centimeters / 2.54, 4)


def feet_to_meters(feet: float) -> float:
    """Convert feet to metres (exactly 0.3048 m per foot).

    Args:
        feet: The length in feet.

    Returns:
        The length in metres, rounded to 4 decimals.

    Example:
        >>> feet_to_meters(1000)
        304.8
    """
    return round(feet * 0.3048, 4)


def meters_to_feet(meters: float) -> float:
    """Convert metres to feet.

    Args:
        meters: The length in metres.

    Returns:
        The length in feet, rounded to 4 decimals.

    Example:
        >>> meters_to_feet(8848)
        29028.8714
    """
    return round(meters / 0.3048, 4)


def feet_inches_to_centimeters(feet: int, inches: float) -> float:
    """Convert a height written in feet and inches (5 ft 11 in) to centimetres.

    Args:
        feet: Whole feet.
        inches: Remaining inches.

    Returns:
        Centimetres, rounded to 1 decimal.

    Example:
        >>> feet_inches_to_centimeters(5, 11)
        180.3
    """
    return round((feet * 12 + inches) * 2.54, 1)


def centimeters_to_feet_inches(centimeters: float) -> str:
    """Write a height in centimetres as feet and inches, e.g. 180 -> 5' 10.9".

    Args:
        centimeters: The height.

    Returns:
        Feet and inches (inches to 1 decimal).

    Example:
        >>> centimeters_to_feet_inches(180)
        '5\\' 10.9"'
    """
    total_inches = centimeters / 2.54
    feet = int(total_inches // 12)
    return f"{feet}' {total_inches - feet * 12:.1f}\""


def yards_to_meters(yards: float) -> float:
    """Convert yards to metres (exactly 0.9144 m per yard).

    Args:
        yards: The length in yards.

    Returns:
        Metres, rounded to 4 decimals.

    Example:
        >>> yards_to_meters(100)
        91.44
    """
    return round(yards * 0.9144, 4)


def nautical_miles_to_kilometers(nautical_miles: float) -> float:
    """Convert nautical miles to kilometres (exactly 1.852 km each).

    Args:
        nautical_miles: The distance.

    Returns:
        Kilometres, rounded to 4 decimals.

    Example:
        >>> nautical_miles_to_kilometers(10)
        18.52
    """
    return round(nautical_miles * 1.852, 4)


def kilometers_to_nautical_miles(kilometers: float) -> float:
    """Convert kilometres to nautical miles.

    Args:
        kilometers: The distance.

    Returns:
        Nautical miles, rounded to 4 decimals.

    Example:
        >>> kilometers_to_nautical_miles(100)
        53.9957
    """
    return round(kilometers / 1.852, 4)


def acres_to_hectares(acres: float) -> float:
    """Convert acres to hectares.

    Args:
        acres: The area in acres.

    Returns:
        Hectares, rounded to 4 decimals.

    Example:
        >>> acres_to_hectares(100)
        40.4686
    """
    return round(acres * 0.40468564224, 4)


def hectares_to_acres(hectares: float) -> float:
    """Convert hectares to acres.

    Args:
        hectares: The area in hectares.

    Returns:
        Acres, rounded to 4 decimals.

    Example:
        >>> hectares_to_acres(10)
        24.7105
    """
    return round(hectares / 0.40468564224, 4)


def square_feet_to_square_meters(square_feet: float) -> float:
    """Convert square feet to square metres, e.g. for floor areas.

    Args:
        square_feet: The area.

    Returns:
        Square metres, rounded to 2 decimals.

    Example:
        >>> square_feet_to_square_meters(1200)
        111.48
    """
    return round(square_feet * 0.09290304, 2)


def square_meters_to_square_feet(square_meters: float) -> float:
    """Convert square metres to square feet.

    Args:
        square_meters: The area.

    Returns:
        Square feet, rounded to 2 decimals.

    Example:
        >>> square_meters_to_square_feet(85)
        914.93
    """
    return round(square_meters / 0.09290304, 2)


def millimeters_to_fractional_inches(millimeters: float, denominator: int = 16) -> str:
    """Express millimetres as inches with a fraction, as on an imperial tape measure.

    Args:
        millimeters: The length.
        denominator: Finest fraction, e.g. 16 for sixteenths.

    Returns:
        e.g. "1 3/16\\"" for 30 mm.

    Example:
        >>> millimeters_to_fractional_inches(30)
        '1 3/16"'
    """
    steps = round(millimeters / 25.4 * denominator)
    whole, rest = divmod(steps, denominator)
    fraction = Fraction(rest, denominator)
    if rest == 0:
        return f'{whole}"'
    return f'{whole} {fraction}"' if whole else f'{fraction}"'


def light_years_to_kilometers(light_years: float) -> float:
    """Convert light years to kilometres.

    Args:
        light_years: The distance.

    Returns:
        Kilometres, to 6 significant digits.

    Example:
        >>> light_years_to_kilometers(4.24)
        40113500000000.0
    """
    return float(f"{light_years * 9_460_730_472_580.8:.6g}")


def astronomical_units_to_kilometers(au: float) -> float:
    """Convert astronomical units (mean Earth-Sun distance) to kilometres.

    Args:
        au: The distance in AU.

    Returns:
        Kilometres, rounded to the kilometre.

    Example:
        >>> astronomical_units_to_kilometers(5.2)
        777908928.0
    """
    return float(round(au * 149_597_870.7))


def furlongs_to_meters(furlongs: float) -> float:
    """Convert furlongs (used in horse racing) to metres.

    Args:
        furlongs: The distance.

    Returns:
        Metres, rounded to 3 decimals.

    Example:
        >>> furlongs_to_meters(8)
        1609.344
    """
    return round(furlongs * 201.168, 3)
