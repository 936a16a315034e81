# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% The parcel's weight decides which pickup points take it.
method_search("track a parcel")
# %% Track it.
parcel = track_parcel("3SYQ88120078")
print(parcel)
# %% Pickup points near the postcode.
method_search("find pickup points near a postcode")
# %% Nearest first.
points = find_pickup_points("1017 CT")
print(points)
# %% The nearest that takes the weight.
point = next(p for p in points if p["max_weight_kg"] >= parcel["weight_kg"])
method_search("redirect a parcel to a pickup point")
# %% Redirect.
print(redirect_parcel_to_pickup_point("3SYQ88120078", point["id"]))
# %% Done.
stop(point["name"])
