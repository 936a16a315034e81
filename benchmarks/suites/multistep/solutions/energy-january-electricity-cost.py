# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the meters at the address.
method_search("find energy meters at an address")
# %% Keizersgracht 112.
meters = find_meters("Keizersgracht 112")
print(meters)
# %% Consumption between the two readings.
meter = next(m for m in meters if m["kind"] == "electricity")
method_search("energy consumption between two meter readings")
# %% January.
usage = get_consumption(meter["id"], "2025-01-01", "2025-02-01")
print(usage)
# %% Price it on the meter's tariff.
method_search("calculate energy cost on a tariff")
# %% Cost.
cost = calculate_energy_cost(usage["usage"], meter["tariff_code"], usage["days"])
print(cost)
# %% Total.
stop(cost["total_eur"])
