# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the van by plate.
method_search("find a vehicle by number plate")
# %% KX-482-B.
van = find_vehicle_by_plate("KX-482-B")
print(van)
# %% Its April trips with fuel.
method_search("list trips and fuel of a vehicle")
# %% April 2025.
trips = list_vehicle_trips(van["id"], "2025-04-01", "2025-04-30")
print(trips)
# %% Litres per 100 km.
litres = sum(trip["fuel_litres"] for trip in trips)
km = sum(trip["distance_km"] for trip in trips)
stop(round(litres / km * 100, 1))
