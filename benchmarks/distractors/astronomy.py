"""Astronomy: Julian dates, the Moon's phase, planets, distances, magnitudes and orbits."""

from __future__ import annotations

import math
from datetime import UTC, datetime

# name: semi-major axis (AU), orbital period (days), mean radius (km), mass (kg)
_PLANET_TABLE = """
mercury 0.387 87.97 2439.7 3.301e23|venus 0.723 224.70 6051.8 4.867e24
earth 1.000 365.256 6371.0 5.972e24|mars 1.524 686.98 3389.5 6.417e23
jupiter 5.203 4332.59 69911.0 1.898e27|saturn 9.537 10759.22 58232.0 5.683e26
uranus 19.191 30688.5 25362.0 8.681e25|neptune 30.069 60182.0 24622.0 1.024e26
"""
_PLANETS = {
    name: (float(axis), float(period), float(radius), float(mass))
    for name, axis, period, radius, mass in (
        row.split() for row in _PLANET_TABLE.replace("\n", "|").split("|") if row.strip()
    )
}
_SYNODIC_MONTH = 29.530588853
_KNOWN_NEW_MOON_JD = 2451550.1  # 2000-01-06 18:14 UTC
_PHASE_TEXT = (
    "new moon|waxing crescent|first quarter|waxing gibbous|full moon|waning gibbous|"
    "last quarter|waning crescent"
)
_PHASES = _PHASE_TEXT.split("|")
LIGHT_YEARS_PER_PARSEC = 3.261563777
AU_KM = 149_597_870.7


def _planet(name: str) -> tuple[float, float, float, float]:
    try:
        return _PLANETS[name.strip().lower()]
    except KeyError:
        raise LookupError(f"Unknown planet {name!r}; use one of {', '.join(_PLANETS)}.") from None


def julian_date(moment: str) -> float:
    """Julian date of a UTC date-time, the continuous day count astronomers use.

    Args:
        moment: ISO date or date-time in UTC, e.g. "2000-01-01T12:00".

    Returns:
        The Julian date, rounded to 5 decimals.

    Example:
        >>> julian_date("2000-01-01T12:00")
        2451545.0
    """
    parsed = datetime.fromisoformat(moment).replace(tzinfo=UTC)
    return round(parsed.timestamp() / 86400 + 2440587.5, 5)


def moon_age_days(moment: str) -> float:
    """Days since the last new moon (0 to about 29.5), from the mean lunar cycle.

    Args:
        moment: ISO date or date-time in UTC.

    Returns:
        The Moon's age in days, rounded to 1 decimal.

    Example:
        >>> moon_age_days("2024-04-16T00:00")
        7.2
    """
    return round((julian_date(moment) - _KNOWN_NEW_MOON_JD) % _SYNODIC_MONTH, 1)


def moon_phase_name(moment: str) -> str:
    """Name of the Moon's phase on a date (mean cycle; within about a day of the true phase).

    Args:
        moment: ISO date or date-time in UTC.

    Returns:
        One of new moon, waxing crescent, first quarter, waxing gibbous, full moon, waning
        gibbous, last quarter, waning crescent.

    Example:
        >>> moon_phase_name("2024-04-23")
        'full moon'
    """
    fraction = (julian_date(moment) - _KNOWN_NEW_MOON_JD) % _SYNODIC_MONTH / _SYNODIC_MONTH
    return _PHASES[int(fraction * 8 + 0.5) % 8]


def moon_illumination_percent(moment: str) -> float:
    """Share of the Moon's disc that is lit, from the mean lunar cycle.

    Args:
        moment: ISO date or date-time in UTC.

    Returns:
        Percent illuminated, rounded to the whole percent.

    Example:
        >>> moon_illumination_percent("2024-04-23T23:49")
        100.0
    """
    age = (julian_date(moment) - _KNOWN_NEW_MOON_JD) % _SYNODIC_MONTH
    angle = 2 * math.pi * age / _SYNODIC_MONTH
    return float(round((1 - math.cos(angle)) / 2 * 100))


def light_travel_time(distance_km: float) -> float:
    """Time light needs to cover a distance.

    Args:
        distance_km: Distance in kilometres.

    Returns:
        Seconds, rounded to 2 decimals.

    Example:
        >>> light_travel_time(149597870.7)
        499.0
    """
    return round(distance_km * 1000 / 299_792_458, 2)


def parsecs_to_light_years(parsecs: float) -> float:
    """Convert parsecs to light years.

    Args:
        parsecs: Distance in parsecs.

    Returns:
        Light years, rounded to 3 decimals.

    Example:
        >>> parsecs_to_light_years(1.3)
        4.24
    """
    return round(parsecs * LIGHT_YEARS_PER_PARSEC, 3)


def light_years_to_parsecs(light_years: float) -> float:
    """Convert light years to parsecs.

    Args:
        light_years: Distance in light years.

    Returns:
        Parsecs, rounded to 4 decimals.

    Example:
        >>> light_years_to_parsecs(100)
        30.6601
    """
    return round(light_years / LIGHT_YEARS_PER_PARSEC, 4)


def absolute_magnitude(apparent_magnitude: float, distance_parsecs: float) -> float:
    """Absolute magnitude of a star: how bright it would look from 10 parsecs.

    Args:
        apparent_magnitude: Magnitude as seen from Earth.
        distance_parsecs: Distance in parsecs.

    Returns:
        The absolute magnitude, rounded to 2 decimals.

    Example:
        >>> absolute_magnitude(-1.46, 2.64)
        1.43
    """
    return round(apparent_magnitude - 5 * math.log10(distance_parsecs / 10), 2)


def distance_from_distance_modulus(apparent_magnitude: float, absolute_mag: float) -> float:
    """Distance of an object from its apparent and absolute magnitudes.

    Args:
        apparent_magnitude: Magnitude as seen from Earth.
        absolute_mag: Absolute magnitude.

    Returns:
        Distance in parsecs, to 4 significant digits.

    Example:
        >>> distance_from_distance_modulus(10, 0)
        1000.0
    """
    return float(f"{10 ** ((apparent_magnitude - absolute_mag + 5) / 5):.4g}")


def orbital_period_years(semi_major_axis_au: float, central_mass_suns: float = 1.0) -> float:
    """Orbital period from the orbit's size (Kepler's third law).

    Args:
        semi_major_axis_au: Semi-major axis in AU.
        central_mass_suns: Mass of the central body in solar masses.

    Returns:
        The period in years, rounded to 3 decimals.

    Example:
        >>> orbital_period_years(5.2)
        11.858
    """
    return round(math.sqrt(semi_major_axis_au**3 / central_mass_suns), 3)


def circular_orbit_speed(central_mass_kg: float, orbit_radius_km: float) -> float:
    """Speed of a circular orbit at a distance from a body's centre.

    Args:
        central_mass_kg: Mass of the central body.
        orbit_radius_km: Orbit radius from the centre.

    Returns:
        Speed in km/s, rounded to 3 decimals.

    Example:
        >>> circular_orbit_speed(5.972e24, 6771)
        7.672
    """
    return round(math.sqrt(6.6743e-11 * central_mass_kg / (orbit_radius_km * 1000)) / 1000, 3)


def planet_distance_from_sun(planet: str) -> float:
    """Mean distance of a planet from the Sun.

    Args:
        planet: e.g. "Mars".

    Returns:
        Semi-major axis in AU.

    Example:
        >>> planet_distance_from_sun("Mars")
        1.524
    """
    return _planet(planet)[0]


def planet_year_length(planet: str) -> float:
    """Length of a planet's year in Earth days.

    Args:
        planet: e.g. "Venus".

    Returns:
        Orbital period in days.

    Example:
        >>> planet_year_length("Venus")
        224.7
    """
    return _planet(planet)[1]


def planet_surface_gravity(planet: str) -> float:
    """Surface gravity of a planet (at its mean radius; cloud tops for the giants).

    Args:
        planet: e.g. "Mars".

    Returns:
        Gravity in m/s2, rounded to 2 decimals.

    Example:
        >>> planet_surface_gravity("Mars")
        3.73
    """
    _, _, radius_km, mass = _planet(planet)
    return round(6.6743e-11 * mass / (radius_km * 1000) ** 2, 2)


def weight_on_planet(earth_weight_kg: float, planet: str) -> float:
    """What a scale would read on another planet for something weighing this much on Earth.

    Args:
        earth_weight_kg: Scale reading on Earth.
        planet: The planet.

    Returns:
        The equivalent reading, rounded to 1 decimal.

    Example:
        >>> weight_on_planet(70, "Mars")
        26.6
    """
    return round(earth_weight_kg * planet_surface_gravity(planet) / 9.80665, 1)


def angular_diameter_degrees(diameter_km: float, distance_km: float) -> float:
    """Apparent size of an object in the sky.

    Args:
        diameter_km: True diameter.
        distance_km: Distance to it.

    Returns:
        Angular diameter in degrees, rounded to 4 decimals.

    Example:
        >>> angular_diameter_degrees(3474.8, 384400)
        0.5179
    """
    return round(math.degrees(2 * math.atan(diameter_km / (2 * distance_km))), 4)


def schwarzschild_radius_km(mass_suns: float) -> float:
    """Event-horizon radius of a non-rotating black hole of a given mass.

    Args:
        mass_suns: Mass in solar masses.

    Returns:
        Radius in km, rounded to 3 decimals.

    Example:
        >>> schwarzschild_radius_km(1)
        2.953
    """
    return round(2 * 6.6743e-11 * mass_suns * 1.98847e30 / 299_792_458**2 / 1000, 3)


def hubble_distance_mpc(recession_velocity_kms: float, hubble_constant: float = 70.0) -> float:
    """Distance of a galaxy from its recession velocity (Hubble's law).

    Args:
        recession_velocity_kms: Velocity in km/s.
        hubble_constant: H0 in km/s/Mpc.

    Returns:
        Distance in megaparsecs, rounded to 2 decimals.

    Example:
        >>> hubble_distance_mpc(7000)
        100.0
    """
    return round(recession_velocity_kms / hubble_constant, 2)
