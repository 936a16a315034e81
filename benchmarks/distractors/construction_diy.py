"""Home improvement and building estimates: paint, tiles, concrete, bricks, stairs, roofs,
timber, insulation and heat loss.

Lengths in metres and areas in square metres unless a name says otherwise. Estimates include
the waste allowance given.
"""

from __future__ import annotations

import math


def paint_needed_liters(
    wall_area_m2: float,
    coats: int = 2,
    coverage_m2_per_liter: float = 10.0,
    openings_m2: float = 0.0,
) -> float:
    """Paint needed for walls, after taking out doors and windows.

    Args:
        wall_area_m2: Total wall area.
        coats: Number of coats.
        coverage_m2_per_liter: Coverage from the tin (often 10-12 m2/L).
        openings_m2: Area of doors and windows not painted.

    Returns:
        Litres, rounded up to 0.5 L.

    Example:
        >>> paint_needed_liters(48, coats=2, openings_m2=6)
        8.5
    """
    liters = (wall_area_m2 - openings_m2) * coats / coverage_m2_per_liter
    return math.ceil(liters * 2) / 2


def wall_area(room_length_m: float, room_width_m: float, ceiling_height_m: float) -> float:
    """Area of the four walls of a rectangular room.

    Args:
        room_length_m: Room length.
        room_width_m: Room width.
        ceiling_height_m: Ceiling height.

    Returns:
        Wall area in m2, rounded to 2 decimals.

    Example:
        >>> wall_area(5, 4, 2.5)
        45.0
    """
    return round(2 * (room_length_m + room_width_m) * ceiling_height_m, 2)


def tiles_needed(
    area_m2: float, tile_length_cm: float, tile_width_cm: float, waste_percent: float = 10
) -> int:
    """Number of tiles to buy for a floor or wall.

    Args:
        area_m2: Area to tile.
        tile_length_cm: Tile length.
        tile_width_cm: Tile width.
        waste_percent: Extra for cuts and breakage.

    Returns:
        Whole tiles.

    Example:
        >>> tiles_needed(12, 30, 30)
        147
    """
    tile_area = tile_length_cm * tile_width_cm / 10000
    return math.ceil(round(area_m2 / tile_area * (1 + waste_percent / 100), 6))


def concrete_volume_m3(
    length_m: float, width_m: float, thickness_cm: float, waste_percent: float = 5
) -> float:
    """Concrete needed for a slab.

    Args:
        length_m: Slab length.
        width_m: Slab width.
        thickness_cm: Slab thickness.
        waste_percent: Extra for spillage and uneven ground.

    Returns:
        Cubic metres, rounded to 3 decimals.

    Example:
        >>> concrete_volume_m3(4, 3, 10)
        1.26
    """
    return round(length_m * width_m * thickness_cm / 100 * (1 + waste_percent / 100), 3)


def concrete_bags_needed(volume_m3: float, bag_kg: float = 25, density_kg_m3: float = 2300) -> int:
    """Bags of premixed concrete for a volume.

    Args:
        volume_m3: Concrete volume.
        bag_kg: Weight per bag.
        density_kg_m3: Density of cured concrete.

    Returns:
        Whole bags.

    Example:
        >>> concrete_bags_needed(0.5)
        46
    """
    return math.ceil(volume_m3 * density_kg_m3 / bag_kg)


def bricks_needed(
    wall_length_m: float, wall_height_m: float, bricks_per_m2: float = 60, waste_percent: float = 5
) -> int:
    """Bricks for a single-skin wall (about 60 standard bricks per m2 with mortar joints).

    Args:
        wall_length_m: Wall length.
        wall_height_m: Wall height.
        bricks_per_m2: Bricks per square metre.
        waste_percent: Extra for breakage.

    Returns:
        Whole bricks.

    Example:
        >>> bricks_needed(6, 2)
        756
    """
    bricks = wall_length_m * wall_height_m * bricks_per_m2 * (1 + waste_percent / 100)
    return math.ceil(round(bricks, 6))


def stair_dimensions(total_rise_cm: float, max_riser_cm: float = 18.0) -> dict:
    """Number of steps, riser height and a comfortable tread depth for a staircase.

    Uses the 2R + T = 63 cm comfort rule.

    Args:
        total_rise_cm: Floor-to-floor height.
        max_riser_cm: Highest allowed riser.

    Returns:
        Keys risers, riser_cm, tread_cm and run_cm (total horizontal length).

    Example:
        >>> stair_dimensions(270)
        {'risers': 15, 'riser_cm': 18.0, 'tread_cm': 27.0, 'run_cm': 378.0}
    """
    risers = math.ceil(total_rise_cm / max_riser_cm)
    riser = round(total_rise_cm / risers, 1)
    tread = round(63 - 2 * riser, 1)
    run = round(tread * (risers - 1), 1)
    return {"risers": risers, "riser_cm": riser, "tread_cm": tread, "run_cm": run}


def roof_pitch_degrees(rise: float, run: float) -> float:
    """Roof pitch angle from its rise over a horizontal run.

    Args:
        rise: Vertical rise.
        run: Horizontal run (same unit).

    Returns:
        Pitch in degrees, rounded to 1 decimal.

    Example:
        >>> roof_pitch_degrees(6, 12)
        26.6
    """
    return round(math.degrees(math.atan2(rise, run)), 1)


def rafter_length(run_m: float, pitch_degrees: float, overhang_m: float = 0.0) -> float:
    """Length of a rafter from its horizontal run and the roof pitch.

    Args:
        run_m: Horizontal run (half the span for a gable roof).
        pitch_degrees: Roof pitch.
        overhang_m: Horizontal eave overhang.

    Returns:
        Rafter length in metres, rounded to 3 decimals.

    Example:
        >>> rafter_length(4, 35, 0.3)
        5.249
    """
    return round((run_m + overhang_m) / math.cos(math.radians(pitch_degrees)), 3)


def board_feet(thickness_in: float, width_in: float, length_ft: float, pieces: int = 1) -> float:
    """Lumber volume in board feet (1 in x 12 in x 1 ft), as US timber is priced.

    Args:
        thickness_in: Nominal thickness in inches.
        width_in: Nominal width in inches.
        length_ft: Length in feet.
        pieces: Number of boards.

    Returns:
        Board feet, rounded to 2 decimals.

    Example:
        >>> board_feet(2, 6, 8, 10)
        80.0
    """
    return round(thickness_in * width_in * length_ft / 12 * pieces, 2)


def deck_boards_needed(
    deck_length_m: float,
    deck_width_m: float,
    board_width_mm: float,
    gap_mm: float = 5,
    board_length_m: float = 4.8,
) -> int:
    """Deck boards needed when boards run along the deck's length.

    Args:
        deck_length_m: Length in the direction the boards run.
        deck_width_m: Width across the boards.
        board_width_mm: Board width.
        gap_mm: Gap between boards.
        board_length_m: Length of one board.

    Returns:
        Whole boards.

    Example:
        >>> deck_boards_needed(4.8, 3, 140)
        21
    """
    rows = math.ceil(deck_width_m * 1000 / (board_width_mm + gap_mm))
    return rows * math.ceil(deck_length_m / board_length_m)


def fence_posts_needed(fence_length_m: float, post_spacing_m: float = 2.4) -> int:
    """Posts for a straight fence, including both end posts.

    Args:
        fence_length_m: Fence length.
        post_spacing_m: Distance between posts.

    Returns:
        Number of posts.

    Example:
        >>> fence_posts_needed(24)
        11
    """
    return math.ceil(round(fence_length_m / post_spacing_m, 6)) + 1


def drywall_sheets_needed(
    area_m2: float,
    sheet_width_m: float = 1.2,
    sheet_height_m: float = 2.4,
    waste_percent: float = 10,
) -> int:
    """Plasterboard sheets to cover walls or a ceiling.

    Args:
        area_m2: Area to cover.
        sheet_width_m: Sheet width.
        sheet_height_m: Sheet height.
        waste_percent: Extra for cuts.

    Returns:
        Whole sheets.

    Example:
        >>> drywall_sheets_needed(40)
        16
    """
    return math.ceil(area_m2 * (1 + waste_percent / 100) / (sheet_width_m * sheet_height_m))


def mulch_volume_m3(area_m2: float, depth_cm: float) -> float:
    """Mulch, gravel or topsoil needed to cover a bed to a depth.

    Args:
        area_m2: Bed area.
        depth_cm: Layer depth.

    Returns:
        Cubic metres, rounded to 3 decimals.

    Example:
        >>> mulch_volume_m3(15, 7.5)
        1.125
    """
    return round(area_m2 * depth_cm / 100, 3)


def total_r_value(layers: list[list[float]]) -> float:
    """Thermal resistance of a wall build-up from its layers (thickness and conductivity).

    Args:
        layers: [thickness in metres, conductivity in W/(m·K)] per layer.

    Returns:
        Total R in m2·K/W (surface resistances 0.17 included), rounded to 3 decimals.

    Example:
        >>> total_r_value([[0.1, 0.77], [0.1, 0.035], [0.0125, 0.25]])
        3.207
    """
    return round(0.17 + sum(thickness / conductivity for thickness, conductivity in layers), 3)


def u_value(r_value: float) -> float:
    """U-value (heat transmittance) of a construction from its total R-value.

    Args:
        r_value: Total thermal resistance in m2·K/W.

    Returns:
        U in W/(m2·K), rounded to 3 decimals.

    Example:
        >>> u_value(4)
        0.25
    """
    return round(1 / r_value, 3)


def heat_loss_watts(
    area_m2: float, u_value_w_m2k: float, inside_c: float, outside_c: float
) -> float:
    """Heat flowing through a wall, roof or window.

    Args:
        area_m2: Area of the element.
        u_value_w_m2k: Its U-value.
        inside_c: Inside temperature.
        outside_c: Outside temperature.

    Returns:
        Heat loss in watts, rounded to 1 decimal.

    Example:
        >>> heat_loss_watts(20, 0.3, 20, -5)
        150.0
    """
    return round(area_m2 * u_value_w_m2k * (inside_c - outside_c), 1)


def wallpaper_rolls_needed(
    wall_area_m2: float,
    roll_length_m: float = 10.05,
    roll_width_m: float = 0.53,
    waste_percent: float = 15,
) -> int:
    """Rolls of wallpaper for a wall area (standard European roll 10.05 m x 0.53 m).

    Args:
        wall_area_m2: Area to paper.
        roll_length_m: Roll length.
        roll_width_m: Roll width.
        waste_percent: Extra for pattern matching and trimming.

    Returns:
        Whole rolls.

    Example:
        >>> wallpaper_rolls_needed(30)
        7
    """
    return math.ceil(wall_area_m2 * (1 + waste_percent / 100) / (roll_length_m * roll_width_m))
