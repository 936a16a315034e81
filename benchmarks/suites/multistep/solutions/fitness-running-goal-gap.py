# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the weekly goal.
method_search("weekly distance goal")
# %% For running.
goal = get_weekly_goal("running")
print(goal)
# %% The runs of that week.
method_search("total running distance between two dates")
# %% Monday to Sunday.
summary = summarize_workouts("2025-06-09", "2025-06-15", "running")
print(summary)
# %% What is left.
stop(round(goal["weekly_km"] - summary["total_km"], 1))
