# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the airport codes.
method_search("find airport code for a city")
# %% Amsterdam.
print(find_airports("Amsterdam"))
# %% Vienna.
print(find_airports("Vienna"))
# %% Search the flights of that day.
method_search("search flights between two airports on a date")
# %% Amsterdam is AMS and Vienna VIE.
flights = search_flights("AMS", "VIE", "2025-07-22")
print(flights)
# %% The latest arrival before 14:00.
in_time = [flight for flight in flights if flight["arrives"] < "14:00"]
stop(max(in_time, key=lambda flight: flight["arrives"])["number"])
