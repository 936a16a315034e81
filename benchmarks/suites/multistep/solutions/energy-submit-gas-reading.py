# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the gas meter.
method_search("find energy meters at an address")
# %% Keizersgracht 112.
meters = find_meters("Keizersgracht 112")
print(meters)
# %% Submit the reading.
gas = next(m for m in meters if m["kind"] == "gas")
method_search("submit a meter reading")
# %% 4471.2 on 2025-03-01.
reading = submit_meter_reading(gas["id"], "2025-03-01", 4471.2)
print(reading)
# %% Used since the previous reading.
stop(reading["used_since_previous"])
