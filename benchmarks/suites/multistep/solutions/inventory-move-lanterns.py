# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the product's SKU.
method_search("search products by name")
# %% The lantern.
products = search_products("Trail Lantern 300")
print(products)
# %% Move stock between warehouses.
sku = next(p["sku"] for p in products if p["name"] == "Trail Lantern 300")
method_search("move stock from one warehouse to another")
# %% Move 40 units.
transfer = transfer_stock(sku, "Hamburg", "Rotterdam", 40)
print(transfer)
# %% Rotterdam's quantity afterwards.
stop(transfer["to_quantity"])
