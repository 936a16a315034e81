# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the recipe.
method_search("search recipes by name")
# %% The lentil shepherd's pie.
recipes = search_recipes("lentil shepherd's pie")
print(recipes)
# %% Its ingredients.
method_search("get a recipe with its ingredients")
# %% Read it.
recipe = get_recipe(recipes[0]["id"])
print(recipe)
# %% Nutrition of the ingredients.
method_search("calculate nutrition of a list of ingredients")
# %% Totals for the whole dish.
totals = calculate_nutrition(recipe["ingredients"])
print(totals)
# %% Per serving.
stop(round(totals["protein_g"] / recipe["servings"], 1))
