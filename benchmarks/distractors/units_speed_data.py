"""Speed, acceleration, frequency and digital storage units, plus storage capacity sums."""

from __future__ import annotations

_SPEED_MPS = {
    "m/s": 1.0,
    "km/h": 1 / 3.6,
    "mph": 0.44704,
    "kn": 1852 / 3600,
    "ft/s": 0.3048,
    "c": 299_792_458.0,
}
_ACCEL = {"m/s2": 1.0, "g": 9.80665, "ft/s2": 0.3048, "gal": 0.01}
_DATA_BYTES = {
    "bit": 0.125,
    "b": 1,
    "kb": 1e3,
    "mb": 1e6,
    "gb": 1e9,
    "tb": 1e12,
    "pb": 1e15,
    "kib": 2**10,
    "mib": 2**20,
    "gib": 2**30,
    "tib": 2**40,
    "pib": 2**50,
}
_RATE_BPS = {
    "bps": 1,
    "kbps": 1e3,
    "mbps": 1e6,
    "gbps": 1e9,
    "b/s": 8,
    "kb/s": 8e3,
    "mb/s": 8e6,
    "gb/s": 8e9,
    "mib/s": 8 * 2**20,
}
_FREQ_HZ = {"hz": 1.0, "khz": 1e3, "mhz": 1e6, "ghz": 1e9, "rpm": 1 / 60}


def _convert(value: float, source: str, target: str, table: dict, kind: str) -> float:
    for unit in (source, target):
        if unit.lower() not in table:
            raise ValueError(f"Unknown {kind} unit {unit!r}; use one of {', '.join(table)}.")
    return float(f"{value * table[source.lower()] / table[target.lower()]:.10g}")


def convert_speed(value: float, from_unit: str, to_unit: str) -> float:
    """Convert a speed between units.

    Args:
        value: The speed.
        from_unit: One of m/s, km/h, mph, kn (knots), ft/s, c (speed of light).
        to_unit: The target unit, same choices.

    Returns:
        The converted speed, to 10 significant digits.

    Raises:
        ValueError: A unit is unknown.

    Example:
        >>> convert_speed(100, "km/h", "mph")
        62.13711922
    """
    return _convert(value, from_unit, to_unit, _SPEED_MPS, "speed")


def convert_acceleration(value: float, from_unit: str, to_unit: str) -> float:
    """Convert an acceleration between m/s2, g (standard gravity), ft/s2 and gal.

    Args:
        value: The acceleration.
        from_unit: One of m/s2, g, ft/s2, gal.
        to_unit: The target unit.

    Returns:
        The converted acceleration, to 10 significant digits.

    Example:
        >>> convert_acceleration(3, "g", "m/s2")
        29.41995
    """
    return _convert(value, from_unit, to_unit, _ACCEL, "acceleration")


def convert_data_size(value: float, from_unit: str, to_unit: str) -> float:
    """Convert an amount of data between decimal (kB, MB, GB) and binary (KiB, MiB, GiB) units.

    Args:
        value: The amount.
        from_unit: One of bit, B, kB, MB, GB, TB, PB, KiB, MiB, GiB, TiB, PiB.
        to_unit: The target unit.

    Returns:
        The converted amount, to 10 significant digits.

    Example:
        >>> convert_data_size(500, "GB", "GiB")
        465.6612873
    """
    return _convert(value, from_unit, to_unit, _DATA_BYTES, "data")


def convert_data_rate(value: float, from_unit: str, to_unit: str) -> float:
    """Convert a data rate between bit-based (Mbps) and byte-based (MB/s) units.

    Args:
        value: The rate.
        from_unit: One of bps, kbps, Mbps, Gbps, B/s, kB/s, MB/s, GB/s, MiB/s.
        to_unit: The target unit.

    Returns:
        The converted rate, to 10 significant digits.

    Example:
        >>> convert_data_rate(1, "Gbps", "MB/s")
        125.0
    """
    return _convert(value, from_unit, to_unit, _RATE_BPS, "data rate")


def convert_frequency(value: float, from_unit: str, to_unit: str) -> float:
    """Convert a frequency between Hz, kHz, MHz, GHz and revolutions per minute.

    Args:
        value: The frequency.
        from_unit: One of Hz, kHz, MHz, GHz, rpm.
        to_unit: The target unit.

    Returns:
        The converted frequency, to 10 significant digits.

    Example:
        >>> convert_frequency(3000, "rpm", "Hz")
        50.0
    """
    return _convert(value, from_unit, to_unit, _FREQ_HZ, "frequency")


def knots_to_kmh(knots: float) -> float:
    """Convert knots (nautical miles per hour) to km/h.

    Args:
        knots: Speed in knots.

    Returns:
        km/h, rounded to 2 decimals.

    Example:
        >>> knots_to_kmh(20)
        37.04
    """
    return round(knots * 1.852, 2)


def kmh_to_meters_per_second(kmh: float) -> float:
    """Convert km/h to m/s.

    Args:
        kmh: Speed in km/h.

    Returns:
        m/s, rounded to 3 decimals.

    Example:
        >>> kmh_to_meters_per_second(90)
        25.0
    """
    return round(kmh / 3.6, 3)


def mach_number(speed_mps: float, air_temperature_c: float = 15.0) -> float:
    """Mach number of a speed at an air temperature (speed of sound depends on temperature).

    Args:
        speed_mps: Speed in m/s.
        air_temperature_c: Air temperature in °C.

    Returns:
        The Mach number, rounded to 3 decimals.

    Example:
        >>> mach_number(680.6)
        2.0
    """
    speed_of_sound = 331.3 * (1 + air_temperature_c / 273.15) ** 0.5
    return round(speed_mps / speed_of_sound, 3)


def period_from_frequency(frequency_hz: float) -> float:
    """Duration of one cycle at a frequency.

    Args:
        frequency_hz: The frequency.

    Returns:
        The period in milliseconds, rounded to 6 decimals.

    Example:
        >>> period_from_frequency(50)
        20.0
    """
    return round(1000 / frequency_hz, 6)


def wavelength_from_frequency(frequency_hz: float, speed_mps: float = 299_792_458.0) -> float:
    """Wavelength of a wave of a given frequency (radio by default; pass 343 for sound in air).

    Args:
        frequency_hz: The frequency.
        speed_mps: Propagation speed.

    Returns:
        The wavelength in metres, to 6 significant digits.

    Example:
        >>> wavelength_from_frequency(100e6)
        2.99792
    """
    return float(f"{speed_mps / frequency_hz:.6g}")


def rpm_to_radians_per_second(rpm: float) -> float:
    """Convert revolutions per minute to angular velocity in rad/s.

    Args:
        rpm: Revolutions per minute.

    Returns:
        rad/s, rounded to 4 decimals.

    Example:
        >>> rpm_to_radians_per_second(60)
        6.2832
    """
    return round(rpm * 2 * 3.141592653589793 / 60, 4)


def raid_usable_capacity(level: str, disks: int, disk_size_tb: float) -> float:
    """Usable capacity of a RAID array of equal disks.

    Args:
        level: "0", "1", "5", "6" or "10".
        disks: Number of disks.
        disk_size_tb: Size of each disk in TB.

    Returns:
        Usable capacity in TB.

    Raises:
        ValueError: Unknown level or too few disks for it.

    Example:
        >>> raid_usable_capacity("5", 4, 8)
        24.0
    """
    minimum = {"0": 2, "1": 2, "5": 3, "6": 4, "10": 4}
    if level not in minimum or disks < minimum[level] or (level == "10" and disks % 2):
        raise ValueError(f"RAID {level} cannot be built from {disks} disks.")
    data_disks = {"0": disks, "1": 1, "5": disks - 1, "6": disks - 2, "10": disks // 2}[level]
    return float(data_disks * disk_size_tb)


def advertised_to_reported_capacity(advertised_gb: float) -> float:
    """What an operating system shows (GiB) for a drive sold in decimal gigabytes.

    Args:
        advertised_gb: The capacity on the box, in GB.

    Returns:
        The size in GiB, rounded to 1 decimal.

    Example:
        >>> advertised_to_reported_capacity(1000)
        931.3
    """
    return round(advertised_gb * 1e9 / 2**30, 1)


def files_that_fit(capacity_gb: float, file_size_mb: float, reserve_percent: float = 0.0) -> int:
    """How many files of a given size fit on a storage device.

    Args:
        capacity_gb: Free space in GB.
        file_size_mb: Size of each file in MB.
        reserve_percent: Space to keep free, in percent.

    Returns:
        The whole number of files.

    Example:
        >>> files_that_fit(64, 4.5, reserve_percent=10)
        12800
    """
    usable_mb = capacity_gb * 1000 * (1 - reserve_percent / 100)
    return int(usable_mb // file_size_mb)


def disk_usage_percent(used_bytes: float, total_bytes: float) -> float:
    """How full a disk is.

    Args:
        used_bytes: Space used.
        total_bytes: Total space.

    Returns:
        Usage in percent, rounded to 1 decimal.

    Example:
        >>> disk_usage_percent(375, 500)
        75.0
    """
    return round(used_bytes / total_bytes * 100, 1)


def bits_needed(distinct_values: int) -> int:
    """Number of bits needed to represent a number of distinct values.

    Args:
        distinct_values: At least 1.

    Returns:
        ceil(log2(n)), at least 1.

    Example:
        >>> bits_needed(1000)
        10
    """
    return max(1, (distinct_values - 1).bit_length())
