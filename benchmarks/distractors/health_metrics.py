"""Body and exercise metrics: BMI, metabolic rate, heart-rate zones, body composition, water
and energy needs.

These are the standard population formulas, useful for estimates; they are not medical advice.
Weights in kg, heights in cm, ages in years.
"""

from __future__ import annotations

import math
from datetime import date, timedelta


def body_mass_index(weight_kg: float, height_cm: float) -> float:
    """Body mass index: weight divided by height squared.

    Args:
        weight_kg: Body weight.
        height_cm: Height.

    Returns:
        BMI, rounded to 1 decimal.

    Example:
        >>> body_mass_index(70, 175)
        22.9
    """
    return round(weight_kg / (height_cm / 100) ** 2, 1)


def bmi_category(bmi: float) -> str:
    """WHO adult weight category of a BMI.

    Args:
        bmi: Body mass index.

    Returns:
        "underweight", "normal", "overweight" or "obese".

    Example:
        >>> bmi_category(27.3)
        'overweight'
    """
    limits = ((18.5, "underweight"), (25, "normal"), (30, "overweight"))
    return next((name for limit, name in limits if bmi < limit), "obese")


def basal_metabolic_rate(weight_kg: float, height_cm: float, age_years: int, sex: str) -> float:
    """Resting energy use per day (Mifflin-St Jeor equation).

    Args:
        weight_kg: Body weight.
        height_cm: Height.
        age_years: Age.
        sex: "male" or "female".

    Returns:
        kcal per day, rounded to the whole kcal.

    Example:
        >>> basal_metabolic_rate(70, 175, 30, "male")
        1649.0
    """
    base = 10 * weight_kg + 6.25 * height_cm - 5 * age_years
    return float(round(base + (5 if sex.lower().startswith("m") else -161)))


def daily_energy_expenditure(bmr_kcal: float, activity: str = "moderate") -> float:
    """Total daily energy expenditure from the BMR and an activity level.

    Args:
        bmr_kcal: Basal metabolic rate.
        activity: sedentary, light, moderate, active or very active.

    Returns:
        kcal per day, rounded to the whole kcal.

    Example:
        >>> daily_energy_expenditure(1649, "light")
        2267.0
    """
    factors = {"sedentary": 1.2, "light": 1.375, "moderate": 1.55, "active": 1.725}
    factors["very active"] = 1.9
    if activity.lower() not in factors:
        raise ValueError(f"activity must be one of {', '.join(factors)}.")
    return float(round(bmr_kcal * factors[activity.lower()]))


def ideal_body_weight(height_cm: float, sex: str) -> float:
    """Ideal body weight by the Devine formula (used for drug dosing and as a reference).

    Args:
        height_cm: Height.
        sex: "male" or "female".

    Returns:
        Kilograms, rounded to 1 decimal.

    Example:
        >>> ideal_body_weight(180, "male")
        75.0
    """
    inches_over_five_feet = height_cm / 2.54 - 60
    return round((50 if sex.lower().startswith("m") else 45.5) + 2.3 * inches_over_five_feet, 1)


def body_fat_navy(
    sex: str, height_cm: float, neck_cm: float, waist_cm: float, hip_cm: float = 0
) -> float:
    """Body fat percentage by the US Navy tape-measure method.

    Args:
        sex: "male" or "female".
        height_cm: Height.
        neck_cm: Neck circumference.
        waist_cm: Waist circumference (at the navel for men).
        hip_cm: Hip circumference (needed for women).

    Returns:
        Body fat in percent, rounded to 1 decimal.

    Example:
        >>> body_fat_navy("male", 180, 38, 85)
        16.1
    """
    if sex.lower().startswith("m"):
        density = 1.0324 - 0.19077 * math.log10(waist_cm - neck_cm)
        density += 0.15456 * math.log10(height_cm)
    else:
        density = 1.29579 - 0.35004 * math.log10(waist_cm + hip_cm - neck_cm)
        density += 0.22100 * math.log10(height_cm)
    return round(495 / density - 450, 1)


def waist_to_height_ratio(waist_cm: float, height_cm: float) -> float:
    """Waist-to-height ratio (below 0.5 is the usual healthy target).

    Args:
        waist_cm: Waist circumference.
        height_cm: Height.

    Returns:
        The ratio, rounded to 3 decimals.

    Example:
        >>> waist_to_height_ratio(85, 180)
        0.472
    """
    return round(waist_cm / height_cm, 3)


def maximum_heart_rate(age_years: int) -> int:
    """Estimated maximum heart rate (Tanaka formula: 208 - 0.7 x age).

    Args:
        age_years: Age.

    Returns:
        Beats per minute.

    Example:
        >>> maximum_heart_rate(40)
        180
    """
    return round(208 - 0.7 * age_years)


def heart_rate_zone(age_years: int, resting_bpm: int, intensity_percent: float) -> int:
    """Target heart rate for a training intensity (Karvonen heart-rate-reserve method).

    Args:
        age_years: Age.
        resting_bpm: Resting heart rate.
        intensity_percent: Intensity, e.g. 70.

    Returns:
        Target beats per minute.

    Example:
        >>> heart_rate_zone(40, 60, 70)
        144
    """
    reserve = maximum_heart_rate(age_years) - resting_bpm
    return round(resting_bpm + reserve * intensity_percent / 100)


def body_surface_area(weight_kg: float, height_cm: float) -> float:
    """Body surface area by the Mosteller formula.

    Args:
        weight_kg: Body weight.
        height_cm: Height.

    Returns:
        Square metres, rounded to 2 decimals.

    Example:
        >>> body_surface_area(70, 175)
        1.84
    """
    return round(math.sqrt(weight_kg * height_cm / 3600), 2)


def lean_body_mass(weight_kg: float, height_cm: float, sex: str) -> float:
    """Lean body mass by the Boer formula.

    Args:
        weight_kg: Body weight.
        height_cm: Height.
        sex: "male" or "female".

    Returns:
        Kilograms, rounded to 1 decimal.

    Example:
        >>> lean_body_mass(70, 175, "female")
        52.1
    """
    if sex.lower().startswith("m"):
        return round(0.407 * weight_kg + 0.267 * height_cm - 19.2, 1)
    return round(0.252 * weight_kg + 0.473 * height_cm - 48.3, 1)


def daily_water_intake_liters(weight_kg: float, exercise_minutes: float = 0) -> float:
    """Rule-of-thumb daily water need: 33 ml per kg plus 0.35 L per 30 minutes of exercise.

    Args:
        weight_kg: Body weight.
        exercise_minutes: Minutes of exercise that day.

    Returns:
        Litres, rounded to 1 decimal.

    Example:
        >>> daily_water_intake_liters(70, 60)
        3.0
    """
    return round(0.033 * weight_kg + 0.35 * exercise_minutes / 30, 1)


def calories_burned(met: float, weight_kg: float, minutes: float) -> float:
    """Energy burned by an activity of a given MET value.

    Args:
        met: Metabolic equivalent of the activity (e.g. 8 for running at 8 km/h).
        weight_kg: Body weight.
        minutes: Duration.

    Returns:
        kcal, rounded to the whole kcal.

    Example:
        >>> calories_burned(8, 70, 30)
        294.0
    """
    return float(round(met * 3.5 * weight_kg / 200 * minutes))


def blood_alcohol_estimate(alcohol_grams: float, weight_kg: float, sex: str, hours: float) -> float:
    """Rough blood alcohol concentration by Widmark's formula (never use it to decide to drive).

    Args:
        alcohol_grams: Pure alcohol drunk (a standard drink is 10-14 g).
        weight_kg: Body weight.
        sex: "male" or "female" (body water ratio 0.68 or 0.55).
        hours: Hours since the first drink (0.15 per mille eliminated per hour).

    Returns:
        Per mille (g/kg), never below 0, rounded to 2 decimals.

    Example:
        >>> blood_alcohol_estimate(40, 80, "male", 2)
        0.44
    """
    ratio = 0.68 if sex.lower().startswith("m") else 0.55
    return round(max(0.0, alcohol_grams / (weight_kg * ratio) - 0.15 * hours), 2)


def pregnancy_due_date(last_period: str) -> str:
    """Estimated due date by Naegele's rule: first day of the last period plus 280 days.

    Args:
        last_period: First day of the last menstrual period, YYYY-MM-DD.

    Returns:
        The estimated due date.

    Example:
        >>> pregnancy_due_date("2025-01-10")
        '2025-10-17'
    """
    return (date.fromisoformat(last_period) + timedelta(days=280)).isoformat()


def protein_target_grams(weight_kg: float, grams_per_kg: float = 0.8) -> float:
    """Daily protein target from body weight (0.8 g/kg is the adult reference intake).

    Args:
        weight_kg: Body weight.
        grams_per_kg: Target per kg (1.6 or more for strength training).

    Returns:
        Grams per day, rounded to the whole gram.

    Example:
        >>> protein_target_grams(75, 1.6)
        120.0
    """
    return float(round(weight_kg * grams_per_kg))


def macro_energy_kcal(
    protein_g: float, carbs_g: float, fat_g: float, alcohol_g: float = 0
) -> float:
    """Energy of a meal from its macronutrients (4, 4, 9 and 7 kcal per gram).

    Args:
        protein_g: Protein.
        carbs_g: Carbohydrate.
        fat_g: Fat.
        alcohol_g: Alcohol.

    Returns:
        kcal.

    Example:
        >>> macro_energy_kcal(30, 50, 20)
        500
    """
    return 4 * protein_g + 4 * carbs_g + 9 * fat_g + 7 * alcohol_g
