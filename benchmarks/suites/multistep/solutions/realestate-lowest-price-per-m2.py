# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Search homes for sale.
method_search("search homes for sale in a city")
# %% Leiden, 3+ bedrooms, under 450,000.
homes = search_listings("Leiden", max_price=450000, min_bedrooms=3)
print(homes)
# %% The living area is in the full listing.
method_search("get listing details with living area")
# %% Each of them.
details = [get_listing(home["id"]) for home in homes]
print(details)
# %% Lowest price per square metre.
stop(min(details, key=lambda home: home["price_eur"] / home["living_area_m2"])["id"])
