"""Mass and volume unit conversions: metric, imperial, US customary, troy and kitchen measures."""

from __future__ import annotations

_MASS_KG = {
    "mg": 1e-6,
    "g": 1e-3,
    "kg": 1.0,
    "t": 1000.0,
    "oz": 0.028349523125,
    "lb": 0.45359237,
    "st": 6.35029318,
    "ton_us": 907.18474,
    "ton_uk": 1016.0469088,
    "ct": 0.0002,
    "ozt": 0.0311034768,
    "gr": 0.00006479891,
}
_VOLUME_L = {
    "ml": 0.001,
    "cl": 0.01,
    "dl": 0.1,
    "l": 1.0,
    "m3": 1000.0,
    "cm3": 0.001,
    "tsp": 0.00492892159375,
    "tbsp": 0.01478676478125,
    "floz_us": 0.0295735295625,
    "cup_us": 0.2365882365,
    "pt_us": 0.473176473,
    "qt_us": 0.946352946,
    "gal_us": 3.785411784,
    "floz_uk": 0.0284130625,
    "pt_uk": 0.56826125,
    "gal_uk": 4.54609,
    "ft3": 28.316846592,
    "in3": 0.016387064,
    "bbl_oil": 158.987294928,
}


def _convert(value: float, source: str, target: str, table: dict, kind: str) -> float:
    for unit in (source, target):
        if unit.lower() not in table:
            raise ValueError(f"Unknown {kind} unit {unit!r}; use one of {', '.join(table)}.")
    return float(f"{value * table[source.lower()] / table[target.lower()]:.10g}")


def convert_mass(value: float, from_unit: str, to_unit: str) -> float:
    """Convert a mass between units.

    Args:
        value: The mass.
        from_unit: One of mg, g, kg, t, oz, lb, st, ton_us, ton_uk, ct (carat), ozt (troy ounce),
            gr (grain).
        to_unit: The target unit, same choices.

    Returns:
        The converted mass, to 10 significant digits.

    Raises:
        ValueError: A unit is unknown.

    Example:
        >>> convert_mass(1, "st", "lb")
        14.0
    """
    return _convert(value, from_unit, to_unit, _MASS_KG, "mass")


def convert_volume(value: float, from_unit: str, to_unit: str) -> float:
    """Convert a volume between units.

    Args:
        value: The volume.
        from_unit: One of ml, cl, dl, l, m3, cm3, tsp, tbsp, floz_us, cup_us, pt_us, qt_us, gal_us,
            floz_uk, pt_uk, gal_uk, ft3, in3, bbl_oil.
        to_unit: The target unit, same choices.

    Returns:
        The converted volume, to 10 significant digits.

    Raises:
        ValueError: A unit is unknown.

    Example:
        >>> convert_volume(1, "gal_us", "l")
        3.785411784
    """
    return _convert(value, from_unit, to_unit, _VOLUME_L, "volume")


def pounds_to_kilograms(pounds: float) -> float:
    """Convert pounds to kilograms.

    Args:
        pounds: The mass in pounds.

    Returns:
        Kilograms, rounded to 3 decimals.

    Example:
        >>> pounds_to_kilograms(150)
        68.039
    """
    return round(pounds * 0.45359237, 3)


def kilograms_to_pounds(kilograms: float) -> float:
    """Convert kilograms to pounds.

    Args:
        kilograms: The mass in kilograms.

    Returns:
        Pounds, rounded to 3 decimals.

    Example:
        >>> kilograms_to_pounds(70)
        154.324
    """
    return round(kilograms / 0.45359237, 3)


def ounces_to_grams(ounces: float) -> float:
    """Convert avoirdupois ounces to grams.

    Args:
        ounces: The mass in ounces.

    Returns:
        Grams, rounded to 2 decimals.

    Example:
        >>> ounces_to_grams(8)
        226.8
    """
    return round(ounces * 28.349523125, 2)


def stones_pounds_to_kilograms(stones: int, pounds: float = 0) -> float:
    """Convert a body weight in stones and pounds (British usage) to kilograms.

    Args:
        stones: Whole stones (14 lb each).
        pounds: Remaining pounds.

    Returns:
        Kilograms, rounded to 1 decimal.

    Example:
        >>> stones_pounds_to_kilograms(11, 4)
        71.7
    """
    return round((stones * 14 + pounds) * 0.45359237, 1)


def troy_ounces_to_grams(troy_ounces: float) -> float:
    """Convert troy ounces (used for precious metals) to grams.

    Args:
        troy_ounces: The mass.

    Returns:
        Grams, rounded to 3 decimals.

    Example:
        >>> troy_ounces_to_grams(1)
        31.103
    """
    return round(troy_ounces * 31.1034768, 3)


def carats_to_grams(carats: float) -> float:
    """Convert gemstone carats to grams (1 carat = 200 mg).

    Args:
        carats: The mass in carats.

    Returns:
        Grams.

    Example:
        >>> carats_to_grams(2.5)
        0.5
    """
    return round(carats * 0.2, 6)


def us_cups_to_milliliters(cups: float) -> float:
    """Convert US customary cups to millilitres.

    Args:
        cups: The volume in cups.

    Returns:
        Millilitres, rounded to 1 decimal.

    Example:
        >>> us_cups_to_milliliters(1.5)
        354.9
    """
    return round(cups * 236.5882365, 1)


def tablespoons_to_milliliters(tablespoons: float) -> float:
    """Convert US tablespoons to millilitres.

    Args:
        tablespoons: The volume.

    Returns:
        Millilitres, rounded to 2 decimals.

    Example:
        >>> tablespoons_to_milliliters(2)
        29.57
    """
    return round(tablespoons * 14.78676478125, 2)


def teaspoons_to_milliliters(teaspoons: float) -> float:
    """Convert US teaspoons to millilitres.

    Args:
        teaspoons: The volume.

    Returns:
        Millilitres, rounded to 2 decimals.

    Example:
        >>> teaspoons_to_milliliters(3)
        14.79
    """
    return round(teaspoons * 4.92892159375, 2)


def us_gallons_to_liters(gallons: float) -> float:
    """Convert US gallons to litres.

    Args:
        gallons: The volume.

    Returns:
        Litres, rounded to 3 decimals.

    Example:
        >>> us_gallons_to_liters(10)
        37.854
    """
    return round(gallons * 3.785411784, 3)


def imperial_gallons_to_liters(gallons: float) -> float:
    """Convert imperial (UK) gallons to litres.

    Args:
        gallons: The volume.

    Returns:
        Litres, rounded to 3 decimals.

    Example:
        >>> imperial_gallons_to_liters(10)
        45.461
    """
    return round(gallons * 4.54609, 3)


def liters_to_us_fluid_ounces(liters: float) -> float:
    """Convert litres to US fluid ounces.

    Args:
        liters: The volume.

    Returns:
        Fluid ounces, rounded to 2 decimals.

    Example:
        >>> liters_to_us_fluid_ounces(0.5)
        16.91
    """
    return round(liters / 0.0295735295625, 2)


def cubic_feet_to_liters(cubic_feet: float) -> float:
    """Convert cubic feet to litres.

    Args:
        cubic_feet: The volume.

    Returns:
        Litres, rounded to 2 decimals.

    Example:
        >>> cubic_feet_to_liters(10)
        283.17
    """
    return round(cubic_feet * 28.316846592, 2)


def oil_barrels_to_liters(barrels: float) -> float:
    """Convert petroleum barrels (42 US gallons) to litres.

    Args:
        barrels: The volume in barrels.

    Returns:
        Litres, rounded to 2 decimals.

    Example:
        >>> oil_barrels_to_liters(1)
        158.99
    """
    return round(barrels * 158.987294928, 2)


def mass_from_volume_and_density(volume_liters: float, density_kg_per_m3: float) -> float:
    """Mass of a volume of material of known density.

    Args:
        volume_liters: The volume in litres.
        density_kg_per_m3: Density in kg/m3 (water is about 1000).

    Returns:
        The mass in kilograms, rounded to 4 decimals.

    Example:
        >>> mass_from_volume_and_density(2, 789)
        1.578
    """
    return round(volume_liters / 1000 * density_kg_per_m3, 4)


def volume_from_mass_and_density(mass_kg: float, density_kg_per_m3: float) -> float:
    """Volume taken up by a mass of material of known density.

    Args:
        mass_kg: The mass in kilograms.
        density_kg_per_m3: Density in kg/m3.

    Returns:
        The volume in litres, rounded to 4 decimals.

    Example:
        >>> volume_from_mass_and_density(10, 2500)
        4.0
    """
    return round(mass_kg / density_kg_per_m3 * 1000, 4)
