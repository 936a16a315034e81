"""Cars and driving: fuel economy units, tyre sizes, gearing, engines, stopping distances,
electric-vehicle range and charging."""

from __future__ import annotations

import math
import re

_LITERS_PER_US_GALLON = 3.785411784
_LITERS_PER_UK_GALLON = 4.54609
_KM_PER_MILE = 1.609344


def mpg_us_to_liters_per_100km(mpg: float) -> float:
    """Convert US miles per gallon to litres per 100 km.

    Args:
        mpg: Fuel economy in US mpg.

    Returns:
        L/100 km, rounded to 2 decimals.

    Example:
        >>> mpg_us_to_liters_per_100km(30)
        7.84
    """
    return round(100 * _LITERS_PER_US_GALLON / (mpg * _KM_PER_MILE), 2)


def liters_per_100km_to_mpg_us(liters_per_100km: float) -> float:
    """Convert litres per 100 km to US miles per gallon.

    Args:
        liters_per_100km: Consumption in L/100 km.

    Returns:
        US mpg, rounded to 1 decimal.

    Example:
        >>> liters_per_100km_to_mpg_us(6.5)
        36.2
    """
    return round(100 * _LITERS_PER_US_GALLON / (liters_per_100km * _KM_PER_MILE), 1)


def mpg_uk_to_liters_per_100km(mpg: float) -> float:
    """Convert UK (imperial) miles per gallon to litres per 100 km.

    Args:
        mpg: Fuel economy in imperial mpg.

    Returns:
        L/100 km, rounded to 2 decimals.

    Example:
        >>> mpg_uk_to_liters_per_100km(50)
        5.65
    """
    return round(100 * _LITERS_PER_UK_GALLON / (mpg * _KM_PER_MILE), 2)


def tire_dimensions(size: str) -> dict:
    """Overall diameter, sidewall height and circumference of a tyre from its size code.

    Args:
        size: A metric size such as "205/55R16".

    Returns:
        Keys width_mm, sidewall_mm, diameter_mm and circumference_mm (rounded to 1 decimal).

    Raises:
        ValueError: Not a metric tyre size.

    Example:
        >>> tire_dimensions("205/55R16")["diameter_mm"]
        631.9
    """
    match = re.fullmatch(r"\s*(\d{3})/(\d{2})\s*Z?R?F?\s*(\d{2})\s*", size.upper())
    if not match:
        raise ValueError(f"{size!r} is not a tyre size like '205/55R16'.")
    width, aspect, rim = (int(x) for x in match.groups())
    sidewall = width * aspect / 100
    diameter = rim * 25.4 + 2 * sidewall
    return {
        "width_mm": width,
        "sidewall_mm": round(sidewall, 1),
        "diameter_mm": round(diameter, 1),
        "circumference_mm": round(math.pi * diameter, 1),
    }


def speedometer_error_percent(original_size: str, new_size: str) -> float:
    """How much the true speed differs from the speedometer after changing tyre size.

    Args:
        original_size: Tyre size the speedometer is calibrated for.
        new_size: Tyre size fitted now.

    Returns:
        Percent (positive = actually driving faster than shown), rounded to 2 decimals.

    Example:
        >>> speedometer_error_percent("205/55R16", "225/45R17")
        0.38
    """
    old = tire_dimensions(original_size)["diameter_mm"]
    new = tire_dimensions(new_size)["diameter_mm"]
    return round((new / old - 1) * 100, 2)


def speed_in_gear(
    rpm: float, gear_ratio: float, final_drive: float, tire_circumference_mm: float
) -> float:
    """Road speed at an engine speed in a given gear.

    Args:
        rpm: Engine revolutions per minute.
        gear_ratio: The gear's ratio.
        final_drive: Differential ratio.
        tire_circumference_mm: Rolling circumference of the tyre.

    Returns:
        Speed in km/h, rounded to 1 decimal.

    Example:
        >>> speed_in_gear(3000, 1.0, 3.9, 1985.2)
        91.6
    """
    wheel_rpm = rpm / (gear_ratio * final_drive)
    return round(wheel_rpm * tire_circumference_mm / 1e6 * 60, 1)


def engine_displacement_cc(bore_mm: float, stroke_mm: float, cylinders: int) -> float:
    """Engine displacement from bore, stroke and number of cylinders.

    Args:
        bore_mm: Cylinder bore.
        stroke_mm: Piston stroke.
        cylinders: Number of cylinders.

    Returns:
        Displacement in cubic centimetres, rounded to 1 decimal.

    Example:
        >>> engine_displacement_cc(86, 86, 4)
        1998.2
    """
    return round(math.pi / 4 * bore_mm**2 * stroke_mm * cylinders / 1000, 1)


def compression_ratio(swept_volume_cc: float, clearance_volume_cc: float) -> float:
    """Static compression ratio of one cylinder.

    Args:
        swept_volume_cc: Volume swept by the piston.
        clearance_volume_cc: Volume left at top dead centre.

    Returns:
        The ratio (x:1), rounded to 2 decimals.

    Example:
        >>> compression_ratio(499.6, 50)
        10.99
    """
    return round((swept_volume_cc + clearance_volume_cc) / clearance_volume_cc, 2)


def power_from_torque(torque_nm: float, rpm: float) -> float:
    """Engine power from torque at an engine speed.

    Args:
        torque_nm: Torque in N·m.
        rpm: Engine speed.

    Returns:
        Power in kW, rounded to 1 decimal.

    Example:
        >>> power_from_torque(350, 4000)
        146.6
    """
    return round(torque_nm * rpm * 2 * math.pi / 60 / 1000, 1)


def torque_from_power(power_kw: float, rpm: float) -> float:
    """Engine torque from power at an engine speed.

    Args:
        power_kw: Power in kW.
        rpm: Engine speed.

    Returns:
        Torque in N·m, rounded to 1 decimal.

    Example:
        >>> torque_from_power(150, 5500)
        260.4
    """
    return round(power_kw * 1000 * 60 / (2 * math.pi * rpm), 1)


def reaction_distance_m(speed_kmh: float, reaction_seconds: float = 1.0) -> float:
    """Distance travelled before the brakes are applied.

    Args:
        speed_kmh: Speed.
        reaction_seconds: Driver reaction time.

    Returns:
        Metres, rounded to 1 decimal.

    Example:
        >>> reaction_distance_m(100)
        27.8
    """
    return round(speed_kmh / 3.6 * reaction_seconds, 1)


def braking_distance_m(speed_kmh: float, friction: float = 0.7) -> float:
    """Distance to brake to a stop on a level road.

    Args:
        speed_kmh: Speed.
        friction: Tyre-road friction (about 0.7 dry, 0.4 wet, 0.1 ice).

    Returns:
        Metres, rounded to 1 decimal.

    Example:
        >>> braking_distance_m(100)
        56.2
    """
    return round((speed_kmh / 3.6) ** 2 / (2 * friction * 9.80665), 1)


def stopping_distance_m(
    speed_kmh: float, reaction_seconds: float = 1.0, friction: float = 0.7
) -> float:
    """Total stopping distance: reaction distance plus braking distance.

    Args:
        speed_kmh: Speed.
        reaction_seconds: Driver reaction time.
        friction: Tyre-road friction.

    Returns:
        Metres, rounded to 1 decimal.

    Example:
        >>> stopping_distance_m(100, friction=0.4)
        126.1
    """
    speed = speed_kmh / 3.6
    return round(speed * reaction_seconds + speed**2 / (2 * friction * 9.80665), 1)


def trip_fuel_cost(distance_km: float, liters_per_100km: float, price_per_liter: float) -> float:
    """Fuel cost of a trip.

    Args:
        distance_km: Trip distance.
        liters_per_100km: Car's consumption.
        price_per_liter: Fuel price.

    Returns:
        The cost, rounded to cents.

    Example:
        >>> trip_fuel_cost(420, 6.2, 1.89)
        49.22
    """
    return round(distance_km * liters_per_100km / 100 * price_per_liter, 2)


def zero_to_hundred_acceleration(seconds: float) -> float:
    """Average acceleration implied by a 0-100 km/h time.

    Args:
        seconds: Time from 0 to 100 km/h.

    Returns:
        Average acceleration in g, rounded to 3 decimals.

    Example:
        >>> zero_to_hundred_acceleration(5.7)
        0.497
    """
    return round(100 / 3.6 / seconds / 9.80665, 3)


def ev_range_km(
    battery_kwh: float, consumption_kwh_per_100km: float, usable_percent: float = 100
) -> float:
    """Driving range of an electric vehicle.

    Args:
        battery_kwh: Battery capacity.
        consumption_kwh_per_100km: Energy use.
        usable_percent: Share of the battery used (e.g. 80 for a 10-90% trip).

    Returns:
        Range in km, rounded to the kilometre.

    Example:
        >>> ev_range_km(77, 17.5, 80)
        352.0
    """
    return float(round(battery_kwh * usable_percent / 100 / consumption_kwh_per_100km * 100))


def ev_charging_time_hours(
    battery_kwh: float,
    from_percent: float,
    to_percent: float,
    charger_kw: float,
    efficiency: float = 0.9,
) -> float:
    """Time to charge an electric vehicle between two states of charge (constant power).

    Args:
        battery_kwh: Battery capacity.
        from_percent: Starting charge level.
        to_percent: Target charge level.
        charger_kw: Charging power.
        efficiency: Charging efficiency.

    Returns:
        Hours, rounded to 2 decimals.

    Example:
        >>> ev_charging_time_hours(60, 20, 80, 11)
        3.64
    """
    energy = battery_kwh * (to_percent - from_percent) / 100
    return round(energy / (charger_kw * efficiency), 2)


def co2_grams_per_km(liters_per_100km: float, fuel: str = "petrol") -> float:
    """Tailpipe CO2 emissions from fuel consumption.

    Args:
        liters_per_100km: Consumption.
        fuel: "petrol" (2.31 kg CO2/L) or "diesel" (2.68 kg CO2/L).

    Returns:
        g CO2 per km, rounded to 1 decimal.

    Example:
        >>> co2_grams_per_km(5.5, "diesel")
        147.4
    """
    factors = {"petrol": 2310, "gasoline": 2310, "diesel": 2680}
    if fuel.lower() not in factors:
        raise ValueError("fuel must be 'petrol' or 'diesel'.")
    return round(liters_per_100km * factors[fuel.lower()] / 100, 1)
