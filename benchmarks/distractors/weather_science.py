"""Weather science: feels-like temperatures, humidity and dew point, wind scales, rain volumes.

Temperatures in °C, wind in km/h, relative humidity in percent.
"""

from __future__ import annotations

import math

_BEAUFORT_KMH = [1, 6, 12, 20, 29, 39, 50, 62, 75, 89, 103, 118]
_BEAUFORT_TEXT = (
    "calm|light air|light breeze|gentle breeze|moderate breeze|fresh breeze|strong breeze|"
    "near gale|gale|strong gale|storm|violent storm|hurricane force"
)
_BEAUFORT_NAMES = _BEAUFORT_TEXT.split("|")
_COMPASS_TEXT = "N NNE NE ENE E ESE SE SSE S SSW SW WSW W WNW NW NNW"
_COMPASS = _COMPASS_TEXT.split()


def heat_index(temperature_c: float, relative_humidity: float) -> float:
    """How hot it feels when humidity adds to the heat (NOAA Rothfusz regression).

    Args:
        temperature_c: Air temperature in °C (meaningful above about 27 °C).
        relative_humidity: Relative humidity in percent.

    Returns:
        The heat index in °C, rounded to 1 decimal.

    Example:
        >>> heat_index(32, 70)
        40.4
    """
    t, rh = temperature_c * 9 / 5 + 32, relative_humidity
    terms: tuple[float, ...] = (
        -42.379,
        2.04901523 * t,
        10.14333127 * rh,
        -0.22475541 * t * rh,
        -6.83783e-3 * t * t,
    )
    terms += (-5.481717e-2 * rh * rh, 1.22874e-3 * t * t * rh, 8.5282e-4 * t * rh * rh)
    hi = sum(terms) - 1.99e-6 * t * t * rh * rh
    if t < 80:
        hi = 0.5 * (t + 61 + (t - 68) * 1.2 + rh * 0.094)
    return round((hi - 32) * 5 / 9, 1)


def wind_chill(temperature_c: float, wind_kmh: float) -> float:
    """How cold it feels in the wind (North American / UK wind chill index).

    Args:
        temperature_c: Air temperature in °C (at or below 10 °C).
        wind_kmh: Wind speed at 10 m in km/h (above 4.8).

    Returns:
        The wind chill in °C, rounded to 1 decimal.

    Example:
        >>> wind_chill(-10, 30)
        -19.5
    """
    v = wind_kmh**0.16
    return round(13.12 + 0.6215 * temperature_c - 11.37 * v + 0.3965 * temperature_c * v, 1)


def dew_point(temperature_c: float, relative_humidity: float) -> float:
    """Dew point: the temperature at which the air would become saturated (Magnus formula).

    Args:
        temperature_c: Air temperature in °C.
        relative_humidity: Relative humidity in percent (above 0).

    Returns:
        The dew point in °C, rounded to 1 decimal.

    Example:
        >>> dew_point(25, 60)
        16.7
    """
    a, b = 17.62, 243.12
    gamma = math.log(relative_humidity / 100) + a * temperature_c / (b + temperature_c)
    return round(b * gamma / (a - gamma), 1)


def relative_humidity_from_dew_point(temperature_c: float, dew_point_c: float) -> float:
    """Relative humidity from the temperature and the dew point.

    Args:
        temperature_c: Air temperature in °C.
        dew_point_c: Dew point in °C.

    Returns:
        Relative humidity in percent, rounded to 1 decimal.

    Example:
        >>> relative_humidity_from_dew_point(25, 16.7)
        60.0
    """
    a, b = 17.62, 243.12
    exponent = a * dew_point_c / (b + dew_point_c) - a * temperature_c / (b + temperature_c)
    return round(100 * math.exp(exponent), 1)


def saturation_vapor_pressure(temperature_c: float) -> float:
    """Pressure of water vapour in saturated air at a temperature (Magnus formula).

    Args:
        temperature_c: Temperature in °C.

    Returns:
        Vapour pressure in hPa, rounded to 2 decimals.

    Example:
        >>> saturation_vapor_pressure(20)
        23.33
    """
    return round(6.112 * math.exp(17.62 * temperature_c / (243.12 + temperature_c)), 2)


def absolute_humidity(temperature_c: float, relative_humidity: float) -> float:
    """Mass of water vapour per cubic metre of air.

    Args:
        temperature_c: Air temperature in °C.
        relative_humidity: Relative humidity in percent.

    Returns:
        Grams per cubic metre, rounded to 2 decimals.

    Example:
        >>> absolute_humidity(20, 50)
        8.62
    """
    vapor_hpa = saturation_vapor_pressure(temperature_c) * relative_humidity / 100
    return round(vapor_hpa * 100 / (461.5 * (temperature_c + 273.15)) * 1000, 2)


def humidex(temperature_c: float, dew_point_c: float) -> float:
    """Canadian humidex: felt temperature combining heat and humidity.

    Args:
        temperature_c: Air temperature in °C.
        dew_point_c: Dew point in °C.

    Returns:
        The humidex, rounded to 1 decimal.

    Example:
        >>> humidex(30, 20)
        37.6
    """
    e = 6.11 * math.exp(5417.7530 * (1 / 273.16 - 1 / (dew_point_c + 273.15)))
    return round(temperature_c + 0.5555 * (e - 10), 1)


def beaufort_number(wind_kmh: float) -> int:
    """Beaufort force of a wind speed.

    Args:
        wind_kmh: Wind speed in km/h.

    Returns:
        0 (calm) to 12 (hurricane force).

    Example:
        >>> beaufort_number(45)
        6
    """
    return next((force for force, limit in enumerate(_BEAUFORT_KMH) if wind_kmh < limit), 12)


def beaufort_description(force: int) -> str:
    """Name of a Beaufort force, e.g. 8 -> "gale".

    Args:
        force: 0 to 12.

    Returns:
        The description.

    Example:
        >>> beaufort_description(8)
        'gale'
    """
    if not 0 <= force <= 12:
        raise ValueError("Beaufort forces run from 0 to 12.")
    return _BEAUFORT_NAMES[force]


def compass_direction(degrees: float) -> str:
    """16-point compass name of a direction in degrees (e.g. a wind direction).

    Args:
        degrees: Direction, 0 = north, 90 = east.

    Returns:
        e.g. "SW".

    Example:
        >>> compass_direction(225)
        'SW'
    """
    return _COMPASS[round(degrees % 360 / 22.5) % 16]


def wind_vector_components(speed: float, direction_from_degrees: float) -> tuple[float, float]:
    """East (u) and north (v) components of a wind blowing from a direction.

    Args:
        speed: Wind speed (any unit).
        direction_from_degrees: Where the wind comes from, 0 = north.

    Returns:
        (u, v) in the same unit, rounded to 3 decimals.

    Example:
        >>> wind_vector_components(10, 270)
        (10.0, 0.0)
    """
    angle = math.radians(direction_from_degrees)
    return round(-speed * math.sin(angle), 3) + 0.0, round(-speed * math.cos(angle), 3) + 0.0


def cloud_base_height(temperature_c: float, dew_point_c: float) -> float:
    """Estimated height of cumulus cloud bases from the temperature-dew point spread.

    Args:
        temperature_c: Surface temperature in °C.
        dew_point_c: Surface dew point in °C.

    Returns:
        Height in metres (about 125 m per degree of spread).

    Example:
        >>> cloud_base_height(22, 14)
        1000.0
    """
    return round((temperature_c - dew_point_c) * 125.0, 1)


def wet_bulb_temperature(temperature_c: float, relative_humidity: float) -> float:
    """Wet-bulb temperature from temperature and humidity (Stull 2011 formula).

    Args:
        temperature_c: Air temperature in °C.
        relative_humidity: Relative humidity in percent.

    Returns:
        Wet-bulb temperature in °C, rounded to 1 decimal.

    Example:
        >>> wet_bulb_temperature(20, 50)
        13.7
    """
    t, rh = temperature_c, relative_humidity
    tw = t * math.atan(0.151977 * (rh + 8.313659) ** 0.5) + math.atan(t + rh)
    tw += -math.atan(rh - 1.676331) + 0.00391838 * rh**1.5 * math.atan(0.023101 * rh) - 4.686035
    return round(tw, 1)


def uv_index_category(uv_index: float) -> str:
    """WHO exposure category of a UV index.

    Args:
        uv_index: The UV index.

    Returns:
        "low", "moderate", "high", "very high" or "extreme".

    Example:
        >>> uv_index_category(7)
        'high'
    """
    for limit, name in ((3, "low"), (6, "moderate"), (8, "high"), (11, "very high")):
        if uv_index < limit:
            return name
    return "extreme"


def roof_rainwater_liters(
    roof_area_m2: float, rainfall_mm: float, runoff_coefficient: float = 0.85
) -> float:
    """Rainwater collected from a roof for an amount of rain.

    Args:
        roof_area_m2: Roof footprint area.
        rainfall_mm: Rain depth in millimetres.
        runoff_coefficient: Share that reaches the gutter (0.8-0.9 for tiles).

    Returns:
        Litres, rounded to 1 decimal.

    Example:
        >>> roof_rainwater_liters(80, 10)
        680.0
    """
    return round(roof_area_m2 * rainfall_mm * runoff_coefficient, 1)


def snow_water_equivalent_mm(snow_depth_cm: float, snow_density_kg_m3: float = 100) -> float:
    """Water contained in a snow layer, as rain depth.

    Args:
        snow_depth_cm: Snow depth in centimetres.
        snow_density_kg_m3: Snow density (about 100 for fresh snow, 300+ for old snow).

    Returns:
        Water equivalent in millimetres.

    Example:
        >>> snow_water_equivalent_mm(30)
        30.0
    """
    return round(snow_depth_cm * 10 * snow_density_kg_m3 / 1000, 2)


def pressure_tendency(change_hpa_3h: float) -> str:
    """Describe a 3-hour barometric pressure change as forecasters do.

    Args:
        change_hpa_3h: Pressure change over three hours in hPa.

    Returns:
        e.g. "falling quickly" or "steady".

    Example:
        >>> pressure_tendency(-3.8)
        'falling quickly'
    """
    size = abs(change_hpa_3h)
    speed = "steady" if size < 0.1 else "slowly" if size < 1.6 else "" if size < 3.6 else "quickly"
    if speed == "steady":
        return speed
    direction = "rising" if change_hpa_3h > 0 else "falling"
    return f"{direction} {speed}".strip()
