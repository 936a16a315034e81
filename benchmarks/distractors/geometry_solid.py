"""Solid geometry: volumes, surface areas and diagonals of three-dimensional shapes.

Lengths are in any one unit; volumes come out in that unit cubed and areas in that unit squared.
"""

from __future__ import annotations

import math


def sphere_volume(radius: float) -> float:
    """Volume of a ball of the given radius.

    Args:
        radius: The sphere's radius.

    Returns:
        Four thirds pi times the radius cubed.

    Example:
        >>> round(sphere_volume(1), 4)
        4.1888
    """
    return 4 / 3 * math.pi * radius**3


def sphere_surface_area(radius: float) -> float:
    """Surface area of a sphere.

    Args:
        radius: The sphere's radius.

    Returns:
        Four pi times the radius squared.

    Example:
        >>> round(sphere_surface_area(1), 4)
        12.5664
    """
    return 4 * math.pi * radius**2


def sphere_radius_from_volume(volume: float) -> float:
    """Radius of the sphere that holds a given volume.

    Args:
        volume: The volume, non-negative.

    Returns:
        The radius.

    Raises:
        ValueError: The volume is negative.

    Example:
        >>> round(sphere_radius_from_volume(4.18879), 3)
        1.0
    """
    if volume < 0:
        raise ValueError("A volume cannot be negative.")
    return (3 * volume / (4 * math.pi)) ** (1 / 3)


def cylinder_volume(radius: float, height: float) -> float:
    """Volume of a right circular cylinder, e.g. a tank or a can.

    Args:
        radius: Radius of the base.
        height: Height of the cylinder.

    Returns:
        The volume.

    Example:
        >>> round(cylinder_volume(1, 2), 4)
        6.2832
    """
    return math.pi * radius**2 * height


def cylinder_surface_area(radius: float, height: float, closed: bool = True) -> float:
    """Outer surface area of a cylinder, with or without its two end discs.

    Args:
        radius: Radius of the base.
        height: Height of the cylinder.
        closed: Include the top and bottom discs.

    Returns:
        The surface area.

    Example:
        >>> round(cylinder_surface_area(1, 1, closed=False), 4)
        6.2832
    """
    side = 2 * math.pi * radius * height
    return side + (2 * math.pi * radius**2 if closed else 0)


def cone_volume(radius: float, height: float) -> float:
    """Volume of a right circular cone.

    Args:
        radius: Radius of the base.
        height: Perpendicular height.

    Returns:
        One third of the base area times the height.

    Example:
        >>> round(cone_volume(3, 4), 3)
        37.699
    """
    return math.pi * radius**2 * height / 3


def cone_slant_height(radius: float, height: float) -> float:
    """Slant height of a right circular cone (apex to base edge).

    Args:
        radius: Radius of the base.
        height: Perpendicular height.

    Returns:
        The slant height.

    Example:
        >>> cone_slant_height(3, 4)
        5.0
    """
    return math.hypot(radius, height)


def cone_surface_area(radius: float, height: float) -> float:
    """Total surface area of a right circular cone including its base.

    Args:
        radius: Radius of the base.
        height: Perpendicular height.

    Returns:
        Lateral area plus base area.

    Example:
        >>> round(cone_surface_area(3, 4), 3)
        75.398
    """
    return math.pi * radius * (radius + math.hypot(radius, height))


def cuboid_volume(length: float, width: float, height: float) -> float:
    """Volume of a rectangular box.

    Args:
        length: The box's length.
        width: The box's width.
        height: The box's height.

    Returns:
        length times width times height.

    Example:
        >>> cuboid_volume(2, 3, 4)
        24
    """
    return length * width * height


def cuboid_surface_area(length: float, width: float, height: float) -> float:
    """Total area of the six faces of a rectangular box, e.g. for wrapping material.

    Args:
        length: The box's length.
        width: The box's width.
        height: The box's height.

    Returns:
        The surface area.

    Example:
        >>> cuboid_surface_area(2, 3, 4)
        52
    """
    return 2 * (length * width + length * height + width * height)


def cuboid_space_diagonal(length: float, width: float, height: float) -> float:
    """Longest straight line inside a rectangular box, corner to opposite corner.

    Args:
        length: The box's length.
        width: The box's width.
        height: The box's height.

    Returns:
        The space diagonal.

    Example:
        >>> cuboid_space_diagonal(2, 3, 6)
        7.0
    """
    return math.sqrt(length**2 + width**2 + height**2)


def pyramid_volume(base_area: float, height: float) -> float:
    """Volume of any pyramid or cone from its base area and height.

    Args:
        base_area: Area of the base.
        height: Perpendicular height from base to apex.

    Returns:
        One third of base area times height.

    Example:
        >>> pyramid_volume(9, 4)
        12.0
    """
    return base_area * height / 3


def frustum_volume(bottom_radius: float, top_radius: float, height: float) -> float:
    """Volume of a conical frustum, e.g. a bucket or a lampshade.

    Args:
        bottom_radius: Radius of the larger circular face.
        top_radius: Radius of the smaller circular face.
        height: Distance between the two faces.

    Returns:
        The volume.

    Example:
        >>> round(frustum_volume(2, 1, 3), 3)
        21.991
    """
    r1, r2 = bottom_radius, top_radius
    return math.pi * height * (r1**2 + r1 * r2 + r2**2) / 3


def torus_volume(major_radius: float, minor_radius: float) -> float:
    """Volume of a torus (doughnut shape).

    Args:
        major_radius: Distance from the centre of the hole to the centre of the tube.
        minor_radius: Radius of the tube.

    Returns:
        The volume.

    Example:
        >>> round(torus_volume(3, 1), 3)
        59.218
    """
    return 2 * math.pi**2 * major_radius * minor_radius**2


def torus_surface_area(major_radius: float, minor_radius: float) -> float:
    """Surface area of a torus.

    Args:
        major_radius: Distance from the centre of the hole to the centre of the tube.
        minor_radius: Radius of the tube.

    Returns:
        The surface area.

    Example:
        >>> round(torus_surface_area(3, 1), 3)
        118.435
    """
    return 4 * math.pi**2 * major_radius * minor_radius


def spherical_cap_volume(sphere_radius: float, cap_height: float) -> float:
    """Volume of the cap cut off a sphere by a plane, e.g. liquid in a round flask.

    Args:
        sphere_radius: Radius of the whole sphere.
        cap_height: Height of the cap, from 0 to twice the radius.

    Returns:
        The cap's volume.

    Raises:
        ValueError: The cap is taller than the sphere.

    Example:
        >>> round(spherical_cap_volume(1, 1), 4)
        2.0944
    """
    if not 0 <= cap_height <= 2 * sphere_radius:
        raise ValueError("The cap height must be between 0 and the sphere's diameter.")
    return math.pi * cap_height**2 * (3 * sphere_radius - cap_height) / 3


def capsule_volume(radius: float, cylinder_length: float) -> float:
    """Volume of a capsule: a cylinder with a hemisphere on each end.

    Args:
        radius: Radius of the cylinder and the end caps.
        cylinder_length: Length of the straight middle part.

    Returns:
        The volume.

    Example:
        >>> round(capsule_volume(1, 2), 3)
        10.472
    """
    return math.pi * radius**2 * (4 / 3 * radius + cylinder_length)


def regular_tetrahedron_volume(edge: float) -> float:
    """Volume of a regular tetrahedron (four equilateral triangles).

    Args:
        edge: Length of each edge.

    Returns:
        The volume.

    Example:
        >>> round(regular_tetrahedron_volume(2), 4)
        0.9428
    """
    return edge**3 / (6 * math.sqrt(2))


def regular_octahedron_volume(edge: float) -> float:
    """Volume of a regular octahedron (eight equilateral triangles).

    Args:
        edge: Length of each edge.

    Returns:
        The volume.

    Example:
        >>> round(regular_octahedron_volume(1), 4)
        0.4714
    """
    return math.sqrt(2) / 3 * edge**3


def distance_between_points_3d(
    p1: tuple[float, float, float], p2: tuple[float, float, float]
) -> float:
    """Straight-line distance between two points in space.

    Args:
        p1: First point as (x, y, z).
        p2: Second point as (x, y, z).

    Returns:
        The Euclidean distance.

    Example:
        >>> distance_between_points_3d((0, 0, 0), (1, 2, 2))
        3.0
    """
    return math.dist(p1, p2)
