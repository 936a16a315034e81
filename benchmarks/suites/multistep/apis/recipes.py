"""Recipes, ingredient nutrition facts and a personal meal plan.

The data lives in `recipes.json` in the workspace. Nutrition facts are per 100 g of an
ingredient: energy in kcal, and protein, fat, carbohydrates and fibre in grams. A recipe lists
ingredient amounts for the whole dish, which makes `servings` portions.
"""

from __future__ import annotations

from _multistep_store import folded, parse_day, read_json, write_json

__all__ = [
    "add_meal_to_plan",
    "calculate_nutrition",
    "find_ingredient",
    "get_day_nutrition",
    "get_ingredient_nutrition",
    "get_meal_plan",
    "get_recipe",
    "search_recipes",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {name: {"side_effects": True} for name in ("add_meal_to_plan",)}

RECIPES_FILE = "recipes.json"
MEALS = ("breakfast", "lunch", "dinner", "snack")
NUTRIENTS = ("kcal", "protein_g", "fat_g", "carbs_g", "fibre_g")


def search_recipes(text: str, tag: str | None = None) -> list[dict]:
    """Search recipes by name, optionally only those with a tag such as "vegan" or "dinner".

    Args:
        text: Part of the recipe's name, e.g. "curry".
        tag: Only recipes carrying this tag; None for all.

    Returns:
        Matching recipes, each with keys id (e.g. "R-011"), name, servings and tags.
    """
    wanted = folded(text)
    return [
        {key: recipe[key] for key in ("id", "name", "servings", "tags")}
        for recipe in read_json(RECIPES_FILE)["recipes"]
        if _matches(wanted, recipe["name"]) and (tag is None or folded(tag) in recipe["tags"])
    ]


def get_recipe(recipe_id: str) -> dict:
    """Get a recipe with its ingredient list and the number of servings it makes.

    Args:
        recipe_id: The recipe's id, e.g. "R-011".

    Returns:
        Keys id, name, servings, tags and ingredients: a list of dicts with keys
        ingredient_id, name and grams (for the whole dish).

    Raises:
        LookupError: There is no recipe with this id.
    """
    data = read_json(RECIPES_FILE)
    recipe = _recipe(data, recipe_id)
    names = {key: item["name"] for key, item in data["ingredients"].items()}
    items = [
        {
            "ingredient_id": i["ingredient_id"],
            "name": names[i["ingredient_id"]],
            "grams": i["grams"],
        }
        for i in recipe["ingredients"]
    ]
    return {
        **{key: recipe[key] for key in ("id", "name", "servings", "tags")},
        "ingredients": items,
    }


def find_ingredient(name: str) -> list[dict]:
    """Find ingredients in the nutrition database by name.

    Args:
        name: Part of the ingredient's name, e.g. "lentils".

    Returns:
        Matching ingredients, each with keys id (e.g. "I-01") and name.
    """
    wanted = folded(name)
    ingredients = read_json(RECIPES_FILE)["ingredients"]
    return [
        {"id": key, "name": item["name"]}
        for key, item in ingredients.items()
        if _matches(wanted, item["name"])
    ]


def get_ingredient_nutrition(ingredient_id: str) -> dict:
    """Get the nutrition facts of one ingredient per 100 grams.

    Args:
        ingredient_id: The ingredient's id, e.g. "I-01".

    Returns:
        Keys id, name, kcal, protein_g, fat_g, carbs_g and fibre_g (all per 100 g).

    Raises:
        LookupError: There is no ingredient with this id.
    """
    ingredients = read_json(RECIPES_FILE)["ingredients"]
    key = _ingredient_id(ingredients, ingredient_id)
    return {"id": key, "name": ingredients[key]["name"], **ingredients[key]["per_100g"]}


def calculate_nutrition(ingredients: list[dict]) -> dict:
    """Add up the nutrition of a list of ingredient amounts, such as a recipe's ingredients.

    Args:
        ingredients: Dicts with keys ingredient_id and grams, e.g.
            [{"ingredient_id": "I-01", "grams": 250}]; the ingredients list of get_recipe
            can be passed as it is.

    Returns:
        The totals: keys kcal, protein_g, fat_g, carbs_g and fibre_g, one decimal each.

    Raises:
        LookupError: An ingredient id is unknown.
        ValueError: An item lacks ingredient_id or grams, or grams is negative.
    """
    if not isinstance(ingredients, list):
        raise ValueError(
            "Pass a list of {'ingredient_id': ..., 'grams': ...} dicts; for a recipe, pass "
            "get_recipe(recipe_id)['ingredients']."
        )
    totals = _nutrition(read_json(RECIPES_FILE)["ingredients"], ingredients)
    return {nutrient: round(value, 1) for nutrient, value in totals.items()}


def add_meal_to_plan(date: str, meal: str, recipe_id: str, servings: float) -> dict:
    """Plan a recipe for a meal on a day of the meal plan.

    Args:
        date: The day, YYYY-MM-DD.
        meal: "breakfast", "lunch", "dinner" or "snack".
        recipe_id: The recipe's id, e.g. "R-011" (see search_recipes).
        servings: How many servings will be eaten, e.g. 2.

    Returns:
        The planned entry: keys date, meal, recipe_id, recipe_name and servings.

    Raises:
        LookupError: There is no recipe with this id.
        ValueError: Bad date or meal, servings not positive, or that meal is already planned.
    """
    day = parse_day(date, "date").isoformat()
    kind = folded(meal)
    if kind not in MEALS:
        raise ValueError(f"Unknown meal {meal!r}; use one of {', '.join(MEALS)}.")
    if isinstance(servings, bool) or not isinstance(servings, int | float) or servings <= 0:
        raise ValueError(f"servings must be a positive number, got {servings!r}.")
    data = read_json(RECIPES_FILE)
    recipe = _recipe(data, recipe_id)
    for entry in data["meal_plan"]:
        if (entry["date"], entry["meal"]) == (day, kind):
            raise ValueError(f"{kind.title()} on {day} is already planned ({entry['recipe_id']}).")
    entry = {"date": day, "meal": kind, "recipe_id": recipe["id"], "servings": servings}
    data["meal_plan"].append(entry)
    write_json(RECIPES_FILE, data)
    return {**entry, "recipe_name": recipe["name"]}


def get_meal_plan(date: str) -> list[dict]:
    """Get the meals planned for one day.

    Args:
        date: The day, YYYY-MM-DD.

    Returns:
        One dict per planned meal with keys meal, recipe_id, recipe_name and servings.

    Raises:
        ValueError: The date is not YYYY-MM-DD.
    """
    day = parse_day(date, "date").isoformat()
    data = read_json(RECIPES_FILE)
    return [
        {
            "meal": entry["meal"],
            "recipe_id": entry["recipe_id"],
            "recipe_name": _recipe(data, entry["recipe_id"])["name"],
            "servings": entry["servings"],
        }
        for entry in data["meal_plan"]
        if entry["date"] == day
    ]


def get_day_nutrition(date: str) -> dict:
    """Total the nutrition of everything planned on one day of the meal plan.

    Args:
        date: The day, YYYY-MM-DD.

    Returns:
        Keys date, meals (the planned meals, as get_meal_plan gives them) and totals (keys
        kcal, protein_g, fat_g, carbs_g and fibre_g, one decimal each).

    Raises:
        ValueError: The date is not YYYY-MM-DD.
    """
    meals = get_meal_plan(date)
    data = read_json(RECIPES_FILE)
    totals = dict.fromkeys(NUTRIENTS, 0.0)
    for meal in meals:
        recipe = _recipe(data, meal["recipe_id"])
        dish = _nutrition(data["ingredients"], recipe["ingredients"])
        for nutrient in NUTRIENTS:
            totals[nutrient] += dish[nutrient] / recipe["servings"] * meal["servings"]
    return {
        "date": parse_day(date).isoformat(),
        "meals": meals,
        "totals": {nutrient: round(value, 1) for nutrient, value in totals.items()},
    }


def _nutrition(known: dict, items: list[dict]) -> dict[str, float]:
    """Unrounded totals; rounding happens once, where a person reads the numbers."""
    totals = dict.fromkeys(NUTRIENTS, 0.0)
    for item in items:
        if not isinstance(item, dict) or "ingredient_id" not in item or "grams" not in item:
            raise ValueError(f"Each item needs ingredient_id and grams, got {item!r}.")
        grams = item["grams"]
        if isinstance(grams, bool) or not isinstance(grams, int | float) or grams < 0:
            raise ValueError(f"grams must be a non-negative number, got {grams!r}.")
        facts = known[_ingredient_id(known, item["ingredient_id"])]["per_100g"]
        for nutrient in NUTRIENTS:
            totals[nutrient] += facts[nutrient] * grams / 100
    return totals


def _matches(wanted: str, name: str) -> bool:
    """Every word of the query appears in the name, so "lentil pie" finds the lentil pie."""
    words = wanted.replace("'", "").split()
    return all(word in folded(name).replace("'", "") for word in words)


def _recipe(data: dict, recipe_id: str) -> dict:
    for recipe in data["recipes"]:
        if recipe["id"] == str(recipe_id).strip().upper():
            return recipe
    raise LookupError(f"No recipe with id {recipe_id!r}; see search_recipes().")


def _ingredient_id(ingredients: dict, ingredient_id: str) -> str:
    key = str(ingredient_id).strip().upper()
    if key not in ingredients:
        raise LookupError(f"No ingredient with id {ingredient_id!r}; see find_ingredient().")
    return key
