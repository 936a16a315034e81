"""Solution and gas chemistry: concentrations, dilutions, pH, gas laws and reaction yields.

Volumes are litres, temperatures °C (converted to kelvin inside), pressures kPa unless named.
"""

from __future__ import annotations

import math

GAS_CONSTANT = 8.314462618  # J/(mol·K) = kPa·L/(mol·K)


def molarity(moles: float, volume_liters: float) -> float:
    """Concentration in mol/L from moles of solute and solution volume.

    Args:
        moles: Amount of solute.
        volume_liters: Volume of the solution.

    Returns:
        Molarity (M), rounded to 6 decimals.

    Example:
        >>> molarity(0.25, 0.5)
        0.5
    """
    return round(moles / volume_liters, 6)


def moles_in_solution(molarity_m: float, volume_liters: float) -> float:
    """Moles of solute in a volume of solution of known molarity.

    Args:
        molarity_m: Concentration in mol/L.
        volume_liters: Volume taken.

    Returns:
        Moles, rounded to 6 decimals.

    Example:
        >>> moles_in_solution(2, 0.15)
        0.3
    """
    return round(molarity_m * volume_liters, 6)


def dilution_final_concentration(
    initial_concentration: float, initial_volume: float, final_volume: float
) -> float:
    """Concentration after diluting a solution (C1V1 = C2V2).

    Args:
        initial_concentration: Concentration before dilution.
        initial_volume: Volume of the original solution used.
        final_volume: Volume after adding solvent.

    Returns:
        The new concentration (same unit as the initial one), rounded to 6 decimals.

    Example:
        >>> dilution_final_concentration(12, 0.05, 0.6)
        1.0
    """
    return round(initial_concentration * initial_volume / final_volume, 6)


def stock_volume_for_dilution(
    stock_concentration: float, target_concentration: float, target_volume: float
) -> float:
    """Volume of stock solution needed to make a diluted solution.

    Args:
        stock_concentration: Concentration of the stock.
        target_concentration: Wanted concentration (lower than the stock).
        target_volume: Wanted final volume.

    Returns:
        Stock volume (same unit as target_volume), rounded to 6 decimals.

    Raises:
        ValueError: The target is more concentrated than the stock.

    Example:
        >>> stock_volume_for_dilution(10, 0.5, 250)
        12.5
    """
    if target_concentration > stock_concentration:
        raise ValueError("A dilution cannot be more concentrated than its stock.")
    return round(target_concentration * target_volume / stock_concentration, 6)


def ph_from_hydrogen_ion(concentration_m: float) -> float:
    """pH from the hydrogen-ion concentration.

    Args:
        concentration_m: [H+] in mol/L, above 0.

    Returns:
        pH, rounded to 2 decimals.

    Example:
        >>> ph_from_hydrogen_ion(1e-3)
        3.0
    """
    return round(-math.log10(concentration_m), 2)


def hydrogen_ion_from_ph(ph: float) -> float:
    """Hydrogen-ion concentration for a pH.

    Args:
        ph: The pH.

    Returns:
        [H+] in mol/L, to 4 significant digits.

    Example:
        >>> hydrogen_ion_from_ph(7.4)
        3.981e-08
    """
    return float(f"{10**-ph:.4g}")


def ph_from_hydroxide_ion(concentration_m: float) -> float:
    """pH of a basic solution from its hydroxide-ion concentration (25 °C).

    Args:
        concentration_m: [OH-] in mol/L.

    Returns:
        pH, rounded to 2 decimals.

    Example:
        >>> ph_from_hydroxide_ion(0.01)
        12.0
    """
    return round(14 + math.log10(concentration_m), 2)


def henderson_hasselbalch_ph(
    pka: float, base_concentration: float, acid_concentration: float
) -> float:
    """pH of a buffer from its acid's pKa and the base/acid concentration ratio.

    Args:
        pka: The acid's pKa.
        base_concentration: Conjugate base concentration.
        acid_concentration: Weak acid concentration.

    Returns:
        pH, rounded to 2 decimals.

    Example:
        >>> henderson_hasselbalch_ph(4.76, 0.2, 0.1)
        5.06
    """
    return round(pka + math.log10(base_concentration / acid_concentration), 2)


def ideal_gas_pressure(moles: float, volume_liters: float, temperature_c: float) -> float:
    """Pressure of an ideal gas (PV = nRT).

    Args:
        moles: Amount of gas.
        volume_liters: Container volume.
        temperature_c: Temperature in °C.

    Returns:
        Pressure in kPa, rounded to 2 decimals.

    Example:
        >>> ideal_gas_pressure(1, 22.414, 0)
        101.32
    """
    return round(moles * GAS_CONSTANT * (temperature_c + 273.15) / volume_liters, 2)


def ideal_gas_volume(moles: float, pressure_kpa: float, temperature_c: float) -> float:
    """Volume of an ideal gas.

    Args:
        moles: Amount of gas.
        pressure_kpa: Pressure in kPa.
        temperature_c: Temperature in °C.

    Returns:
        Volume in litres, rounded to 3 decimals.

    Example:
        >>> ideal_gas_volume(1, 101.325, 25)
        24.465
    """
    return round(moles * GAS_CONSTANT * (temperature_c + 273.15) / pressure_kpa, 3)


def ideal_gas_moles(pressure_kpa: float, volume_liters: float, temperature_c: float) -> float:
    """Amount of an ideal gas in a container.

    Args:
        pressure_kpa: Pressure in kPa.
        volume_liters: Volume in litres.
        temperature_c: Temperature in °C.

    Returns:
        Moles, rounded to 4 decimals.

    Example:
        >>> ideal_gas_moles(200, 10, 20)
        0.8206
    """
    return round(pressure_kpa * volume_liters / (GAS_CONSTANT * (temperature_c + 273.15)), 4)


def combined_gas_law_volume(p1: float, v1: float, t1_c: float, p2: float, t2_c: float) -> float:
    """New volume of a fixed amount of gas after pressure and temperature change.

    Args:
        p1: Initial pressure.
        v1: Initial volume.
        t1_c: Initial temperature in °C.
        p2: Final pressure (same unit as p1).
        t2_c: Final temperature in °C.

    Returns:
        The final volume (same unit as v1), rounded to 4 decimals.

    Example:
        >>> combined_gas_law_volume(100, 2.0, 27, 200, 327)
        1.9995
    """
    return round(p1 * v1 * (t2_c + 273.15) / ((t1_c + 273.15) * p2), 4)


def boyles_law_volume(p1: float, v1: float, p2: float) -> float:
    """Volume after a pressure change at constant temperature (Boyle's law).

    Args:
        p1: Initial pressure.
        v1: Initial volume.
        p2: Final pressure.

    Returns:
        Final volume, rounded to 4 decimals.

    Example:
        >>> boyles_law_volume(100, 6, 300)
        2.0
    """
    return round(p1 * v1 / p2, 4)


def charles_law_volume(v1: float, t1_c: float, t2_c: float) -> float:
    """Volume after a temperature change at constant pressure (Charles's law).

    Args:
        v1: Initial volume.
        t1_c: Initial temperature in °C.
        t2_c: Final temperature in °C.

    Returns:
        Final volume, rounded to 4 decimals.

    Example:
        >>> charles_law_volume(3.0, 0, 100)
        4.0983
    """
    return round(v1 * (t2_c + 273.15) / (t1_c + 273.15), 4)


def mass_percent(solute_g: float, solution_g: float) -> float:
    """Concentration as mass of solute per mass of solution, in percent.

    Args:
        solute_g: Mass of solute.
        solution_g: Mass of the whole solution.

    Returns:
        Percent by mass, rounded to 3 decimals.

    Example:
        >>> mass_percent(5, 250)
        2.0
    """
    return round(solute_g / solution_g * 100, 3)


def parts_per_million(solute_mg: float, solution_liters: float) -> float:
    """Dilute aqueous concentration in ppm (mg per litre of water).

    Args:
        solute_mg: Milligrams of solute.
        solution_liters: Litres of solution.

    Returns:
        ppm, rounded to 3 decimals.

    Example:
        >>> parts_per_million(15, 5)
        3.0
    """
    return round(solute_mg / solution_liters, 3)


def molality(moles_solute: float, solvent_kg: float) -> float:
    """Concentration in moles of solute per kilogram of solvent.

    Args:
        moles_solute: Amount of solute.
        solvent_kg: Mass of solvent in kg.

    Returns:
        Molality (mol/kg), rounded to 4 decimals.

    Example:
        >>> molality(0.5, 0.25)
        2.0
    """
    return round(moles_solute / solvent_kg, 4)


def percent_yield(actual_g: float, theoretical_g: float) -> float:
    """How much of the theoretical product a reaction actually gave.

    Args:
        actual_g: Product obtained.
        theoretical_g: Maximum possible product.

    Returns:
        Yield in percent, rounded to 2 decimals.

    Example:
        >>> percent_yield(8.5, 10)
        85.0
    """
    return round(actual_g / theoretical_g * 100, 2)


def freezing_point_depression(
    molality_mol_kg: float, van_t_hoff: float = 1.0, kf: float = 1.86
) -> float:
    """How far a solute lowers the freezing point of a solvent (water by default).

    Args:
        molality_mol_kg: Molality of the solute.
        van_t_hoff: Particles per formula unit (2 for NaCl).
        kf: Cryoscopic constant (1.86 K·kg/mol for water).

    Returns:
        The depression in °C, rounded to 3 decimals.

    Example:
        >>> freezing_point_depression(1, 2)
        3.72
    """
    return round(van_t_hoff * kf * molality_mol_kg, 3)
