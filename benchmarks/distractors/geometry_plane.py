"""Plane geometry: areas, perimeters and distances of flat shapes and points.

Lengths are in any one unit; areas come out in that unit squared. Points are (x, y) pairs.
"""

from __future__ import annotations

import math


def triangle_area_from_sides(a: float, b: float, c: float) -> float:
    """Area of a triangle from the lengths of its three sides (Heron's formula).

    Args:
        a: Length of the first side.
        b: Length of the second side.
        c: Length of the third side.

    Returns:
        The triangle's area.

    Raises:
        ValueError: The three lengths cannot form a triangle.

    Example:
        >>> triangle_area_from_sides(3, 4, 5)
        6.0
    """
    s = (a + b + c) / 2
    product = s * (s - a) * (s - b) * (s - c)
    if min(a, b, c) <= 0 or product < 0:
        raise ValueError(f"Sides {a}, {b}, {c} do not form a triangle.")
    return math.sqrt(product)


def triangle_area_from_vertices(
    p1: tuple[float, float], p2: tuple[float, float], p3: tuple[float, float]
) -> float:
    """Area of a triangle given the coordinates of its three corners.

    Args:
        p1: First corner as (x, y).
        p2: Second corner as (x, y).
        p3: Third corner as (x, y).

    Returns:
        The area (always non-negative).

    Example:
        >>> triangle_area_from_vertices((0, 0), (4, 0), (0, 3))
        6.0
    """
    (x1, y1), (x2, y2), (x3, y3) = p1, p2, p3
    return abs(x1 * (y2 - y3) + x2 * (y3 - y1) + x3 * (y1 - y2)) / 2


def polygon_area_shoelace(points: list[tuple[float, float]]) -> float:
    """Area of a simple polygon from its corners in order (the shoelace formula).

    Args:
        points: Corners as (x, y) pairs, clockwise or counter-clockwise.

    Returns:
        The enclosed area.

    Raises:
        ValueError: Fewer than three corners.

    Example:
        >>> polygon_area_shoelace([(0, 0), (4, 0), (4, 3), (0, 3)])
        12.0
    """
    if len(points) < 3:
        raise ValueError("A polygon needs at least three corners.")
    twice = sum(
        x1 * y2 - x2 * y1
        for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True)
    )
    return abs(twice) / 2


def polygon_perimeter(points: list[tuple[float, float]]) -> float:
    """Perimeter of a closed polygon through its corners in order.

    Args:
        points: Corners as (x, y) pairs; the last corner connects back to the first.

    Returns:
        The total length of the edges.

    Example:
        >>> polygon_perimeter([(0, 0), (3, 0), (3, 4)])
        12.0
    """
    return sum(math.dist(a, b) for a, b in zip(points, points[1:] + points[:1], strict=True))


def circle_area(radius: float) -> float:
    """Area enclosed by a circle of the given radius.

    Args:
        radius: The circle's radius.

    Returns:
        pi times the radius squared.

    Example:
        >>> round(circle_area(2), 4)
        12.5664
    """
    return math.pi * radius**2


def circle_circumference(radius: float) -> float:
    """Circumference (perimeter) of a circle.

    Args:
        radius: The circle's radius.

    Returns:
        Two pi times the radius.

    Example:
        >>> round(circle_circumference(1), 4)
        6.2832
    """
    return 2 * math.pi * radius


def ring_area(outer_radius: float, inner_radius: float) -> float:
    """Area of a flat ring (annulus) between two concentric circles.

    Args:
        outer_radius: Radius of the outer edge.
        inner_radius: Radius of the hole.

    Returns:
        The ring's area.

    Raises:
        ValueError: The hole is larger than the ring or a radius is negative.

    Example:
        >>> round(ring_area(2, 1), 4)
        9.4248
    """
    if inner_radius < 0 or outer_radius < inner_radius:
        raise ValueError("Need 0 <= inner_radius <= outer_radius.")
    return math.pi * (outer_radius**2 - inner_radius**2)


def ellipse_area(semi_major: float, semi_minor: float) -> float:
    """Area of an ellipse from its two semi-axes.

    Args:
        semi_major: Half the longest diameter.
        semi_minor: Half the shortest diameter.

    Returns:
        pi times the product of the semi-axes.

    Example:
        >>> round(ellipse_area(3, 2), 3)
        18.85
    """
    return math.pi * semi_major * semi_minor


def ellipse_perimeter(semi_major: float, semi_minor: float) -> float:
    """Perimeter of an ellipse by Ramanujan's second approximation (error below 1e-9 relative).

    Args:
        semi_major: Half the longest diameter.
        semi_minor: Half the shortest diameter.

    Returns:
        The approximate perimeter.

    Example:
        >>> round(ellipse_perimeter(3, 2), 3)
        15.865
    """
    h = ((semi_major - semi_minor) / (semi_major + semi_minor)) ** 2
    return math.pi * (semi_major + semi_minor) * (1 + 3 * h / (10 + math.sqrt(4 - 3 * h)))


def circular_sector_area(radius: float, angle_degrees: float) -> float:
    """Area of a pie-slice sector of a circle.

    Args:
        radius: The circle's radius.
        angle_degrees: The sector's central angle in degrees.

    Returns:
        The sector's area.

    Example:
        >>> round(circular_sector_area(2, 90), 4)
        3.1416
    """
    return math.pi * radius**2 * angle_degrees / 360


def circular_arc_length(radius: float, angle_degrees: float) -> float:
    """Length of a circular arc spanning a central angle.

    Args:
        radius: The circle's radius.
        angle_degrees: The arc's central angle in degrees.

    Returns:
        The arc length.

    Example:
        >>> round(circular_arc_length(10, 180), 3)
        31.416
    """
    return radius * math.radians(angle_degrees)


def chord_length(radius: float, angle_degrees: float) -> float:
    """Length of the chord cutting off a central angle of a circle.

    Args:
        radius: The circle's radius.
        angle_degrees: The central angle in degrees.

    Returns:
        The straight-line distance between the chord's ends.

    Example:
        >>> round(chord_length(1, 60), 6)
        1.0
    """
    return 2 * radius * math.sin(math.radians(angle_degrees) / 2)


def regular_polygon_area(sides: int, side_length: float) -> float:
    """Area of a regular polygon with equal sides and angles.

    Args:
        sides: Number of sides, at least 3.
        side_length: Length of each side.

    Returns:
        The polygon's area.

    Raises:
        ValueError: Fewer than three sides.

    Example:
        >>> round(regular_polygon_area(6, 1), 4)
        2.5981
    """
    if sides < 3:
        raise ValueError("A regular polygon has at least three sides.")
    return sides * side_length**2 / (4 * math.tan(math.pi / sides))


def regular_polygon_interior_angle(sides: int) -> float:
    """Each interior angle of a regular polygon, in degrees.

    Args:
        sides: Number of sides, at least 3.

    Returns:
        The interior angle in degrees.

    Example:
        >>> regular_polygon_interior_angle(8)
        135.0
    """
    if sides < 3:
        raise ValueError("A regular polygon has at least three sides.")
    return (sides - 2) * 180 / sides


def rectangle_diagonal(width: float, height: float) -> float:
    """Length of a rectangle's diagonal.

    Args:
        width: The rectangle's width.
        height: The rectangle's height.

    Returns:
        The diagonal length.

    Example:
        >>> rectangle_diagonal(3, 4)
        5.0
    """
    return math.hypot(width, height)


def trapezoid_area(base_a: float, base_b: float, height: float) -> float:
    """Area of a trapezoid from its two parallel sides and its height.

    Args:
        base_a: Length of one parallel side.
        base_b: Length of the other parallel side.
        height: Distance between the parallel sides.

    Returns:
        The trapezoid's area.

    Example:
        >>> trapezoid_area(4, 6, 3)
        15.0
    """
    return (base_a + base_b) * height / 2


def rhombus_area(diagonal_1: float, diagonal_2: float) -> float:
    """Area of a rhombus (or any kite) from its two diagonals.

    Args:
        diagonal_1: Length of one diagonal.
        diagonal_2: Length of the other diagonal.

    Returns:
        Half the product of the diagonals.

    Example:
        >>> rhombus_area(6, 4)
        12.0
    """
    return diagonal_1 * diagonal_2 / 2


def midpoint_2d(p1: tuple[float, float], p2: tuple[float, float]) -> tuple[float, float]:
    """Point halfway between two points in the plane.

    Args:
        p1: First point as (x, y).
        p2: Second point as (x, y).

    Returns:
        The midpoint as (x, y).

    Example:
        >>> midpoint_2d((0, 0), (4, 6))
        (2.0, 3.0)
    """
    return ((p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2)


def point_in_polygon(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    """Whether a point lies inside a polygon (ray casting; points on an edge may go either way).

    Args:
        point: The point as (x, y).
        polygon: The polygon's corners in order.

    Returns:
        True when the point is inside.

    Example:
        >>> point_in_polygon((1, 1), [(0, 0), (4, 0), (4, 4), (0, 4)])
        True
    """
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def distance_point_to_line(
    point: tuple[float, float], line_start: tuple[float, float], line_end: tuple[float, float]
) -> float:
    """Shortest distance from a point to the infinite line through two points.

    Args:
        point: The point as (x, y).
        line_start: A first point on the line.
        line_end: A second, different point on the line.

    Returns:
        The perpendicular distance.

    Raises:
        ValueError: The two line points coincide.

    Example:
        >>> distance_point_to_line((0, 5), (-1, 0), (1, 0))
        5.0
    """
    (x0, y0), (x1, y1), (x2, y2) = point, line_start, line_end
    length = math.hypot(x2 - x1, y2 - y1)
    if length == 0:
        raise ValueError("The two points defining the line must differ.")
    return abs((y2 - y1) * x0 - (x2 - x1) * y0 + x2 * y1 - y2 * x1) / length
