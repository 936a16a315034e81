"""Trigonometry helpers: angle units, triangle solving, polar coordinates and slopes.

Angles are in degrees unless a name says radians or gradians.
"""

from __future__ import annotations

import math


def degrees_to_radians(degrees: float) -> float:
    """Convert an angle from degrees to radians.

    Args:
        degrees: The angle in degrees.

    Returns:
        The angle in radians.

    Example:
        >>> round(degrees_to_radians(180), 6)
        3.141593
    """
    return math.radians(degrees)


def radians_to_degrees(radians: float) -> float:
    """Convert an angle from radians to degrees.

    Args:
        radians: The angle in radians.

    Returns:
        The angle in degrees.

    Example:
        >>> round(radians_to_degrees(math.pi / 2), 6)
        90.0
    """
    return math.degrees(radians)


def degrees_to_gradians(degrees: float) -> float:
    """Convert degrees to gradians (gons), the surveyors' unit with 400 to a full turn.

    Args:
        degrees: The angle in degrees.

    Returns:
        The angle in gradians.

    Example:
        >>> degrees_to_gradians(90)
        100.0
    """
    return degrees * 400 / 360


def gradians_to_degrees(gradians: float) -> float:
    """Convert gradians (gons) to degrees.

    Args:
        gradians: The angle in gradians.

    Returns:
        The angle in degrees.

    Example:
        >>> gradians_to_degrees(50)
        45.0
    """
    return gradians * 360 / 400


def normalize_angle_degrees(degrees: float) -> float:
    """Bring any angle into the range [0, 360).

    Args:
        degrees: Any angle in degrees, possibly negative or above 360.

    Returns:
        The equivalent angle from 0 up to (not including) 360.

    Example:
        >>> normalize_angle_degrees(-90)
        270.0
    """
    return float(degrees % 360)


def smallest_angle_difference(from_degrees: float, to_degrees: float) -> float:
    """Signed smallest turn from one heading to another, from -180 to 180 degrees.

    Args:
        from_degrees: The starting heading.
        to_degrees: The target heading.

    Returns:
        Positive for a clockwise turn, negative for counter-clockwise.

    Example:
        >>> smallest_angle_difference(350, 10)
        20.0
    """
    return float((to_degrees - from_degrees + 180) % 360 - 180)


def law_of_cosines_side(side_a: float, side_b: float, angle_c_degrees: float) -> float:
    """Third side of a triangle from two sides and the angle between them.

    Args:
        side_a: One side.
        side_b: The other side.
        angle_c_degrees: The angle between them, in degrees.

    Returns:
        The length of the side opposite the angle.

    Example:
        >>> round(law_of_cosines_side(3, 4, 90), 6)
        5.0
    """
    angle = math.radians(angle_c_degrees)
    return math.sqrt(side_a**2 + side_b**2 - 2 * side_a * side_b * math.cos(angle))


def law_of_cosines_angle(side_a: float, side_b: float, side_c: float) -> float:
    """Angle opposite side c of a triangle given all three sides, in degrees.

    Args:
        side_a: First side.
        side_b: Second side.
        side_c: The side opposite the wanted angle.

    Returns:
        The angle in degrees.

    Raises:
        ValueError: The sides cannot form a triangle.

    Example:
        >>> round(law_of_cosines_angle(3, 4, 5), 6)
        90.0
    """
    cosine = (side_a**2 + side_b**2 - side_c**2) / (2 * side_a * side_b)
    if not -1 <= cosine <= 1:
        raise ValueError("These sides do not form a triangle.")
    return math.degrees(math.acos(cosine))


def law_of_sines_side(known_side: float, opposite_angle: float, target_angle: float) -> float:
    """A triangle's side from a known side and the angles opposite each (law of sines).

    Args:
        known_side: Length of a known side.
        opposite_angle: The angle opposite the known side, in degrees.
        target_angle: The angle opposite the wanted side, in degrees.

    Returns:
        The wanted side's length.

    Example:
        >>> round(law_of_sines_side(10, 30, 90), 6)
        20.0
    """
    return (
        known_side * math.sin(math.radians(target_angle)) / math.sin(math.radians(opposite_angle))
    )


def triangle_angles_from_sides(a: float, b: float, c: float) -> tuple[float, float, float]:
    """All three angles of a triangle from its sides, in degrees.

    Args:
        a: Side a (opposite angle A).
        b: Side b (opposite angle B).
        c: Side c (opposite angle C).

    Returns:
        (A, B, C) in degrees, summing to 180.

    Example:
        >>> [round(x, 2) for x in triangle_angles_from_sides(3, 4, 5)]
        [36.87, 53.13, 90.0]
    """
    angle_a = law_of_cosines_angle(b, c, a)
    angle_b = law_of_cosines_angle(a, c, b)
    return angle_a, angle_b, 180 - angle_a - angle_b


def right_triangle_leg(hypotenuse: float, other_leg: float) -> float:
    """Missing leg of a right triangle from the hypotenuse and the other leg.

    Args:
        hypotenuse: The longest side.
        other_leg: The known shorter side.

    Returns:
        The missing leg.

    Raises:
        ValueError: The leg is longer than the hypotenuse.

    Example:
        >>> right_triangle_leg(13, 5)
        12.0
    """
    if other_leg > hypotenuse:
        raise ValueError("A leg cannot be longer than the hypotenuse.")
    return math.sqrt(hypotenuse**2 - other_leg**2)


def slope_percent_to_degrees(percent: float) -> float:
    """Convert a slope given in percent (rise per 100 run) to an angle in degrees.

    Args:
        percent: The grade in percent, e.g. 10 for a 10% road.

    Returns:
        The incline angle in degrees.

    Example:
        >>> round(slope_percent_to_degrees(100), 6)
        45.0
    """
    return math.degrees(math.atan(percent / 100))


def slope_degrees_to_percent(degrees: float) -> float:
    """Convert an incline angle in degrees to a grade in percent.

    Args:
        degrees: The incline angle, below 90.

    Returns:
        Rise per 100 units of run.

    Example:
        >>> round(slope_degrees_to_percent(45), 6)
        100.0
    """
    return math.tan(math.radians(degrees)) * 100


def polar_to_cartesian(radius: float, angle_degrees: float) -> tuple[float, float]:
    """Convert polar coordinates to (x, y).

    Args:
        radius: Distance from the origin.
        angle_degrees: Angle from the positive x axis, counter-clockwise.

    Returns:
        The point as (x, y).

    Example:
        >>> [round(v, 6) for v in polar_to_cartesian(2, 90)]
        [0.0, 2.0]
    """
    angle = math.radians(angle_degrees)
    return radius * math.cos(angle), radius * math.sin(angle)


def cartesian_to_polar(x: float, y: float) -> tuple[float, float]:
    """Convert (x, y) to polar coordinates (radius, angle in degrees from 0 to 360).

    Args:
        x: The x coordinate.
        y: The y coordinate.

    Returns:
        (radius, angle in degrees).

    Example:
        >>> cartesian_to_polar(0, -3)
        (3.0, 270.0)
    """
    return math.hypot(x, y), math.degrees(math.atan2(y, x)) % 360


def rotate_point(
    point: tuple[float, float], angle_degrees: float, center: tuple[float, float] = (0.0, 0.0)
) -> tuple[float, float]:
    """Rotate a point counter-clockwise around a centre.

    Args:
        point: The point as (x, y).
        angle_degrees: Rotation angle, counter-clockwise.
        center: The pivot point.

    Returns:
        The rotated point as (x, y).

    Example:
        >>> [round(v, 6) for v in rotate_point((1, 0), 90)]
        [0.0, 1.0]
    """
    angle = math.radians(angle_degrees)
    dx, dy = point[0] - center[0], point[1] - center[1]
    return (
        center[0] + dx * math.cos(angle) - dy * math.sin(angle),
        center[1] + dx * math.sin(angle) + dy * math.cos(angle),
    )


def sine_degrees(degrees: float) -> float:
    """Sine of an angle given in degrees, exact for multiples of 30 and 45 up to rounding.

    Args:
        degrees: The angle in degrees.

    Returns:
        The sine, rounded to 15 decimals so sin(180) is 0.0.

    Example:
        >>> sine_degrees(30)
        0.5
    """
    return round(math.sin(math.radians(degrees)), 15)


def cosine_degrees(degrees: float) -> float:
    """Cosine of an angle given in degrees.

    Args:
        degrees: The angle in degrees.

    Returns:
        The cosine, rounded to 15 decimals so cos(90) is 0.0.

    Example:
        >>> cosine_degrees(60)
        0.5
    """
    return round(math.cos(math.radians(degrees)), 15)


def height_from_angle_and_distance(distance: float, elevation_degrees: float) -> float:
    """Height of an object from the distance to its base and the angle up to its top.

    Args:
        distance: Horizontal distance to the base of the object.
        elevation_degrees: Angle of elevation to the top, in degrees.

    Returns:
        The height above eye level.

    Example:
        >>> round(height_from_angle_and_distance(100, 45), 6)
        100.0
    """
    return distance * math.tan(math.radians(elevation_degrees))
