"""Energy, power and torque units: joules, calories, kWh, BTU, horsepower, foot-pounds."""

from __future__ import annotations

import math

_ENERGY_J = {
    "j": 1.0,
    "kj": 1e3,
    "mj": 1e6,
    "gj": 1e9,
    "cal": 4.184,
    "kcal": 4184.0,
    "wh": 3600.0,
    "kwh": 3.6e6,
    "mwh": 3.6e9,
    "btu": 1055.05585262,
    "therm": 105_505_585.262,
    "ev": 1.602176634e-19,
    "ftlb": 1.3558179483314004,
    "erg": 1e-7,
    "toe": 41.868e9,
}
_POWER_W = {
    "w": 1.0,
    "kw": 1e3,
    "mw": 1e6,
    "hp": 745.69987158227022,
    "ps": 735.49875,
    "btu_h": 0.29307107017222,
    "ton_refrigeration": 3516.8528420667,
}


def convert_energy(value: float, from_unit: str, to_unit: str) -> float:
    """Convert an amount of energy between units.

    Args:
        value: The energy.
        from_unit: One of J, kJ, MJ, GJ, cal, kcal, Wh, kWh, MWh, BTU, therm, eV, ftlb, erg,
            toe (tonne of oil equivalent).
        to_unit: The target unit, same choices.

    Returns:
        The converted energy, to 10 significant digits.

    Raises:
        ValueError: A unit is unknown.

    Example:
        >>> convert_energy(1, "kWh", "MJ")
        3.6
    """
    return _convert(value, from_unit, to_unit, _ENERGY_J, "energy")


def convert_power(value: float, from_unit: str, to_unit: str) -> float:
    """Convert a power between units.

    Args:
        value: The power.
        from_unit: One of W, kW, MW, hp (mechanical), PS (metric horsepower), btu_h,
            ton_refrigeration.
        to_unit: The target unit, same choices.

    Returns:
        The converted power, to 10 significant digits.

    Raises:
        ValueError: A unit is unknown.

    Example:
        >>> convert_power(100, "PS", "kW")
        73.549875
    """
    return _convert(value, from_unit, to_unit, _POWER_W, "power")


def _convert(value: float, source: str, target: str, table: dict, kind: str) -> float:
    for unit in (source, target):
        if unit.lower() not in table:
            raise ValueError(f"Unknown {kind} unit {unit!r}; use one of {', '.join(table)}.")
    return float(f"{value * table[source.lower()] / table[target.lower()]:.10g}")


def kilocalories_to_kilojoules(kilocalories: float) -> float:
    """Convert food energy from kcal to kJ (as on nutrition labels).

    Args:
        kilocalories: Energy in kcal.

    Returns:
        Energy in kJ, rounded to 1 decimal.

    Example:
        >>> kilocalories_to_kilojoules(250)
        1046.0
    """
    return round(kilocalories * 4.184, 1)


def kilojoules_to_kilocalories(kilojoules: float) -> float:
    """Convert food energy from kJ to kcal.

    Args:
        kilojoules: Energy in kJ.

    Returns:
        Energy in kcal, rounded to 1 decimal.

    Example:
        >>> kilojoules_to_kilocalories(2000)
        478.0
    """
    return round(kilojoules / 4.184, 1)


def kilowatt_hours_to_btu(kilowatt_hours: float) -> float:
    """Convert kilowatt-hours to British thermal units.

    Args:
        kilowatt_hours: Energy in kWh.

    Returns:
        Energy in BTU, rounded to 1 decimal.

    Example:
        >>> kilowatt_hours_to_btu(1)
        3412.1
    """
    return round(kilowatt_hours * 3.6e6 / 1055.05585262, 1)


def therms_to_kilowatt_hours(therms: float) -> float:
    """Convert gas therms (US/UK billing) to kilowatt-hours.

    Args:
        therms: Energy in therms.

    Returns:
        kWh, rounded to 2 decimals.

    Example:
        >>> therms_to_kilowatt_hours(10)
        293.07
    """
    return round(therms * 29.3071070172, 2)


def horsepower_to_kilowatts(horsepower: float) -> float:
    """Convert mechanical horsepower to kilowatts.

    Args:
        horsepower: Power in hp.

    Returns:
        kW, rounded to 2 decimals.

    Example:
        >>> horsepower_to_kilowatts(300)
        223.71
    """
    return round(horsepower * 0.74569987158227022, 2)


def kilowatts_to_horsepower(kilowatts: float) -> float:
    """Convert kilowatts to mechanical horsepower.

    Args:
        kilowatts: Power in kW.

    Returns:
        hp, rounded to 1 decimal.

    Example:
        >>> kilowatts_to_horsepower(150)
        201.2
    """
    return round(kilowatts / 0.74569987158227022, 1)


def energy_from_power_and_time(power_watts: float, hours: float) -> float:
    """Energy used by a device drawing constant power for some hours.

    Args:
        power_watts: The power in watts.
        hours: Running time in hours.

    Returns:
        Energy in kWh.

    Example:
        >>> energy_from_power_and_time(2000, 1.5)
        3.0
    """
    return power_watts * hours / 1000


def average_power_from_energy(energy_kwh: float, hours: float) -> float:
    """Average power when an amount of energy is used over a period.

    Args:
        energy_kwh: Energy in kWh.
        hours: The period in hours.

    Returns:
        Average power in watts.

    Example:
        >>> average_power_from_energy(12, 24)
        500.0
    """
    return energy_kwh * 1000 / hours


def electronvolts_to_joules(electronvolts: float) -> float:
    """Convert electronvolts to joules.

    Args:
        electronvolts: Energy in eV.

    Returns:
        Joules, to 10 significant digits.

    Example:
        >>> electronvolts_to_joules(1e9)
        1.602176634e-10
    """
    return float(f"{electronvolts * 1.602176634e-19:.10g}")


def tnt_equivalent_joules(tonnes_of_tnt: float) -> float:
    """Energy of an explosion given in tonnes of TNT (1 t = 4.184 GJ).

    Args:
        tonnes_of_tnt: The yield.

    Returns:
        Joules.

    Example:
        >>> tnt_equivalent_joules(1000)
        4184000000000.0
    """
    return tonnes_of_tnt * 4.184e9


def mechanical_work(force_newtons: float, distance_m: float, angle_degrees: float = 0) -> float:
    """Work done by a force moving something a distance, optionally at an angle.

    Args:
        force_newtons: The force.
        distance_m: The displacement.
        angle_degrees: Angle between force and motion.

    Returns:
        Work in joules, rounded to 6 decimals.

    Example:
        >>> mechanical_work(50, 10, 60)
        250.0
    """
    return round(force_newtons * distance_m * math.cos(math.radians(angle_degrees)), 6)


def newton_meters_to_foot_pounds(newton_meters: float) -> float:
    """Convert torque from N·m to lbf·ft (as on imperial torque wrenches).

    Args:
        newton_meters: Torque in N·m.

    Returns:
        Torque in lbf·ft, rounded to 2 decimals.

    Example:
        >>> newton_meters_to_foot_pounds(120)
        88.51
    """
    return round(newton_meters / 1.3558179483314004, 2)


def foot_pounds_to_newton_meters(foot_pounds: float) -> float:
    """Convert torque from lbf·ft to N·m.

    Args:
        foot_pounds: Torque in lbf·ft.

    Returns:
        Torque in N·m, rounded to 2 decimals.

    Example:
        >>> foot_pounds_to_newton_meters(100)
        135.58
    """
    return round(foot_pounds * 1.3558179483314004, 2)


def cooling_btu_for_room(area_m2: float, ceiling_height_m: float = 2.5, sunny: bool = False) -> int:
    """Rule-of-thumb air-conditioner capacity for a room (about 200 BTU/h per cubic metre).

    Args:
        area_m2: Floor area.
        ceiling_height_m: Room height.
        sunny: Add 10% for a sunny room.

    Returns:
        Suggested capacity in BTU/h, rounded to the nearest 500.

    Example:
        >>> cooling_btu_for_room(20)
        10000
    """
    btu = area_m2 * ceiling_height_m * 200 * (1.1 if sunny else 1.0)
    return int(round(btu / 500) * 500)
