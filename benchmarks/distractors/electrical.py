"""Electrical calculations: Ohm's law, power, resistor networks and colour codes, RC circuits,
cable sizing, batteries and AC reactance."""

from __future__ import annotations

import math

_COLORS = ["black", "brown", "red", "orange", "yellow", "green", "blue", "violet", "grey", "white"]
_MULTIPLIER = {**{c: 10.0**i for i, c in enumerate(_COLORS)}, "gold": 0.1, "silver": 0.01}
_RESISTIVITY = {"copper": 1.68e-8, "aluminium": 2.82e-8, "silver": 1.59e-8, "gold": 2.44e-8}


def ohms_law_voltage(current_amps: float, resistance_ohms: float) -> float:
    """Voltage across a resistance carrying a current (V = I R).

    Args:
        current_amps: Current in amperes.
        resistance_ohms: Resistance in ohms.

    Returns:
        Voltage in volts.

    Example:
        >>> ohms_law_voltage(0.02, 470)
        9.4
    """
    return round(current_amps * resistance_ohms, 10)


def ohms_law_current(voltage: float, resistance_ohms: float) -> float:
    """Current through a resistance at a voltage (I = V / R).

    Args:
        voltage: Voltage in volts.
        resistance_ohms: Resistance in ohms.

    Returns:
        Current in amperes.

    Example:
        >>> ohms_law_current(12, 240)
        0.05
    """
    return round(voltage / resistance_ohms, 10)


def ohms_law_resistance(voltage: float, current_amps: float) -> float:
    """Resistance that passes a current at a voltage (R = V / I).

    Args:
        voltage: Voltage in volts.
        current_amps: Current in amperes.

    Returns:
        Resistance in ohms.

    Example:
        >>> ohms_law_resistance(230, 10)
        23.0
    """
    return voltage / current_amps


def electrical_power(voltage: float, current_amps: float) -> float:
    """Power drawn at a voltage and current (P = V I).

    Args:
        voltage: Voltage in volts.
        current_amps: Current in amperes.

    Returns:
        Power in watts.

    Example:
        >>> electrical_power(230, 8.7)
        2001.0
    """
    return round(voltage * current_amps, 10)


def current_from_power(power_watts: float, voltage: float) -> float:
    """Current drawn by a device of known power (I = P / V), e.g. to choose a fuse.

    Args:
        power_watts: Device power.
        voltage: Supply voltage.

    Returns:
        Current in amperes, rounded to 3 decimals.

    Example:
        >>> current_from_power(3000, 230)
        13.043
    """
    return round(power_watts / voltage, 3)


def series_resistance(resistances: list[float]) -> float:
    """Total resistance of resistors in series.

    Args:
        resistances: Each resistance in ohms.

    Returns:
        The sum.

    Example:
        >>> series_resistance([100, 220, 330])
        650
    """
    return sum(resistances)


def parallel_resistance(resistances: list[float]) -> float:
    """Total resistance of resistors in parallel.

    Args:
        resistances: Each resistance in ohms, all above 0.

    Returns:
        1 / sum(1/R), rounded to 4 decimals.

    Example:
        >>> parallel_resistance([100, 100, 50])
        25.0
    """
    return round(1 / sum(1 / r for r in resistances), 4)


def series_capacitance(capacitances: list[float]) -> float:
    """Total capacitance of capacitors in series.

    Args:
        capacitances: Each capacitance (any one unit).

    Returns:
        1 / sum(1/C), rounded to 6 significant digits.

    Example:
        >>> series_capacitance([10, 10])
        5.0
    """
    return float(f"{1 / sum(1 / c for c in capacitances):.6g}")


def parallel_capacitance(capacitances: list[float]) -> float:
    """Total capacitance of capacitors in parallel.

    Args:
        capacitances: Each capacitance.

    Returns:
        The sum.

    Example:
        >>> parallel_capacitance([4.7, 10, 22])
        36.7
    """
    return round(sum(capacitances), 10)


def voltage_divider_output(input_voltage: float, r_top: float, r_bottom: float) -> float:
    """Output of a two-resistor voltage divider (unloaded).

    Args:
        input_voltage: Voltage across both resistors.
        r_top: Resistor from input to output.
        r_bottom: Resistor from output to ground.

    Returns:
        Output voltage, rounded to 4 decimals.

    Example:
        >>> voltage_divider_output(5, 10000, 20000)
        3.3333
    """
    return round(input_voltage * r_bottom / (r_top + r_bottom), 4)


def rc_time_constant(resistance_ohms: float, capacitance_farads: float) -> float:
    """Time constant tau = R C of a resistor-capacitor circuit.

    Args:
        resistance_ohms: Resistance.
        capacitance_farads: Capacitance in farads.

    Returns:
        tau in seconds.

    Example:
        >>> rc_time_constant(10000, 100e-6)
        1.0
    """
    return round(resistance_ohms * capacitance_farads, 12)


def capacitor_charge_voltage(supply_voltage: float, seconds: float, time_constant: float) -> float:
    """Voltage on a charging capacitor after some time.

    Args:
        supply_voltage: Charging voltage.
        seconds: Time since charging began.
        time_constant: R C in seconds.

    Returns:
        Capacitor voltage, rounded to 4 decimals.

    Example:
        >>> capacitor_charge_voltage(5, 1, 1)
        3.1606
    """
    return round(supply_voltage * (1 - math.exp(-seconds / time_constant)), 4)


def led_series_resistor(
    supply_voltage: float, led_forward_voltage: float, led_current_ma: float
) -> float:
    """Resistor needed in series with an LED to limit its current.

    Args:
        supply_voltage: Supply voltage.
        led_forward_voltage: The LED's forward voltage (e.g. 2.0 for red).
        led_current_ma: Wanted current in milliamperes.

    Returns:
        Resistance in ohms, rounded to 1 decimal.

    Example:
        >>> led_series_resistor(5, 2.0, 20)
        150.0
    """
    return round((supply_voltage - led_forward_voltage) / (led_current_ma / 1000), 1)


def wire_resistance(length_m: float, cross_section_mm2: float, material: str = "copper") -> float:
    """Resistance of a wire from its length, cross-section and metal.

    Args:
        length_m: Wire length.
        cross_section_mm2: Conductor cross-section in mm2.
        material: "copper", "aluminium", "silver" or "gold".

    Returns:
        Resistance in ohms, rounded to 5 decimals.

    Example:
        >>> wire_resistance(100, 1.5)
        1.12
    """
    try:
        resistivity = _RESISTIVITY[material.lower()]
    except KeyError:
        raise ValueError(
            f"Unknown conductor {material!r}; use {', '.join(_RESISTIVITY)}."
        ) from None
    return round(resistivity * length_m / (cross_section_mm2 * 1e-6), 5)


def cable_voltage_drop_percent(
    current_amps: float, length_m: float, cross_section_mm2: float, voltage: float = 230
) -> float:
    """Voltage lost in a two-core copper cable run, as a share of the supply.

    Args:
        current_amps: Load current.
        length_m: One-way cable length.
        cross_section_mm2: Conductor cross-section.
        voltage: Supply voltage.

    Returns:
        The drop in percent, rounded to 2 decimals.

    Example:
        >>> cable_voltage_drop_percent(16, 30, 2.5)
        2.8
    """
    drop = current_amps * wire_resistance(2 * length_m, cross_section_mm2)
    return round(drop / voltage * 100, 2)


def resistor_value_from_bands(bands: list[str]) -> float:
    """Resistance of a 4- or 5-band colour-coded resistor (tolerance band left out).

    Args:
        bands: Band colours without the tolerance band, e.g. ["yellow", "violet", "red"].

    Returns:
        Resistance in ohms.

    Example:
        >>> resistor_value_from_bands(["yellow", "violet", "red"])
        4700.0
    """
    *digits, multiplier = [band.lower() for band in bands]
    value = int("".join(str(_COLORS.index(d)) for d in digits))
    return round(value * _MULTIPLIER[multiplier], 4)


def resistor_color_bands(ohms: float) -> list[str]:
    """Colour bands (two digits and a multiplier) for a standard resistor value.

    Args:
        ohms: The resistance, 1 ohm or more.

    Returns:
        Three colour names.

    Example:
        >>> resistor_color_bands(4700)
        ['yellow', 'violet', 'red']
    """
    exponent = math.floor(math.log10(ohms)) - 1
    significant = round(ohms / 10**exponent)
    if significant == 100:
        significant, exponent = 10, exponent + 1
    return [_COLORS[significant // 10], _COLORS[significant % 10], _COLORS[exponent]]


def battery_runtime_hours(capacity_mah: float, load_ma: float, efficiency: float = 0.85) -> float:
    """How long a battery lasts under a constant load.

    Args:
        capacity_mah: Battery capacity in mAh.
        load_ma: Average current draw in mA.
        efficiency: Usable share of the rated capacity.

    Returns:
        Hours, rounded to 2 decimals.

    Example:
        >>> battery_runtime_hours(2000, 150)
        11.33
    """
    return round(capacity_mah * efficiency / load_ma, 2)


def inductive_reactance(frequency_hz: float, inductance_henries: float) -> float:
    """Opposition of an inductor to alternating current (X_L = 2 pi f L).

    Args:
        frequency_hz: AC frequency.
        inductance_henries: Inductance.

    Returns:
        Reactance in ohms, rounded to 3 decimals.

    Example:
        >>> inductive_reactance(50, 0.1)
        31.416
    """
    return round(2 * math.pi * frequency_hz * inductance_henries, 3)


def capacitive_reactance(frequency_hz: float, capacitance_farads: float) -> float:
    """Opposition of a capacitor to alternating current (X_C = 1 / (2 pi f C)).

    Args:
        frequency_hz: AC frequency.
        capacitance_farads: Capacitance.

    Returns:
        Reactance in ohms, rounded to 3 decimals.

    Example:
        >>> capacitive_reactance(50, 100e-6)
        31.831
    """
    return round(1 / (2 * math.pi * frequency_hz * capacitance_farads), 3)


def three_phase_power(line_voltage: float, current_amps: float, power_factor: float = 1.0) -> float:
    """Real power of a balanced three-phase load.

    Args:
        line_voltage: Line-to-line voltage (e.g. 400).
        current_amps: Line current.
        power_factor: cos(phi) of the load.

    Returns:
        Power in kW, rounded to 3 decimals.

    Example:
        >>> three_phase_power(400, 16, 0.9)
        9.977
    """
    return round(math.sqrt(3) * line_voltage * current_amps * power_factor / 1000, 3)
