"""Small dense matrices as lists of rows: products, determinants, inverses, linear systems.

Exact arithmetic with fractions is used for inverses and solving, so integer inputs give exact
answers; results are returned as floats.
"""

from __future__ import annotations

from fractions import Fraction


def _shape(matrix: list[list[float]]) -> tuple[int, int]:
    if not matrix or not all(len(row) == len(matrix[0]) for row in matrix):
        raise ValueError("A matrix is a non-empty list of rows of equal length.")
    return len(matrix), len(matrix[0])


def _square(matrix: list[list[float]]) -> int:
    rows, columns = _shape(matrix)
    if rows != columns:
        raise ValueError(f"The matrix must be square, got {rows}x{columns}.")
    return rows


def matrix_transpose(matrix: list[list[float]]) -> list[list[float]]:
    """Swap a matrix's rows and columns.

    Args:
        matrix: The matrix as a list of rows.

    Returns:
        The transposed matrix.

    Example:
        >>> matrix_transpose([[1, 2, 3], [4, 5, 6]])
        [[1, 4], [2, 5], [3, 6]]
    """
    _shape(matrix)
    return [list(column) for column in zip(*matrix, strict=True)]


def matrix_multiply(a: list[list[float]], b: list[list[float]]) -> list[list[float]]:
    """Matrix product a times b.

    Args:
        a: An m x n matrix.
        b: An n x p matrix.

    Returns:
        The m x p product.

    Raises:
        ValueError: The inner dimensions do not match.

    Example:
        >>> matrix_multiply([[1, 2], [3, 4]], [[5], [6]])
        [[17], [39]]
    """
    (_, n), (rows_b, _) = _shape(a), _shape(b)
    if n != rows_b:
        raise ValueError(f"Cannot multiply: a has {n} columns but b has {rows_b} rows.")
    columns = list(zip(*b, strict=True))
    return [[sum(x * y for x, y in zip(row, col, strict=True)) for col in columns] for row in a]


def matrix_add(a: list[list[float]], b: list[list[float]]) -> list[list[float]]:
    """Add two matrices of the same shape.

    Args:
        a: The first matrix.
        b: The second matrix.

    Returns:
        The element-wise sum.

    Raises:
        ValueError: The shapes differ.

    Example:
        >>> matrix_add([[1, 2]], [[10, 20]])
        [[11, 22]]
    """
    if _shape(a) != _shape(b):
        raise ValueError("Matrices of different shapes cannot be added.")
    return [[x + y for x, y in zip(r, s, strict=True)] for r, s in zip(a, b, strict=True)]


def matrix_scalar_multiply(matrix: list[list[float]], factor: float) -> list[list[float]]:
    """Multiply every entry of a matrix by a number.

    Args:
        matrix: The matrix.
        factor: The number.

    Returns:
        The scaled matrix.

    Example:
        >>> matrix_scalar_multiply([[1, 2], [3, 4]], 3)
        [[3, 6], [9, 12]]
    """
    _shape(matrix)
    return [[x * factor for x in row] for row in matrix]


def identity_matrix(size: int) -> list[list[int]]:
    """The identity matrix of a given size.

    Args:
        size: Number of rows and columns.

    Returns:
        A size x size matrix with ones on the diagonal.

    Example:
        >>> identity_matrix(2)
        [[1, 0], [0, 1]]
    """
    return [[int(i == j) for j in range(size)] for i in range(size)]


def matrix_determinant(matrix: list[list[float]]) -> float:
    """Determinant of a square matrix (exact elimination over fractions).

    Args:
        matrix: A square matrix.

    Returns:
        The determinant.

    Raises:
        ValueError: The matrix is not square.

    Example:
        >>> matrix_determinant([[2, 0, 1], [1, 3, 2], [1, 1, 2]])
        6.0
    """
    size = _square(matrix)
    rows = [[Fraction(x) for x in row] for row in matrix]
    determinant = Fraction(1)
    for col in range(size):
        pivot = next((r for r in range(col, size) if rows[r][col] != 0), None)
        if pivot is None:
            return 0.0
        if pivot != col:
            rows[col], rows[pivot] = rows[pivot], rows[col]
            determinant = -determinant
        determinant *= rows[col][col]
        for r in range(col + 1, size):
            factor = rows[r][col] / rows[col][col]
            rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return float(determinant)


def matrix_inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Inverse of a square matrix by Gauss-Jordan elimination.

    Args:
        matrix: An invertible square matrix.

    Returns:
        The inverse matrix.

    Raises:
        ValueError: The matrix is not square or is singular.

    Example:
        >>> matrix_inverse([[4, 7], [2, 6]])
        [[0.6, -0.7], [-0.2, 0.4]]
    """
    size = _square(matrix)
    rows = [
        [Fraction(x) for x in row] + [Fraction(int(i == j)) for j in range(size)]
        for i, row in enumerate(matrix)
    ]
    _eliminate(rows, size)
    return [[float(x) for x in row[size:]] for row in rows]


def solve_linear_system(coefficients: list[list[float]], constants: list[float]) -> list[float]:
    """Solve A x = b for x, a system of as many linear equations as unknowns.

    Args:
        coefficients: The square matrix A.
        constants: The right-hand side b.

    Returns:
        The solution x.

    Raises:
        ValueError: The system has no unique solution or the sizes do not match.

    Example:
        >>> solve_linear_system([[2, 1], [1, 3]], [3, 5])
        [0.8, 1.4]
    """
    size = _square(coefficients)
    if len(constants) != size:
        raise ValueError("There must be one constant per equation.")
    rows = [
        [Fraction(x) for x in row] + [Fraction(c)]
        for row, c in zip(coefficients, constants, strict=True)
    ]
    _eliminate(rows, size)
    return [float(row[size]) for row in rows]


def _eliminate(rows: list[list[Fraction]], size: int) -> None:
    for col in range(size):
        pivot = next((r for r in range(col, size) if rows[r][col] != 0), None)
        if pivot is None:
            raise ValueError("The matrix is singular (it has no inverse).")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(size):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]


def matrix_trace(matrix: list[list[float]]) -> float:
    """Sum of the diagonal entries of a square matrix.

    Args:
        matrix: A square matrix.

    Returns:
        The trace.

    Example:
        >>> matrix_trace([[1, 2], [3, 4]])
        5
    """
    size = _square(matrix)
    return sum(matrix[i][i] for i in range(size))


def matrix_rank(matrix: list[list[float]]) -> int:
    """Rank of a matrix: the number of linearly independent rows.

    Args:
        matrix: Any matrix.

    Returns:
        The rank.

    Example:
        >>> matrix_rank([[1, 2], [2, 4], [3, 6]])
        1
    """
    rows_count, cols = _shape(matrix)
    rows = [[Fraction(x) for x in row] for row in matrix]
    rank = 0
    for col in range(cols):
        pivot = next((r for r in range(rank, rows_count) if rows[r][col] != 0), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        for r in range(rank + 1, rows_count):
            factor = rows[r][col] / rows[rank][col]
            rows[r] = [x - factor * y for x, y in zip(rows[r], rows[rank], strict=True)]
        rank += 1
    return rank


def is_symmetric_matrix(matrix: list[list[float]]) -> bool:
    """Whether a square matrix equals its transpose.

    Args:
        matrix: A square matrix.

    Returns:
        True when symmetric.

    Example:
        >>> is_symmetric_matrix([[1, 7], [7, 2]])
        True
    """
    size = _square(matrix)
    return all(matrix[i][j] == matrix[j][i] for i in range(size) for j in range(i))


def matrix_power(matrix: list[list[float]], exponent: int) -> list[list[float]]:
    """Raise a square matrix to a non-negative whole power by repeated squaring.

    Args:
        matrix: A square matrix.
        exponent: The power, 0 or more.

    Returns:
        The matrix to that power (the identity for 0).

    Example:
        >>> matrix_power([[1, 1], [1, 0]], 5)
        [[8, 5], [5, 3]]
    """
    if exponent < 0:
        raise ValueError("The exponent must be 0 or more.")
    result: list[list[float]] = identity_matrix(_square(matrix))  # type: ignore[assignment]
    base = matrix
    while exponent:
        if exponent & 1:
            result = matrix_multiply(result, base)
        base = matrix_multiply(base, base)
        exponent >>= 1
    return result


def hadamard_product(a: list[list[float]], b: list[list[float]]) -> list[list[float]]:
    """Element-wise product of two matrices of the same shape.

    Args:
        a: The first matrix.
        b: The second matrix.

    Returns:
        The matrix of products of matching entries.

    Example:
        >>> hadamard_product([[1, 2], [3, 4]], [[2, 2], [2, 2]])
        [[2, 4], [6, 8]]
    """
    if _shape(a) != _shape(b):
        raise ValueError("Matrices of different shapes.")
    return [[x * y for x, y in zip(r, s, strict=True)] for r, s in zip(a, b, strict=True)]


def outer_product(a: list[float], b: list[float]) -> list[list[float]]:
    """Outer product of two vectors: the matrix of every pairwise product.

    Args:
        a: The row factors.
        b: The column factors.

    Returns:
        A len(a) x len(b) matrix.

    Example:
        >>> outer_product([1, 2], [3, 4, 5])
        [[3, 4, 5], [6, 8, 10]]
    """
    return [[x * y for y in b] for x in a]


def frobenius_norm(matrix: list[list[float]]) -> float:
    """Frobenius norm: the square root of the sum of all squared entries.

    Args:
        matrix: Any matrix.

    Returns:
        The norm.

    Example:
        >>> frobenius_norm([[1, 2], [2, 4]])
        5.0
    """
    _shape(matrix)
    return sum(x * x for row in matrix for x in row) ** 0.5


def kronecker_product(a: list[list[float]], b: list[list[float]]) -> list[list[float]]:
    """Kronecker (tensor) product of two matrices.

    Args:
        a: An m x n matrix.
        b: A p x q matrix.

    Returns:
        The (m*p) x (n*q) block matrix.

    Example:
        >>> kronecker_product([[1, 2]], [[1], [10]])
        [[1, 2], [10, 20]]
    """
    _shape(a), _shape(b)
    return [[x * y for x in row_a for y in row_b] for row_a in a for row_b in b]


def matrix_row_sums(matrix: list[list[float]]) -> list[float]:
    """Sum of each row of a matrix.

    Args:
        matrix: Any matrix.

    Returns:
        One sum per row.

    Example:
        >>> matrix_row_sums([[1, 2], [3, 4]])
        [3, 7]
    """
    _shape(matrix)
    return [sum(row) for row in matrix]


def matrix_column_sums(matrix: list[list[float]]) -> list[float]:
    """Sum of each column of a matrix.

    Args:
        matrix: Any matrix.

    Returns:
        One sum per column.

    Example:
        >>> matrix_column_sums([[1, 2], [3, 4]])
        [4, 6]
    """
    _shape(matrix)
    return [sum(column) for column in zip(*matrix, strict=True)]
