# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the customer by e-mail.
method_search("find a customer by email address")
# %% Look him up.
customer = find_customer_by_email("raj.patel@example.com")
print(customer)
# %% Find his orders.
method_search("list the orders of a customer")
# %% Only delivered orders count.
delivered = list_customer_orders(customer["id"], status="delivered")
print(delivered)
# %% Add up their totals.
stop(round(sum(order["total"] for order in delivered), 2))
