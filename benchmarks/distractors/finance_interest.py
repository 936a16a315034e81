"""Time value of money: interest, compounding, present and future values, annuities.

Rates are given in percent per year unless a name says otherwise; results are not rounded
unless stated.
"""

from __future__ import annotations

import math


def simple_interest(principal: float, rate_percent: float, years: float) -> float:
    """Interest earned without compounding.

    Args:
        principal: The amount invested or lent.
        rate_percent: Yearly rate in percent.
        years: Duration in years.

    Returns:
        The interest (not including the principal).

    Example:
        >>> simple_interest(1000, 5, 3)
        150.0
    """
    return principal * rate_percent / 100 * years


def compound_amount(
    principal: float, rate_percent: float, years: float, periods_per_year: int = 1
) -> float:
    """Balance after compound interest.

    Args:
        principal: The starting amount.
        rate_percent: Nominal yearly rate in percent.
        years: Duration in years.
        periods_per_year: Compounding periods per year (12 for monthly).

    Returns:
        The final balance, rounded to cents.

    Example:
        >>> compound_amount(1000, 5, 10)
        1628.89
    """
    rate = rate_percent / 100 / periods_per_year
    return round(principal * (1 + rate) ** (periods_per_year * years), 2)


def continuous_compound_amount(principal: float, rate_percent: float, years: float) -> float:
    """Balance with continuously compounded interest (P e^(rt)).

    Args:
        principal: The starting amount.
        rate_percent: Yearly rate in percent.
        years: Duration in years.

    Returns:
        The final balance, rounded to cents.

    Example:
        >>> continuous_compound_amount(1000, 5, 10)
        1648.72
    """
    return round(principal * math.exp(rate_percent / 100 * years), 2)


def effective_annual_rate(nominal_rate_percent: float, periods_per_year: int) -> float:
    """Effective yearly rate (APY/AER) of a nominal rate compounded several times a year.

    Args:
        nominal_rate_percent: The stated yearly rate in percent.
        periods_per_year: Compounding periods per year.

    Returns:
        The effective rate in percent, rounded to 4 decimals.

    Example:
        >>> effective_annual_rate(12, 12)
        12.6825
    """
    return round(
        ((1 + nominal_rate_percent / 100 / periods_per_year) ** periods_per_year - 1) * 100, 4
    )


def nominal_rate_from_effective(effective_rate_percent: float, periods_per_year: int) -> float:
    """Nominal yearly rate that gives a wanted effective rate with some compounding.

    Args:
        effective_rate_percent: The effective yearly rate in percent.
        periods_per_year: Compounding periods per year.

    Returns:
        The nominal rate in percent, rounded to 4 decimals.

    Example:
        >>> nominal_rate_from_effective(12.6825, 12)
        12.0
    """
    factor = (1 + effective_rate_percent / 100) ** (1 / periods_per_year)
    return round((factor - 1) * periods_per_year * 100, 4)


def rule_of_72_years(rate_percent: float) -> float:
    """Quick estimate of the years needed to double money at a yearly rate (72 / rate).

    Args:
        rate_percent: Yearly rate in percent.

    Returns:
        Approximate years, rounded to 1 decimal.

    Example:
        >>> rule_of_72_years(6)
        12.0
    """
    return round(72 / rate_percent, 1)


def doubling_time_years(rate_percent: float) -> float:
    """Exact years to double money with yearly compounding.

    Args:
        rate_percent: Yearly rate in percent.

    Returns:
        ln 2 / ln(1 + r), rounded to 2 decimals.

    Example:
        >>> doubling_time_years(6)
        11.9
    """
    return round(math.log(2) / math.log(1 + rate_percent / 100), 2)


def present_value(future_amount: float, rate_percent: float, years: float) -> float:
    """What a future amount is worth today at a discount rate.

    Args:
        future_amount: The amount received later.
        rate_percent: Yearly discount rate in percent.
        years: Years until it is received.

    Returns:
        The present value, rounded to cents.

    Example:
        >>> present_value(1000, 5, 10)
        613.91
    """
    return round(future_amount / (1 + rate_percent / 100) ** years, 2)


def discount_factor(rate_percent: float, years: float) -> float:
    """Factor that converts a future amount into its present value.

    Args:
        rate_percent: Yearly discount rate in percent.
        years: Years ahead.

    Returns:
        1 / (1 + r)^t, rounded to 6 decimals.

    Example:
        >>> discount_factor(10, 2)
        0.826446
    """
    return round(1 / (1 + rate_percent / 100) ** years, 6)


def future_value_of_annuity(
    payment: float, rate_percent: float, periods: int, due: bool = False
) -> float:
    """Value at the end of a series of equal regular deposits with compound interest.

    Args:
        payment: The deposit each period.
        rate_percent: Interest per period in percent.
        periods: Number of deposits.
        due: Deposits at the start of each period instead of the end.

    Returns:
        The accumulated value, rounded to cents.

    Example:
        >>> future_value_of_annuity(100, 1, 12)
        1268.25
    """
    rate = rate_percent / 100
    value = payment * periods if rate == 0 else payment * ((1 + rate) ** periods - 1) / rate
    return round(value * (1 + rate if due else 1), 2)


def present_value_of_annuity(payment: float, rate_percent: float, periods: int) -> float:
    """Today's value of a series of equal payments received at the end of each period.

    Args:
        payment: The payment each period.
        rate_percent: Discount rate per period in percent.
        periods: Number of payments.

    Returns:
        The present value, rounded to cents.

    Example:
        >>> present_value_of_annuity(1000, 5, 10)
        7721.73
    """
    rate = rate_percent / 100
    return round(
        payment * periods if rate == 0 else payment * (1 - (1 + rate) ** -periods) / rate, 2
    )


def perpetuity_value(payment: float, rate_percent: float, growth_percent: float = 0) -> float:
    """Present value of payments that continue forever, optionally growing each period.

    Args:
        payment: The next period's payment.
        rate_percent: Discount rate per period in percent.
        growth_percent: Growth of the payment per period in percent, below the rate.

    Returns:
        The present value, rounded to cents.

    Raises:
        ValueError: The growth rate is not below the discount rate.

    Example:
        >>> perpetuity_value(50, 5)
        1000.0
    """
    if growth_percent >= rate_percent:
        raise ValueError("The growth rate must be below the discount rate.")
    return round(payment / ((rate_percent - growth_percent) / 100), 2)


def real_interest_rate(nominal_percent: float, inflation_percent: float) -> float:
    """Interest rate after inflation (exact Fisher equation).

    Args:
        nominal_percent: The nominal rate in percent.
        inflation_percent: Inflation in percent.

    Returns:
        The real rate in percent, rounded to 4 decimals.

    Example:
        >>> real_interest_rate(5, 3)
        1.9417
    """
    return round(((1 + nominal_percent / 100) / (1 + inflation_percent / 100) - 1) * 100, 4)


def inflation_adjusted_amount(amount: float, inflation_percent: float, years: float) -> float:
    """Amount needed in the future to match today's purchasing power.

    Args:
        amount: Today's amount.
        inflation_percent: Yearly inflation in percent.
        years: Years ahead.

    Returns:
        The future amount, rounded to cents.

    Example:
        >>> inflation_adjusted_amount(100, 2, 10)
        121.9
    """
    return round(amount * (1 + inflation_percent / 100) ** years, 2)


def monthly_deposit_for_goal(goal: float, annual_rate_percent: float, months: int) -> float:
    """Monthly deposit needed to reach a savings goal (deposits at each month's end).

    Args:
        goal: The target amount.
        annual_rate_percent: Yearly interest in percent, compounded monthly.
        months: Months to save.

    Returns:
        The deposit, rounded up to the cent.

    Example:
        >>> monthly_deposit_for_goal(10000, 3, 36)
        265.82
    """
    rate = annual_rate_percent / 100 / 12
    deposit = goal / months if rate == 0 else goal * rate / ((1 + rate) ** months - 1)
    return math.ceil(deposit * 100) / 100


def periods_to_reach_goal(present: float, goal: float, rate_percent: float) -> int:
    """Whole compounding periods until an amount grows to a goal.

    Args:
        present: The starting amount, above 0.
        goal: The target amount.
        rate_percent: Interest per period in percent, above 0.

    Returns:
        The number of periods (rounded up).

    Example:
        >>> periods_to_reach_goal(1000, 2000, 7)
        11
    """
    return math.ceil(math.log(goal / present) / math.log(1 + rate_percent / 100))


def rate_needed_for_goal(present: float, goal: float, periods: float) -> float:
    """Interest rate per period needed for an amount to grow to a goal.

    Args:
        present: The starting amount, above 0.
        goal: The target amount.
        periods: Number of compounding periods.

    Returns:
        The rate in percent, rounded to 4 decimals.

    Example:
        >>> rate_needed_for_goal(1000, 2000, 10)
        7.1773
    """
    return round(((goal / present) ** (1 / periods) - 1) * 100, 4)
