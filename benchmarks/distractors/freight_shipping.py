"""Freight and shipping math: volumetric weight, pallets and containers, freight classes,
rate tables, surcharges and Incoterms.

Dimensions in centimetres and weights in kilograms unless a name says otherwise.
"""

from __future__ import annotations

import math
from itertools import permutations

_INCOTERM_TABLE = (
    "EXW=Ex Works=0|FCA=Free Carrier=0|FAS=Free Alongside Ship=0|FOB=Free On Board=0|"
    "CFR=Cost and Freight=1|CIF=Cost, Insurance and Freight=1|CPT=Carriage Paid To=1|"
    "CIP=Carriage and Insurance Paid To=1|DAP=Delivered At Place=1|"
    "DPU=Delivered at Place Unloaded=1|DDP=Delivered Duty Paid=1"
)
_INCOTERMS = {
    code: (name, seller_pays == "1")
    for code, name, seller_pays in (item.split("=") for item in _INCOTERM_TABLE.split("|"))
}
# (minimum density in lb/ft3, freight class), densest first
_NMFC = [
    (50, 50),
    (35, 55),
    (30, 60),
    (22.5, 65),
    (15, 70),
    (13.5, 77.5),
    (12, 85),
    (10.5, 92.5),
    (9, 100),
    (8, 110),
    (7, 125),
    (6, 150),
    (5, 175),
    (4, 200),
    (3, 250),
    (2, 300),
    (1, 400),
]


def volumetric_weight_kg(
    length_cm: float, width_cm: float, height_cm: float, divisor: float = 5000
) -> float:
    """Volumetric (dimensional) weight couriers charge for bulky parcels.

    Args:
        length_cm: Length.
        width_cm: Width.
        height_cm: Height.
        divisor: Carrier's divisor in cm3/kg (5000 for most couriers, 6000 for some air freight).

    Returns:
        Volumetric weight in kg, rounded to 2 decimals.

    Example:
        >>> volumetric_weight_kg(60, 40, 40)
        19.2
    """
    return round(length_cm * width_cm * height_cm / divisor, 2)


def chargeable_weight_kg(
    actual_kg: float, length_cm: float, width_cm: float, height_cm: float, divisor: float = 5000
) -> float:
    """Weight a carrier bills: the larger of actual and volumetric weight, rounded up to 0.5 kg.

    Args:
        actual_kg: Weight on the scale.
        length_cm: Length.
        width_cm: Width.
        height_cm: Height.
        divisor: Volumetric divisor.

    Returns:
        The chargeable weight.

    Example:
        >>> chargeable_weight_kg(12.3, 60, 40, 40)
        19.5
    """
    heavier = max(actual_kg, length_cm * width_cm * height_cm / divisor)
    return math.ceil(heavier * 2) / 2


def shipment_volume_cbm(
    length_cm: float, width_cm: float, height_cm: float, pieces: int = 1
) -> float:
    """Volume of a shipment in cubic metres (CBM), as freight forwarders quote it.

    Args:
        length_cm: Length of one piece.
        width_cm: Width of one piece.
        height_cm: Height of one piece.
        pieces: Number of identical pieces.

    Returns:
        CBM, rounded to 3 decimals.

    Example:
        >>> shipment_volume_cbm(120, 80, 150, 4)
        5.76
    """
    return round(length_cm * width_cm * height_cm * pieces / 1e6, 3)


def cbm_to_cubic_feet(cbm: float) -> float:
    """Convert cubic metres to cubic feet.

    Args:
        cbm: Volume in m3.

    Returns:
        Cubic feet, rounded to 2 decimals.

    Example:
        >>> cbm_to_cubic_feet(2)
        70.63
    """
    return round(cbm * 35.3146667, 2)


def density_lb_per_cubic_foot(
    weight_lb: float, length_in: float, width_in: float, height_in: float
) -> float:
    """Shipment density in pounds per cubic foot (used for US LTL freight classes).

    Args:
        weight_lb: Weight in pounds.
        length_in: Length in inches.
        width_in: Width in inches.
        height_in: Height in inches.

    Returns:
        Density, rounded to 2 decimals.

    Example:
        >>> density_lb_per_cubic_foot(500, 48, 40, 48)
        9.38
    """
    return round(weight_lb / (length_in * width_in * height_in / 1728), 2)


def nmfc_freight_class(density_lb_ft3: float) -> float:
    """US LTL freight class from density (the density-based NMFC scale).

    Args:
        density_lb_ft3: Density in lb per cubic foot.

    Returns:
        The class, from 50 (dense) to 400 (light).

    Example:
        >>> nmfc_freight_class(9.38)
        100
    """
    return next((cls for minimum, cls in _NMFC if density_lb_ft3 >= minimum), 500)


def boxes_per_pallet_layer(
    pallet_length_cm: float, pallet_width_cm: float, box_length_cm: float, box_width_cm: float
) -> int:
    """Boxes fitting on one pallet layer, trying both box orientations (no mixing).

    Args:
        pallet_length_cm: Pallet length (120 for a Euro pallet).
        pallet_width_cm: Pallet width (80 for a Euro pallet).
        box_length_cm: Box length.
        box_width_cm: Box width.

    Returns:
        Boxes per layer.

    Example:
        >>> boxes_per_pallet_layer(120, 80, 40, 30)
        8
    """
    straight = (pallet_length_cm // box_length_cm) * (pallet_width_cm // box_width_cm)
    turned = (pallet_length_cm // box_width_cm) * (pallet_width_cm // box_length_cm)
    return int(max(straight, turned))


def pallet_layers(max_height_cm: float, pallet_height_cm: float, box_height_cm: float) -> int:
    """Layers of boxes that fit under a maximum loaded height.

    Args:
        max_height_cm: Allowed total height.
        pallet_height_cm: Height of the empty pallet (14.4 for a Euro pallet).
        box_height_cm: Height of one box.

    Returns:
        Number of layers.

    Example:
        >>> pallet_layers(180, 14.4, 25)
        6
    """
    return int((max_height_cm - pallet_height_cm) // box_height_cm)


def loading_meters(
    pallet_length_cm: float,
    pallet_width_cm: float,
    pallets: int,
    stackable: bool = False,
    truck_width_cm: float = 240,
) -> float:
    """Loading metres a pallet load takes in a truck (length of floor used).

    Args:
        pallet_length_cm: Pallet length.
        pallet_width_cm: Pallet width.
        pallets: Number of pallets.
        stackable: Two pallets fit on top of each other.
        truck_width_cm: Inner width of the trailer.

    Returns:
        Loading metres, rounded to 2 decimals.

    Example:
        >>> loading_meters(120, 80, 6)
        2.4
    """
    floor_positions = math.ceil(pallets / 2) if stackable else pallets
    return round(pallet_length_cm * pallet_width_cm * floor_positions / truck_width_cm / 100, 2)


def container_teu(container_length_ft: int) -> float:
    """Twenty-foot equivalent units (TEU) of a shipping container.

    Args:
        container_length_ft: 20, 40 or 45.

    Returns:
        TEU (a 40 ft container is 2).

    Example:
        >>> container_teu(40)
        2.0
    """
    return container_length_ft / 20


def zone_rate(weight_kg: float, zone: str, rate_table: dict) -> float:
    """Price from a carrier's zone/weight table.

    Args:
        weight_kg: Chargeable weight.
        zone: The destination zone, e.g. "2".
        rate_table: Zone -> list of [max weight kg, price] pairs in ascending weight.

    Returns:
        The price of the first weight step that covers the parcel.

    Raises:
        ValueError: The zone is unknown or the parcel is too heavy for the table.

    Example:
        >>> zone_rate(3.2, "2", {"2": [[1, 7.5], [5, 11.0], [10, 16.0]]})
        11.0
    """
    steps = rate_table.get(zone)
    if steps is None:
        raise ValueError(f"The rate table has no zone {zone!r}.")
    for limit, price in steps:
        if weight_kg <= limit:
            return price
    raise ValueError(f"{weight_kg} kg is above the table's heaviest step.")


def fuel_surcharge(base_rate: float, surcharge_percent: float) -> float:
    """Fuel surcharge added to a base freight rate.

    Args:
        base_rate: The base rate.
        surcharge_percent: Surcharge in percent.

    Returns:
        The surcharge amount, rounded to cents.

    Example:
        >>> fuel_surcharge(250, 18.5)
        46.25
    """
    return round(base_rate * surcharge_percent / 100, 2)


def parcel_girth_cm(width_cm: float, height_cm: float) -> float:
    """Girth of a parcel: the distance around its two shorter sides.

    Args:
        width_cm: Width.
        height_cm: Height.

    Returns:
        2 x (width + height).

    Example:
        >>> parcel_girth_cm(30, 20)
        100
    """
    return 2 * (width_cm + height_cm)


def is_oversize_parcel(
    length_cm: float, width_cm: float, height_cm: float, limit_cm: float = 300
) -> bool:
    """Whether length plus girth exceeds a carrier's limit (longest side counts as length).

    Args:
        length_cm: One side.
        width_cm: Another side.
        height_cm: The third side.
        limit_cm: Length-plus-girth limit.

    Returns:
        True when oversize.

    Example:
        >>> is_oversize_parcel(150, 50, 40)
        True
    """
    longest, *others = sorted((length_cm, width_cm, height_cm), reverse=True)
    return longest + 2 * sum(others) > limit_cm


def incoterm_name(code: str) -> str:
    """Full name of an Incoterms 2020 rule.

    Args:
        code: e.g. "FOB".

    Returns:
        e.g. "Free On Board".

    Example:
        >>> incoterm_name("dap")
        'Delivered At Place'
    """
    try:
        return _INCOTERMS[code.strip().upper()][0]
    except KeyError:
        raise LookupError(f"Unknown Incoterm {code!r}.") from None


def seller_pays_main_carriage(incoterm: str) -> bool:
    """Whether the seller pays the main transport under an Incoterms 2020 rule.

    Args:
        incoterm: e.g. "CIF".

    Returns:
        True for C and D terms, False for E and F terms.

    Example:
        >>> seller_pays_main_carriage("FOB")
        False
    """
    try:
        return _INCOTERMS[incoterm.strip().upper()][1]
    except KeyError:
        raise LookupError(f"Unknown Incoterm {incoterm!r}.") from None


def items_per_box(box_cm: list[float], item_cm: list[float]) -> int:
    """How many identical items fit in a box in a straight grid (best of the 6 orientations).

    Args:
        box_cm: Inner box dimensions [l, w, h].
        item_cm: Item dimensions [l, w, h].

    Returns:
        The item count.

    Example:
        >>> items_per_box([40, 30, 20], [10, 10, 15])
        16
    """
    return max(
        math.prod(int(b // i) for b, i in zip(box_cm, orientation, strict=True))
        for orientation in permutations(item_cm)
    )
