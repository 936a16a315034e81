# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Log the ride.
method_search("log a workout")
# %% The ride of 2025-06-14.
print(log_workout("2025-06-14", "cycling", 42.5, 95))
# %% June's cycling totals.
method_search("average speed of workouts between two dates")
# %% All of June.
summary = summarize_workouts("2025-06-01", "2025-06-30", "cycling")
print(summary)
# %% Total distance over total time.
stop(round(summary["total_km"] / (summary["total_minutes"] / 60), 1))
