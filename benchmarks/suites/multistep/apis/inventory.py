"""Warehouse inventory for outdoor gear: products, stock per warehouse, suppliers and orders.

The data lives in `inventory.db` in the workspace. The warehouses are Rotterdam, Hamburg and
Antwerp. A product is low on stock in a warehouse when its quantity there is below the
product's reorder level.
"""

from __future__ import annotations

import sqlite3
from datetime import date, timedelta

from _multistep_store import database, fetch_all, fetch_one, folded, next_id

__all__ = [
    "create_purchase_order",
    "get_product",
    "get_stock_levels",
    "get_supplier",
    "list_low_stock",
    "list_purchase_orders",
    "search_products",
    "transfer_stock",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {
    name: {"side_effects": True}
    for name in (
        "create_purchase_order",
        "transfer_stock",
    )
}

INVENTORY_DB = "inventory.db"


def search_products(text: str) -> list[dict]:
    """Search the product catalogue by name, SKU or category.

    Args:
        text: Part of a product name, SKU or category, e.g. "lantern".

    Returns:
        Matching products, each with keys sku, name and category.
    """
    wanted = folded(text)
    with database(INVENTORY_DB) as db:
        products = fetch_all(db, "SELECT sku, name, category FROM products ORDER BY name")
    return [p for p in products if any(wanted in folded(value) for value in p.values())]


def get_product(sku: str) -> dict:
    """Get a product's details: supplier, reorder level and unit cost.

    Args:
        sku: The product's SKU, e.g. "LAN-300".

    Returns:
        Keys sku, name, category, supplier_id, reorder_level (the minimum stock each warehouse
        should hold) and unit_cost (euros).

    Raises:
        LookupError: There is no product with this SKU.
    """
    with database(INVENTORY_DB) as db:
        return _require_product(db, sku)


def get_stock_levels(sku: str) -> dict:
    """Get how many units of a product each warehouse holds.

    Args:
        sku: The product's SKU, e.g. "LAN-300".

    Returns:
        Keys sku, name, total and warehouses: a dict of warehouse name -> quantity.

    Raises:
        LookupError: There is no product with this SKU.
    """
    with database(INVENTORY_DB) as db:
        product = _require_product(db, sku)
        rows = fetch_all(
            db,
            "SELECT warehouse, quantity FROM stock WHERE sku = ? ORDER BY warehouse",
            product["sku"],
        )
    levels = {row["warehouse"]: row["quantity"] for row in rows}
    return {
        "sku": product["sku"],
        "name": product["name"],
        "total": sum(levels.values()),
        "warehouses": levels,
    }


def list_low_stock(warehouse: str) -> list[dict]:
    """List the products whose stock in a warehouse is below their reorder level.

    Args:
        warehouse: "Rotterdam", "Hamburg" or "Antwerp".

    Returns:
        One dict per low product with keys sku, name, quantity (in that warehouse) and
        reorder_level.

    Raises:
        ValueError: There is no such warehouse.
    """
    with database(INVENTORY_DB) as db:
        name = _warehouse(db, warehouse)
        return fetch_all(
            db,
            "SELECT p.sku, p.name, s.quantity, p.reorder_level FROM stock s JOIN products p "
            "ON p.sku = s.sku WHERE s.warehouse = ? AND s.quantity < p.reorder_level "
            "ORDER BY p.sku",
            name,
        )


def get_supplier(supplier_id: str) -> dict:
    """Get a supplier's name, order e-mail address and delivery lead time.

    Args:
        supplier_id: The supplier's id, e.g. "SUP-01" (see get_product).

    Returns:
        Keys id, name, email and lead_time_days.

    Raises:
        LookupError: There is no supplier with this id.
    """
    with database(INVENTORY_DB) as db:
        return _require_supplier(db, supplier_id)


def create_purchase_order(supplier_id: str, sku: str, quantity: int, warehouse: str) -> dict:
    """Order units of a product from its supplier, delivered to one warehouse.

    Args:
        supplier_id: The supplier's id, e.g. "SUP-01"; it must be the product's supplier.
        sku: The product's SKU, e.g. "HDL-150".
        quantity: Units to order, a positive whole number.
        warehouse: Where the goods go: "Rotterdam", "Hamburg" or "Antwerp".

    Returns:
        The purchase order: keys id (e.g. "PO-7106"), supplier_id, sku, quantity, warehouse,
        created_on, expected_on and status ("open").

    Raises:
        LookupError: There is no such supplier or product.
        ValueError: The quantity is not a positive whole number, the warehouse is unknown, or
            the supplier does not supply this product.
    """
    if isinstance(quantity, bool) or not isinstance(quantity, int) or quantity <= 0:
        raise ValueError(f"The quantity must be a positive whole number, got {quantity!r}.")
    with database(INVENTORY_DB, write=True) as db:
        supplier = _require_supplier(db, supplier_id)
        product = _require_product(db, sku)
        if product["supplier_id"] != supplier["id"]:
            raise ValueError(
                f"{product['name']} ({sku}) is supplied by {product['supplier_id']}, "
                f"not {supplier['id']}; see get_product()."
            )
        destination = _warehouse(db, warehouse)
        existing = [row["id"] for row in fetch_all(db, "SELECT id FROM purchase_orders")]
        today = date.today()
        order = {
            "id": next_id("PO-", existing, 4),
            "supplier_id": supplier["id"],
            "sku": product["sku"],
            "quantity": quantity,
            "warehouse": destination,
            "created_on": today.isoformat(),
            "expected_on": (today + timedelta(days=supplier["lead_time_days"])).isoformat(),
            "status": "open",
        }
        db.execute(
            "INSERT INTO purchase_orders VALUES (:id, :supplier_id, :sku, :quantity, "
            ":warehouse, :created_on, :status)",
            order,
        )
    return order


def list_purchase_orders(status: str | None = None) -> list[dict]:
    """List purchase orders, optionally only "open" (not yet delivered) or "received" ones.

    Args:
        status: "open" or "received"; None lists all.

    Returns:
        One dict per order with keys id, supplier_id, sku, quantity, warehouse, created_on and
        status.
    """
    with database(INVENTORY_DB) as db:
        orders = fetch_all(db, "SELECT * FROM purchase_orders ORDER BY id")
    return [order for order in orders if status is None or order["status"] == status]


def transfer_stock(sku: str, from_warehouse: str, to_warehouse: str, quantity: int) -> dict:
    """Move units of a product from one warehouse to another.

    Args:
        sku: The product's SKU, e.g. "LAN-300".
        from_warehouse: Warehouse the units leave: "Rotterdam", "Hamburg" or "Antwerp".
        to_warehouse: Warehouse the units arrive at.
        quantity: Units to move, a positive whole number.

    Returns:
        Keys transfer_id, sku, quantity, from_warehouse, from_quantity (left there afterwards),
        to_warehouse and to_quantity (held there afterwards).

    Raises:
        LookupError: There is no product with this SKU.
        ValueError: A warehouse is unknown, both are the same, the quantity is not a positive
            whole number, or the source holds fewer units.
    """
    if isinstance(quantity, bool) or not isinstance(quantity, int) or quantity <= 0:
        raise ValueError(f"The quantity must be a positive whole number, got {quantity!r}.")
    with database(INVENTORY_DB, write=True) as db:
        product = _require_product(db, sku)
        source, target = _warehouse(db, from_warehouse), _warehouse(db, to_warehouse)
        if source == target:
            raise ValueError("The two warehouses must differ.")
        held = _quantity(db, product["sku"], source)
        if held < quantity:
            raise ValueError(f"{source} holds only {held} units of {product['name']}.")
        for warehouse, change in ((source, -quantity), (target, quantity)):
            db.execute(
                "UPDATE stock SET quantity = quantity + ? WHERE sku = ? AND warehouse = ?",
                (change, product["sku"], warehouse),
            )
        existing = [row["id"] for row in fetch_all(db, "SELECT id FROM transfers")]
        transfer_id = next_id("TR-", existing, 4)
        db.execute(
            "INSERT INTO transfers VALUES (?, ?, ?, ?, ?, ?)",
            (transfer_id, product["sku"], source, target, quantity, date.today().isoformat()),
        )
        left, now_held = (
            _quantity(db, product["sku"], source),
            _quantity(db, product["sku"], target),
        )
    return {
        "transfer_id": transfer_id,
        "sku": product["sku"],
        "quantity": quantity,
        "from_warehouse": source,
        "from_quantity": left,
        "to_warehouse": target,
        "to_quantity": now_held,
    }


def _require_product(db: sqlite3.Connection, sku: str) -> dict:
    product = fetch_one(db, "SELECT * FROM products WHERE upper(sku) = upper(?)", str(sku).strip())
    if product is None:
        raise LookupError(f"No product with SKU {sku!r}; see search_products().")
    return product


def _require_supplier(db: sqlite3.Connection, supplier_id: str) -> dict:
    supplier = fetch_one(db, "SELECT * FROM suppliers WHERE id = ?", str(supplier_id).strip())
    if supplier is None:
        raise LookupError(f"No supplier with id {supplier_id!r}; supplier ids look like SUP-01.")
    return supplier


def _warehouse(db: sqlite3.Connection, name: str) -> str:
    known = [row["warehouse"] for row in fetch_all(db, "SELECT DISTINCT warehouse FROM stock")]
    for warehouse in known:
        if folded(warehouse) == folded(name):
            return warehouse
    raise ValueError(f"Unknown warehouse {name!r}; the warehouses are {', '.join(sorted(known))}.")


def _quantity(db: sqlite3.Connection, sku: str, warehouse: str) -> int:
    row = fetch_one(
        db, "SELECT quantity FROM stock WHERE sku = ? AND warehouse = ?", sku, warehouse
    )
    return row["quantity"] if row else 0
