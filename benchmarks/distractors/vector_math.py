"""Vectors as lists of numbers: arithmetic, products, norms, angles and projections.

Vectors may have any length, but the two vectors of one call must have the same length.
"""

from __future__ import annotations

import math


def _check(a: list[float], b: list[float]) -> None:
    if len(a) != len(b):
        raise ValueError(f"Vectors differ in length ({len(a)} and {len(b)}).")


def vector_add(a: list[float], b: list[float]) -> list[float]:
    """Add two vectors component by component.

    Args:
        a: The first vector.
        b: The second vector, same length.

    Returns:
        The component-wise sum.

    Raises:
        ValueError: The vectors differ in length.

    Example:
        >>> vector_add([1, 2], [3, 4])
        [4, 6]
    """
    _check(a, b)
    return [x + y for x, y in zip(a, b, strict=True)]


def vector_subtract(a: list[float], b: list[float]) -> list[float]:
    """Subtract vector b from vector a.

    Args:
        a: The vector to subtract from.
        b: The vector to subtract, same length.

    Returns:
        a minus b, component by component.

    Raises:
        ValueError: The vectors differ in length.

    Example:
        >>> vector_subtract([5, 5], [1, 2])
        [4, 3]
    """
    _check(a, b)
    return [x - y for x, y in zip(a, b, strict=True)]


def vector_scale(vector: list[float], factor: float) -> list[float]:
    """Multiply every component of a vector by a number.

    Args:
        vector: The vector.
        factor: The scale factor.

    Returns:
        The scaled vector.

    Example:
        >>> vector_scale([1, -2, 3], 2)
        [2, -4, 6]
    """
    return [x * factor for x in vector]


def dot_product(a: list[float], b: list[float]) -> float:
    """Dot (scalar) product of two vectors.

    Args:
        a: The first vector.
        b: The second vector, same length.

    Returns:
        The sum of the component products.

    Raises:
        ValueError: The vectors differ in length.

    Example:
        >>> dot_product([1, 2, 3], [4, 5, 6])
        32
    """
    _check(a, b)
    return sum(x * y for x, y in zip(a, b, strict=True))


def cross_product(a: list[float], b: list[float]) -> list[float]:
    """Cross product of two 3-D vectors, perpendicular to both.

    Args:
        a: The first 3-D vector.
        b: The second 3-D vector.

    Returns:
        a x b as a 3-D vector.

    Raises:
        ValueError: A vector does not have three components.

    Example:
        >>> cross_product([1, 0, 0], [0, 1, 0])
        [0, 0, 1]
    """
    if len(a) != 3 or len(b) != 3:
        raise ValueError("The cross product needs two 3-D vectors.")
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def vector_length(vector: list[float]) -> float:
    """Euclidean length (magnitude, L2 norm) of a vector.

    Args:
        vector: The vector.

    Returns:
        The square root of the sum of squares.

    Example:
        >>> vector_length([3, 4])
        5.0
    """
    return math.sqrt(sum(x * x for x in vector))


def unit_vector(vector: list[float]) -> list[float]:
    """Vector of length 1 pointing the same way.

    Args:
        vector: A non-zero vector.

    Returns:
        The normalised vector.

    Raises:
        ValueError: The vector is zero.

    Example:
        >>> unit_vector([0, 3, 4])
        [0.0, 0.6, 0.8]
    """
    length = vector_length(vector)
    if length == 0:
        raise ValueError("The zero vector has no direction.")
    return [x / length for x in vector]


def vector_projection(a: list[float], onto: list[float]) -> list[float]:
    """Projection of vector a onto the direction of another vector.

    Args:
        a: The vector to project.
        onto: The direction vector, non-zero.

    Returns:
        The component of a along `onto`, as a vector.

    Raises:
        ValueError: `onto` is zero or the lengths differ.

    Example:
        >>> vector_projection([2, 3], [1, 0])
        [2.0, 0.0]
    """
    denominator = dot_product(onto, onto)
    if denominator == 0:
        raise ValueError("Cannot project onto the zero vector.")
    factor = dot_product(a, onto) / denominator
    return [factor * x for x in onto]


def angle_between_vectors(a: list[float], b: list[float]) -> float:
    """Angle between two non-zero vectors, in degrees from 0 to 180.

    Args:
        a: The first vector.
        b: The second vector, same length.

    Returns:
        The angle in degrees.

    Raises:
        ValueError: A vector is zero or the lengths differ.

    Example:
        >>> round(angle_between_vectors([1, 0], [0, 1]), 6)
        90.0
    """
    lengths = vector_length(a) * vector_length(b)
    if lengths == 0:
        raise ValueError("The angle with a zero vector is undefined.")
    return math.degrees(math.acos(max(-1.0, min(1.0, dot_product(a, b) / lengths))))


def cosine_similarity(a: list[float], b: list[float]) -> float:
    """Cosine similarity of two vectors, from -1 (opposite) to 1 (same direction).

    Args:
        a: The first vector.
        b: The second vector, same length.

    Returns:
        The cosine of the angle between them.

    Raises:
        ValueError: A vector is zero or the lengths differ.

    Example:
        >>> cosine_similarity([1, 1], [2, 2])
        1.0
    """
    lengths = vector_length(a) * vector_length(b)
    if lengths == 0:
        raise ValueError("Cosine similarity with a zero vector is undefined.")
    return round(dot_product(a, b) / lengths, 12)


def manhattan_distance(a: list[float], b: list[float]) -> float:
    """Manhattan (taxicab, L1) distance between two points.

    Args:
        a: The first point.
        b: The second point, same length.

    Returns:
        The sum of absolute coordinate differences.

    Example:
        >>> manhattan_distance([1, 1], [4, 5])
        7
    """
    _check(a, b)
    return sum(abs(x - y) for x, y in zip(a, b, strict=True))


def chebyshev_distance(a: list[float], b: list[float]) -> float:
    """Chebyshev (chessboard, L-infinity) distance between two points.

    Args:
        a: The first point.
        b: The second point, same length.

    Returns:
        The largest absolute coordinate difference.

    Example:
        >>> chebyshev_distance([1, 1], [4, 5])
        4
    """
    _check(a, b)
    return max(abs(x - y) for x, y in zip(a, b, strict=True))


def euclidean_distance(a: list[float], b: list[float]) -> float:
    """Straight-line distance between two points of any dimension.

    Args:
        a: The first point.
        b: The second point, same length.

    Returns:
        The Euclidean distance.

    Example:
        >>> euclidean_distance([0, 0, 0, 0], [1, 1, 1, 1])
        2.0
    """
    _check(a, b)
    return math.dist(a, b)


def centroid_of_points(points: list[list[float]]) -> list[float]:
    """Centre of mass (mean position) of a set of points.

    Args:
        points: Points of equal dimension.

    Returns:
        The mean of each coordinate.

    Raises:
        ValueError: No points were given.

    Example:
        >>> centroid_of_points([[0, 0], [2, 0], [2, 2], [0, 2]])
        [1.0, 1.0]
    """
    if not points:
        raise ValueError("Give at least one point.")
    return [sum(column) / len(points) for column in zip(*points, strict=True)]


def scalar_triple_product(a: list[float], b: list[float], c: list[float]) -> float:
    """Scalar triple product a . (b x c): the signed volume of the parallelepiped they span.

    Args:
        a: First 3-D vector.
        b: Second 3-D vector.
        c: Third 3-D vector.

    Returns:
        The signed volume.

    Example:
        >>> scalar_triple_product([1, 0, 0], [0, 1, 0], [0, 0, 1])
        1
    """
    return dot_product(a, cross_product(b, c))


def vectors_are_orthogonal(a: list[float], b: list[float], tolerance: float = 1e-9) -> bool:
    """Whether two vectors are perpendicular (their dot product is zero).

    Args:
        a: The first vector.
        b: The second vector, same length.
        tolerance: How close to zero the dot product must be.

    Returns:
        True when perpendicular.

    Example:
        >>> vectors_are_orthogonal([1, 2], [-2, 1])
        True
    """
    return abs(dot_product(a, b)) <= tolerance


def vectors_are_parallel(a: list[float], b: list[float], tolerance: float = 1e-9) -> bool:
    """Whether two vectors point along the same line (same or opposite direction).

    Args:
        a: The first vector.
        b: The second vector, same length.
        tolerance: Allowed deviation of |cos| from 1.

    Returns:
        True when parallel; the zero vector counts as parallel to everything.

    Example:
        >>> vectors_are_parallel([1, 2, 3], [-2, -4, -6])
        True
    """
    lengths = vector_length(a) * vector_length(b)
    return lengths == 0 or abs(abs(dot_product(a, b)) / lengths - 1) <= tolerance


def reflect_vector(vector: list[float], normal: list[float]) -> list[float]:
    """Mirror a direction vector off a surface with the given normal (like a bouncing ball).

    Args:
        vector: The incoming direction.
        normal: The surface normal, any non-zero length.

    Returns:
        The reflected direction.

    Example:
        >>> reflect_vector([1, -1], [0, 1])
        [1.0, 1.0]
    """
    n = unit_vector(normal)
    factor = 2 * dot_product(vector, n)
    return [v - factor * k for v, k in zip(vector, n, strict=True)]


def perpendicular_2d(vector: list[float]) -> list[float]:
    """A 2-D vector rotated 90 degrees counter-clockwise.

    Args:
        vector: A 2-D vector (x, y).

    Returns:
        (-y, x).

    Example:
        >>> perpendicular_2d([3, 1])
        [-1, 3]
    """
    if len(vector) != 2:
        raise ValueError("perpendicular_2d needs a 2-D vector.")
    return [-vector[1], vector[0]]
