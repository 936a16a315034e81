# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the concert.
method_search("search events by name and city")
# %% Nordic Strings in Ghent.
events = search_events("Nordic Strings", city="Ghent")
print(events)
# %% Its seating sections and prices.
method_search("seating sections and free seats of an event")
# %% Read them.
seating = get_event_seating(events[0]["id"])
print(seating)
# %% The cheapest section with 2 free seats.
open_sections = [s for s in seating["sections"] if s["available"] >= 2]
section = min(open_sections, key=lambda s: s["price_eur"])
method_search("buy tickets for an event")
# %% Buy them.
order = buy_tickets(events[0]["id"], section["name"], 2, "lena.v@example.com")
print(order)
# %% The total paid.
stop(order["total_eur"])
