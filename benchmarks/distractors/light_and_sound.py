"""Waves, light and sound: decibels, Doppler shift, refraction, lenses, photons and acoustics."""

from __future__ import annotations

import math

SPEED_OF_LIGHT = 299_792_458.0
PLANCK = 6.62607015e-34
ELECTRON_VOLT = 1.602176634e-19


def add_decibels(levels_db: list[float]) -> float:
    """Combined level of several incoherent sound sources (e.g. two 60 dB machines).

    Args:
        levels_db: Each source's level in dB.

    Returns:
        The total level in dB, rounded to 2 decimals.

    Example:
        >>> add_decibels([60, 60])
        63.01
    """
    return round(10 * math.log10(sum(10 ** (level / 10) for level in levels_db)), 2)


def decibels_to_power_ratio(decibels: float) -> float:
    """Power ratio that a decibel value stands for.

    Args:
        decibels: The level difference in dB.

    Returns:
        The power ratio, to 6 significant digits.

    Example:
        >>> decibels_to_power_ratio(30)
        1000.0
    """
    return float(f"{10 ** (decibels / 10):.6g}")


def sound_level_at_distance(level_db: float, reference_m: float, distance_m: float) -> float:
    """Sound level of a point source at another distance (inverse-square law, -6 dB per double).

    Args:
        level_db: Level measured at the reference distance.
        reference_m: Distance of that measurement.
        distance_m: Distance of interest.

    Returns:
        The level in dB, rounded to 1 decimal.

    Example:
        >>> sound_level_at_distance(90, 1, 8)
        71.9
    """
    return round(level_db - 20 * math.log10(distance_m / reference_m), 1)


def speed_of_sound_in_air(temperature_c: float) -> float:
    """Speed of sound in dry air at a temperature.

    Args:
        temperature_c: Air temperature in °C.

    Returns:
        Speed in m/s, rounded to 1 decimal.

    Example:
        >>> speed_of_sound_in_air(20)
        343.2
    """
    return round(331.3 * math.sqrt(1 + temperature_c / 273.15), 1)


def doppler_frequency(
    source_hz: float,
    source_speed_mps: float,
    observer_speed_mps: float = 0.0,
    wave_speed_mps: float = 343.0,
) -> float:
    """Frequency heard when source and observer move toward each other (negative = apart).

    Args:
        source_hz: Emitted frequency.
        source_speed_mps: Source speed toward the observer.
        observer_speed_mps: Observer speed toward the source.
        wave_speed_mps: Speed of the wave (343 for sound in air).

    Returns:
        The observed frequency in Hz, rounded to 1 decimal.

    Example:
        >>> doppler_frequency(700, 30)
        767.1
    """
    return round(
        source_hz * (wave_speed_mps + observer_speed_mps) / (wave_speed_mps - source_speed_mps), 1
    )


def refraction_angle(incidence_degrees: float, n1: float, n2: float) -> float:
    """Angle of a refracted ray (Snell's law).

    Args:
        incidence_degrees: Angle of incidence from the normal.
        n1: Refractive index of the first medium (air is 1.0003).
        n2: Refractive index of the second (water 1.333, glass about 1.5).

    Returns:
        The refraction angle in degrees, rounded to 2 decimals.

    Raises:
        ValueError: Total internal reflection occurs.

    Example:
        >>> refraction_angle(30, 1.0, 1.5)
        19.47
    """
    sine = n1 / n2 * math.sin(math.radians(incidence_degrees))
    if abs(sine) > 1:
        raise ValueError("Total internal reflection: the ray does not leave the medium.")
    return round(math.degrees(math.asin(sine)), 2)


def critical_angle(n_dense: float, n_rare: float = 1.0) -> float:
    """Critical angle for total internal reflection, going from a denser medium outward.

    Args:
        n_dense: Refractive index inside.
        n_rare: Refractive index outside (smaller).

    Returns:
        The angle in degrees, rounded to 2 decimals.

    Example:
        >>> critical_angle(1.5)
        41.81
    """
    return round(math.degrees(math.asin(n_rare / n_dense)), 2)


def brewster_angle(n1: float, n2: float) -> float:
    """Angle of incidence at which reflected light is fully polarised.

    Args:
        n1: Refractive index of the incident medium.
        n2: Refractive index of the other medium.

    Returns:
        The angle in degrees, rounded to 2 decimals.

    Example:
        >>> brewster_angle(1.0, 1.5)
        56.31
    """
    return round(math.degrees(math.atan(n2 / n1)), 2)


def thin_lens_image_distance(focal_length: float, object_distance: float) -> float:
    """Where a thin lens forms the image of an object (1/f = 1/u + 1/v).

    Args:
        focal_length: Focal length (positive for converging lenses).
        object_distance: Distance from lens to object (same unit).

    Returns:
        Image distance (negative for a virtual image), rounded to 4 decimals.

    Example:
        >>> thin_lens_image_distance(50, 150)
        75.0
    """
    return round(1 / (1 / focal_length - 1 / object_distance), 4)


def lens_magnification(focal_length: float, object_distance: float) -> float:
    """Magnification of a thin lens for an object at some distance.

    Args:
        focal_length: Focal length.
        object_distance: Distance from lens to object.

    Returns:
        -v/u (negative means an inverted image), rounded to 4 decimals.

    Example:
        >>> lens_magnification(50, 150)
        -0.5
    """
    return round(-thin_lens_image_distance(focal_length, object_distance) / object_distance, 4)


def lens_power_diopters(focal_length_mm: float) -> float:
    """Optical power of a lens, as on glasses prescriptions.

    Args:
        focal_length_mm: Focal length in millimetres.

    Returns:
        Power in diopters (1 / metres), rounded to 2 decimals.

    Example:
        >>> lens_power_diopters(500)
        2.0
    """
    return round(1000 / focal_length_mm, 2)


def photon_energy_ev(wavelength_nm: float) -> float:
    """Energy of a photon of a given wavelength.

    Args:
        wavelength_nm: Wavelength in nanometres.

    Returns:
        Energy in electronvolts, rounded to 3 decimals.

    Example:
        >>> photon_energy_ev(500)
        2.48
    """
    return round(PLANCK * SPEED_OF_LIGHT / (wavelength_nm * 1e-9) / ELECTRON_VOLT, 3)


def wavelength_from_photon_energy(energy_ev: float) -> float:
    """Wavelength of a photon with a given energy.

    Args:
        energy_ev: Energy in electronvolts.

    Returns:
        Wavelength in nanometres, rounded to 1 decimal.

    Example:
        >>> wavelength_from_photon_energy(1.9)
        652.5
    """
    return round(PLANCK * SPEED_OF_LIGHT / (energy_ev * ELECTRON_VOLT) * 1e9, 1)


def wien_peak_wavelength(temperature_k: float) -> float:
    """Wavelength at which a black body at a temperature glows brightest (Wien's law).

    Args:
        temperature_k: Temperature in kelvin.

    Returns:
        Peak wavelength in nanometres, rounded to 1 decimal.

    Example:
        >>> wien_peak_wavelength(5778)
        501.5
    """
    return round(2.897771955e-3 / temperature_k * 1e9, 1)


def beat_frequency(f1_hz: float, f2_hz: float) -> float:
    """Beat frequency heard when two close tones sound together.

    Args:
        f1_hz: First frequency.
        f2_hz: Second frequency.

    Returns:
        |f1 - f2| in Hz.

    Example:
        >>> beat_frequency(440, 443)
        3
    """
    return abs(f1_hz - f2_hz)


def string_harmonic_frequency(length_m: float, wave_speed_mps: float, harmonic: int = 1) -> float:
    """Frequency of a harmonic of a string fixed at both ends.

    Args:
        length_m: Vibrating length.
        wave_speed_mps: Wave speed along the string.
        harmonic: Harmonic number (1 = fundamental).

    Returns:
        Frequency in Hz, rounded to 2 decimals.

    Example:
        >>> string_harmonic_frequency(0.65, 286, 1)
        220.0
    """
    return round(harmonic * wave_speed_mps / (2 * length_m), 2)


def lux_to_foot_candles(lux: float) -> float:
    """Convert illuminance from lux to foot-candles.

    Args:
        lux: Illuminance in lux.

    Returns:
        Foot-candles, rounded to 2 decimals.

    Example:
        >>> lux_to_foot_candles(500)
        46.45
    """
    return round(lux / 10.7639104, 2)


def illuminance_from_point_source(
    intensity_cd: float, distance_m: float, angle_degrees: float = 0
) -> float:
    """Illuminance on a surface from a point light source (inverse-square and cosine laws).

    Args:
        intensity_cd: Luminous intensity in candela.
        distance_m: Distance to the surface.
        angle_degrees: Angle between the light and the surface normal.

    Returns:
        Illuminance in lux, rounded to 2 decimals.

    Example:
        >>> illuminance_from_point_source(800, 2)
        200.0
    """
    return round(intensity_cd * math.cos(math.radians(angle_degrees)) / distance_m**2, 2)
