# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the driver.
method_search("find a driver by name")
# %% Marta Kowalczyk.
drivers = find_driver("Marta Kowalczyk")
print(drivers)
# %% Vans free that day.
method_search("vehicles available on a date")
# %% Vans only.
vans = list_available_vehicles("2025-10-06", "van")
print(vans)
# %% Lowest odometer; assign it.
van = min(vans, key=lambda vehicle: vehicle["odometer_km"])
method_search("assign a vehicle to a driver")
# %% Assign.
print(assign_vehicle_to_driver(van["id"], drivers[0]["id"], "2025-10-06"))
# %% The plate.
stop(van["plate"])
