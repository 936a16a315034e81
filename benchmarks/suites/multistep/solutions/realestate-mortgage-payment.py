# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% The asking price first.
method_search("get listing details with price")
# %% UT-1184.
listing = get_listing("UT-1184")
print(listing)
# %% A mortgage calculator.
method_search("monthly mortgage payment")
# %% 90% of the price, 3.9%, 30 years.
estimate = estimate_monthly_mortgage(listing["price_eur"] * 0.9, 3.9, 30)
print(estimate)
# %% The monthly payment.
stop(estimate["monthly_payment_eur"])
