# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Flights need airport codes; find the airports.
method_search("find airport code for a city")
# %% Lisbon first.
print(find_airports("Lisbon"))
# %% Then Copenhagen.
print(find_airports("Copenhagen"))
# %% Search the flights.
method_search("search flights between two airports on a date")
# %% Lisbon is LIS and Copenhagen CPH.
flights = search_flights("LIS", "CPH", "2025-07-18")
print(flights)
# %% Take the cheapest and book it.
cheapest = min(flights, key=lambda flight: flight["price_eur"])
method_search("book a flight for a passenger")
# %% Book it.
booking = book_flight(cheapest["number"], "2025-07-18", "Ana Sousa")
print(booking)
# %% Done.
stop(booking["reference"])
