# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the curry.
method_search("search recipes by name")
# %% Chickpea and spinach curry.
recipes = search_recipes("chickpea spinach curry")
print(recipes)
# %% Add it to the meal plan.
method_search("add a recipe to the meal plan")
# %% Dinner, 3 servings.
print(add_meal_to_plan("2025-04-09", "dinner", recipes[0]["id"], 3))
# %% The day's calories.
method_search("total nutrition planned for a day")
# %% Totals.
day = get_day_nutrition("2025-04-09")
print(day)
# %% Whole kcal.
stop(round(day["totals"]["kcal"]))
