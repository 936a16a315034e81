# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find what is low in stock.
method_search("products below reorder level in a warehouse")
# %% Rotterdam.
low = list_low_stock("Rotterdam")
print(low)
# %% Each product's supplier is in its details.
method_search("get product details with supplier")
# %% Read them.
products = [get_product(item["sku"]) for item in low]
print(products)
# %% Order the shortfall.
method_search("create a purchase order from a supplier")
# %% Twice the reorder level minus what Rotterdam holds.
orders = []
for item, product in zip(low, products, strict=True):
    quantity = 2 * item["reorder_level"] - item["quantity"]
    orders.append(create_purchase_order(product["supplier_id"], item["sku"], quantity, "Rotterdam"))
print(orders)
# %% The purchase order numbers.
stop(sorted(order["id"] for order in orders))
