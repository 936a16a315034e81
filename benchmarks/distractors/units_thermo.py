"""Temperature and pressure units, plus everyday thermodynamics of air and water.

Temperature scales: Celsius, Fahrenheit, Kelvin, Rankine, Réaumur. Pressures in Pa, kPa, hPa,
bar, atm, psi, mmHg and inHg.
"""

from __future__ import annotations

import math

_PRESSURE_PA = {
    "pa": 1.0,
    "kpa": 1000.0,
    "hpa": 100.0,
    "mbar": 100.0,
    "bar": 1e5,
    "atm": 101325.0,
    "psi": 6894.757293168,
    "mmhg": 133.322387415,
    "torr": 101325 / 760,
    "inhg": 3386.389,
}


def convert_temperature(value: float, from_scale: str, to_scale: str) -> float:
    """Convert a temperature between Celsius (C), Fahrenheit (F), Kelvin (K), Rankine (R) and
    Réaumur (Re).

    Args:
        value: The temperature.
        from_scale: "C", "F", "K", "R" or "Re".
        to_scale: The target scale, same choices.

    Returns:
        The converted temperature, rounded to 4 decimals.

    Raises:
        ValueError: A scale is unknown.

    Example:
        >>> convert_temperature(451, "F", "C")
        232.7778
    """
    to_kelvin = {
        "c": lambda v: v + 273.15,
        "f": lambda v: (v + 459.67) * 5 / 9,
        "k": lambda v: v,
        "r": lambda v: v * 5 / 9,
        "re": lambda v: v * 5 / 4 + 273.15,
    }
    from_kelvin = {
        "c": lambda k: k - 273.15,
        "f": lambda k: k * 9 / 5 - 459.67,
        "k": lambda k: k,
        "r": lambda k: k * 9 / 5,
        "re": lambda k: (k - 273.15) * 4 / 5,
    }
    source, target = from_scale.strip().lower(), to_scale.strip().lower()
    if source not in to_kelvin or target not in from_kelvin:
        raise ValueError("Temperature scales are C, F, K, R and Re.")
    return round(from_kelvin[target](to_kelvin[source](value)), 4) + 0.0


def celsius_to_kelvin(celsius: float) -> float:
    """Convert degrees Celsius to kelvin.

    Args:
        celsius: The temperature in degrees Celsius.

    Returns:
        Kelvin.

    Example:
        >>> celsius_to_kelvin(-40)
        233.15
    """
    return round(celsius + 273.15, 4)


def kelvin_to_celsius(kelvin: float) -> float:
    """Convert kelvin to degrees Celsius.

    Args:
        kelvin: The temperature in kelvin (0 or more).

    Returns:
        Degrees Celsius.

    Raises:
        ValueError: Below absolute zero.

    Example:
        >>> kelvin_to_celsius(300)
        26.85
    """
    if kelvin < 0:
        raise ValueError("Nothing is colder than 0 K.")
    return round(kelvin - 273.15, 4)


def fahrenheit_to_kelvin(fahrenheit: float) -> float:
    """Convert degrees Fahrenheit to kelvin.

    Args:
        fahrenheit: The temperature in °F.

    Returns:
        Kelvin, rounded to 4 decimals.

    Example:
        >>> fahrenheit_to_kelvin(32)
        273.15
    """
    return round((fahrenheit + 459.67) * 5 / 9, 4)


def temperature_difference_c_to_f(delta_celsius: float) -> float:
    """Convert a temperature difference (not a reading) from Celsius to Fahrenheit degrees.

    Args:
        delta_celsius: A change in °C.

    Returns:
        The same change in °F.

    Example:
        >>> temperature_difference_c_to_f(10)
        18.0
    """
    return delta_celsius * 9 / 5


def convert_pressure(value: float, from_unit: str, to_unit: str) -> float:
    """Convert a pressure between units.

    Args:
        value: The pressure.
        from_unit: One of Pa, kPa, hPa, mbar, bar, atm, psi, mmHg, torr, inHg.
        to_unit: The target unit, same choices.

    Returns:
        The converted pressure, to 8 significant digits.

    Raises:
        ValueError: A unit is unknown.

    Example:
        >>> convert_pressure(32, "psi", "bar")
        2.2063223
    """
    for unit in (from_unit, to_unit):
        if unit.lower() not in _PRESSURE_PA:
            choices = "Pa, kPa, hPa, mbar, bar, atm, psi, mmHg, torr, inHg"
            raise ValueError(f"Unknown pressure unit {unit!r}; use one of {choices}.")
    result = value * _PRESSURE_PA[from_unit.lower()] / _PRESSURE_PA[to_unit.lower()]
    return float(f"{result:.8g}")


def psi_to_bar(psi: float) -> float:
    """Convert pounds per square inch to bar (e.g. tyre pressure).

    Args:
        psi: The pressure in psi.

    Returns:
        Bar, rounded to 3 decimals.

    Example:
        >>> psi_to_bar(35)
        2.413
    """
    return round(psi * 0.06894757293168, 3)


def bar_to_psi(bar: float) -> float:
    """Convert bar to pounds per square inch.

    Args:
        bar: The pressure in bar.

    Returns:
        psi, rounded to 2 decimals.

    Example:
        >>> bar_to_psi(2.2)
        31.91
    """
    return round(bar / 0.06894757293168, 2)


def mmhg_to_kilopascals(mmhg: float) -> float:
    """Convert millimetres of mercury (as in blood pressure) to kilopascals.

    Args:
        mmhg: The pressure in mmHg.

    Returns:
        kPa, rounded to 2 decimals.

    Example:
        >>> mmhg_to_kilopascals(120)
        16.0
    """
    return round(mmhg * 0.133322387415, 2)


def hectopascals_to_inches_of_mercury(hectopascals: float) -> float:
    """Convert a barometer reading from hPa (millibar) to inches of mercury.

    Args:
        hectopascals: The pressure in hPa.

    Returns:
        inHg, rounded to 2 decimals.

    Example:
        >>> hectopascals_to_inches_of_mercury(1013.25)
        29.92
    """
    return round(hectopascals * 100 / 3386.389, 2)


def gauge_to_absolute_pressure(gauge_kpa: float, atmospheric_kpa: float = 101.325) -> float:
    """Absolute pressure from a gauge reading (gauges read 0 at atmospheric pressure).

    Args:
        gauge_kpa: Gauge pressure in kPa.
        atmospheric_kpa: Local atmospheric pressure in kPa.

    Returns:
        Absolute pressure in kPa.

    Example:
        >>> gauge_to_absolute_pressure(200)
        301.325
    """
    return round(gauge_kpa + atmospheric_kpa, 4)


def water_pressure_at_depth(depth_m: float, fresh_water: bool = False) -> float:
    """Absolute pressure under water at a depth, in bar (as divers reckon it).

    Args:
        depth_m: Depth in metres.
        fresh_water: Fresh (1000 kg/m3) instead of sea water (1025 kg/m3).

    Returns:
        Pressure in bar, rounded to 3 decimals.

    Example:
        >>> water_pressure_at_depth(10)
        2.018
    """
    density = 1000 if fresh_water else 1025
    return round((101325 + density * 9.80665 * depth_m) / 1e5, 3)


def standard_atmosphere_pressure(altitude_m: float) -> float:
    """Air pressure at an altitude in the International Standard Atmosphere (up to 11 km).

    Args:
        altitude_m: Height above sea level in metres.

    Returns:
        Pressure in hPa, rounded to 1 decimal.

    Example:
        >>> standard_atmosphere_pressure(1500)
        845.6
    """
    return round(1013.25 * (1 - 2.25577e-5 * altitude_m) ** 5.25588, 1)


def water_boiling_point_at_altitude(altitude_m: float) -> float:
    """Approximate boiling point of water at an altitude (Clausius-Clapeyron, standard air).

    Args:
        altitude_m: Height above sea level in metres.

    Returns:
        The boiling point in °C, rounded to 1 decimal.

    Example:
        >>> water_boiling_point_at_altitude(3000)
        89.8
    """
    pressure = standard_atmosphere_pressure(altitude_m) / 1013.25
    inverse = 1 / 373.15 - 8.314 * math.log(pressure) / 40660
    return round(1 / inverse - 273.15, 1)


def ideal_gas_density(
    pressure_kpa: float, temperature_c: float, molar_mass_g: float = 28.97
) -> float:
    """Density of a gas from pressure and temperature (ideal gas; default molar mass is air).

    Args:
        pressure_kpa: Absolute pressure in kPa.
        temperature_c: Temperature in °C.
        molar_mass_g: Molar mass in g/mol.

    Returns:
        Density in kg/m3, rounded to 4 decimals.

    Example:
        >>> ideal_gas_density(101.325, 15)
        1.2252
    """
    kelvin = temperature_c + 273.15
    return round(pressure_kpa * molar_mass_g / (8.314462618 * kelvin), 4)


def heat_energy_to_warm_water(liters: float, start_c: float, end_c: float) -> float:
    """Energy needed to heat water, e.g. for a kettle or a boiler.

    Args:
        liters: Amount of water.
        start_c: Starting temperature in °C.
        end_c: Target temperature in °C.

    Returns:
        The energy in kilojoules (specific heat 4.186 kJ/kg·K), rounded to 1 decimal.

    Example:
        >>> heat_energy_to_warm_water(1.5, 20, 100)
        502.3
    """
    return round(liters * 4.186 * (end_c - start_c), 1)
