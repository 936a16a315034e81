# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Track the parcel.
method_search("track a parcel")
# %% Where is it?
parcel = track_parcel("3SYQ88120045")
print(parcel)
# %% The depot's opening hours.
method_search("depot opening hours")
# %% Look at the depot.
depot = get_depot(parcel["location_depot_id"])
print(depot)
# %% Saturday's closing time.
stop(depot["opening_hours"]["saturday"].split("-")[1])
