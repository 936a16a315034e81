# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the customer by her e-mail address first.
method_search("find a customer by email address")
# %% Look her up.
customer = find_customer_by_email("maya.lindqvist@example.com")
print(customer)
# %% Her order of 2 March 2025 is needed; find how to list her orders.
method_search("list the orders of a customer")
# %% List them.
orders = list_customer_orders(customer["id"])
print(orders)
# %% Pick the order placed on 2025-03-02 and find how to see its items.
order_id = next(o["id"] for o in orders if o["placed_on"] == "2025-03-02")
method_search("get the items of an order")
# %% Read the order lines.
order = get_order(order_id)
print(order)
# %% The teapot line's price is the refund amount; find the refund function.
teapot = next(line for line in order["items"] if "teapot" in line["product"].lower())
amount = teapot["line_total"]
method_search("refund an order")
# %% Issue the refund.
refund = issue_refund(order_id, amount, "arrived broken")
print(refund)
# %% Now the e-mail to the customer.
method_search("send an email to a customer")
# %% Tell her the amount.
body = f"Dear Maya, we have refunded {refund['amount']:.2f} EUR for the broken teapot."
print(send_customer_email(customer["id"], "Your refund", body))
# %% Both done.
stop(refund["amount"])
