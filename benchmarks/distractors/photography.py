"""Photography and imaging: exposure, depth of field, lenses and sensors, print sizes, pixels."""

from __future__ import annotations

import math


def exposure_value(aperture: float, shutter_seconds: float, iso: float = 100) -> float:
    """Exposure value (EV) of a camera setting, normalised to ISO 100.

    Args:
        aperture: f-number, e.g. 8.
        shutter_seconds: Shutter speed in seconds, e.g. 1/125.
        iso: Sensitivity.

    Returns:
        EV, rounded to 2 decimals.

    Example:
        >>> exposure_value(16, 1 / 100, 100)
        14.64
    """
    return round(math.log2(aperture**2 / shutter_seconds) - math.log2(iso / 100), 2)


def shutter_speed_for_ev(aperture: float, ev: float, iso: float = 100) -> float:
    """Shutter speed giving a target exposure value at an aperture and ISO.

    Args:
        aperture: f-number.
        ev: Target exposure value at ISO 100.
        iso: Sensitivity in use.

    Returns:
        Seconds, to 3 significant digits.

    Example:
        >>> shutter_speed_for_ev(8, 13)
        0.00781
    """
    return float(f"{aperture**2 / 2 ** (ev + math.log2(iso / 100)):.3g}")


def stops_between_apertures(aperture_a: float, aperture_b: float) -> float:
    """Difference in stops of light between two f-numbers (positive = b lets in less light).

    Args:
        aperture_a: First f-number.
        aperture_b: Second f-number.

    Returns:
        Stops, rounded to 2 decimals.

    Example:
        >>> stops_between_apertures(2.8, 5.6)
        2.0
    """
    return round(2 * math.log2(aperture_b / aperture_a), 2)


def hyperfocal_distance_m(
    focal_length_mm: float, aperture: float, circle_of_confusion_mm: float = 0.03
) -> float:
    """Focus distance beyond which everything to infinity is acceptably sharp.

    Args:
        focal_length_mm: Lens focal length.
        aperture: f-number.
        circle_of_confusion_mm: 0.03 for full frame, about 0.02 for APS-C.

    Returns:
        Metres, rounded to 2 decimals.

    Example:
        >>> hyperfocal_distance_m(24, 8)
        2.42
    """
    hyperfocal = focal_length_mm**2 / (aperture * circle_of_confusion_mm) + focal_length_mm
    return round(hyperfocal / 1000, 2)


def depth_of_field_m(
    focal_length_mm: float,
    aperture: float,
    subject_distance_m: float,
    circle_of_confusion_mm: float = 0.03,
) -> dict:
    """Near and far limits of acceptable sharpness.

    Args:
        focal_length_mm: Lens focal length.
        aperture: f-number.
        subject_distance_m: Focus distance.
        circle_of_confusion_mm: Acceptable blur circle.

    Returns:
        Keys near_m, far_m (None for infinity) and depth_m (None for infinity), 2 decimals.

    Example:
        >>> depth_of_field_m(50, 4, 3)
        {'near_m': 2.63, 'far_m': 3.49, 'depth_m': 0.87}
    """
    h = focal_length_mm**2 / (aperture * circle_of_confusion_mm) + focal_length_mm
    s = subject_distance_m * 1000
    near = s * (h - focal_length_mm) / (h + s - 2 * focal_length_mm)
    if s >= h:
        return {"near_m": round(near / 1000, 2), "far_m": None, "depth_m": None}
    far = s * (h - focal_length_mm) / (h - s)
    return {
        "near_m": round(near / 1000, 2),
        "far_m": round(far / 1000, 2),
        "depth_m": round((far - near) / 1000, 2),
    }


def equivalent_focal_length(focal_length_mm: float, crop_factor: float) -> float:
    """Full-frame equivalent focal length of a lens on a cropped sensor.

    Args:
        focal_length_mm: Actual focal length.
        crop_factor: Sensor crop factor (1.5 Nikon/Sony APS-C, 1.6 Canon APS-C, 2 Micro 4/3).

    Returns:
        Equivalent focal length in mm.

    Example:
        >>> equivalent_focal_length(35, 1.5)
        52.5
    """
    return round(focal_length_mm * crop_factor, 1)


def horizontal_field_of_view(focal_length_mm: float, sensor_width_mm: float = 36.0) -> float:
    """Horizontal angle of view of a lens on a sensor.

    Args:
        focal_length_mm: Focal length.
        sensor_width_mm: Sensor width (36 for full frame).

    Returns:
        Degrees, rounded to 1 decimal.

    Example:
        >>> horizontal_field_of_view(24)
        73.7
    """
    return round(math.degrees(2 * math.atan(sensor_width_mm / (2 * focal_length_mm))), 1)


def megapixels(width_px: int, height_px: int) -> float:
    """Megapixels of an image or sensor resolution.

    Args:
        width_px: Width in pixels.
        height_px: Height in pixels.

    Returns:
        Megapixels, rounded to 1 decimal.

    Example:
        >>> megapixels(6000, 4000)
        24.0
    """
    return round(width_px * height_px / 1e6, 1)


def max_print_size_cm(width_px: int, height_px: int, dpi: int = 300) -> tuple[float, float]:
    """Largest print at a given resolution without upscaling.

    Args:
        width_px: Image width.
        height_px: Image height.
        dpi: Print resolution (300 for close viewing).

    Returns:
        (width, height) in cm, rounded to 1 decimal.

    Example:
        >>> max_print_size_cm(6000, 4000)
        (50.8, 33.9)
    """
    return round(width_px / dpi * 2.54, 1), round(height_px / dpi * 2.54, 1)


def pixels_for_print(width_cm: float, height_cm: float, dpi: int = 300) -> tuple[int, int]:
    """Pixels needed to print a size at a resolution.

    Args:
        width_cm: Print width.
        height_cm: Print height.
        dpi: Print resolution.

    Returns:
        (width, height) in pixels.

    Example:
        >>> pixels_for_print(15, 10)
        (1772, 1181)
    """
    return round(width_cm / 2.54 * dpi), round(height_cm / 2.54 * dpi)


def simplify_aspect_ratio(width: int, height: int) -> str:
    """An image's aspect ratio in lowest terms, e.g. 1920x1080 -> "16:9".

    Args:
        width: Width.
        height: Height.

    Returns:
        "W:H".

    Example:
        >>> simplify_aspect_ratio(6000, 4000)
        '3:2'
    """
    divisor = math.gcd(width, height)
    return f"{width // divisor}:{height // divisor}"


def scaled_dimensions(width: int, height: int, max_width: int, max_height: int) -> tuple[int, int]:
    """Largest size fitting inside a box while keeping the aspect ratio (never enlarges).

    Args:
        width: Original width.
        height: Original height.
        max_width: Box width.
        max_height: Box height.

    Returns:
        (new width, new height).

    Example:
        >>> scaled_dimensions(6000, 4000, 1920, 1080)
        (1620, 1080)
    """
    scale = min(1.0, max_width / width, max_height / height)
    return round(width * scale), round(height * scale)


def sunny_sixteen_shutter(iso: float, aperture: float = 16.0) -> float:
    """Shutter time for a sunny day by the sunny-16 rule (1/ISO at f/16), for any aperture.

    Args:
        iso: Film or sensor ISO.
        aperture: The f-number you want to use.

    Returns:
        Seconds, to 3 significant digits.

    Example:
        >>> sunny_sixteen_shutter(100, 8)
        0.0025
    """
    return float(f"{1 / iso * (aperture / 16) ** 2:.3g}")


def astro_max_exposure_seconds(focal_length_mm: float, crop_factor: float = 1.0) -> float:
    """Longest exposure before stars trail, by the rule of 500.

    Args:
        focal_length_mm: Lens focal length.
        crop_factor: Sensor crop factor.

    Returns:
        Seconds, rounded to 1 decimal.

    Example:
        >>> astro_max_exposure_seconds(20, 1.5)
        16.7
    """
    return round(500 / (focal_length_mm * crop_factor), 1)


def flash_distance_m(guide_number: float, aperture: float, iso: float = 100) -> float:
    """Distance a flash lights correctly, from its guide number (metres at ISO 100).

    Args:
        guide_number: Flash guide number.
        aperture: f-number in use.
        iso: Sensitivity in use.

    Returns:
        Metres, rounded to 1 decimal.

    Example:
        >>> flash_distance_m(40, 8, 400)
        10.0
    """
    return round(guide_number / aperture * math.sqrt(iso / 100), 1)


def raw_image_size_mb(megapixel_count: float, bits_per_channel: int = 14) -> float:
    """Approximate size of an uncompressed raw file (one value per photosite).

    Args:
        megapixel_count: Sensor megapixels.
        bits_per_channel: Raw bit depth.

    Returns:
        Megabytes, rounded to 1 decimal.

    Example:
        >>> raw_image_size_mb(24, 14)
        42.0
    """
    return round(megapixel_count * 1e6 * bits_per_channel / 8 / 1e6, 1)


def sensor_diagonal_mm(width_mm: float, height_mm: float) -> float:
    """Diagonal of a camera sensor (its crop factor is 43.27 divided by this).

    Args:
        width_mm: Sensor width.
        height_mm: Sensor height.

    Returns:
        The diagonal, rounded to 2 decimals.

    Example:
        >>> sensor_diagonal_mm(23.5, 15.6)
        28.21
    """
    return round(math.hypot(width_mm, height_mm), 2)
