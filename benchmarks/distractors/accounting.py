"""Business accounting: depreciation schedules, margins and markups, break-even, key ratios."""

from __future__ import annotations

import math


def straight_line_depreciation(cost: float, salvage_value: float, useful_life_years: int) -> float:
    """Yearly depreciation of an asset written off evenly over its life.

    Args:
        cost: Purchase cost.
        salvage_value: Value left at the end of its life.
        useful_life_years: Years of use.

    Returns:
        Depreciation per year.

    Example:
        >>> straight_line_depreciation(12000, 2000, 5)
        2000.0
    """
    return (cost - salvage_value) / useful_life_years


def declining_balance_schedule(cost: float, rate_percent: float, years: int) -> list[float]:
    """Depreciation per year with the declining-balance method.

    Args:
        cost: Purchase cost.
        rate_percent: Share of the remaining book value written off each year.
        years: Number of years to show.

    Returns:
        The yearly depreciation amounts, rounded to cents.

    Example:
        >>> declining_balance_schedule(10000, 40, 3)
        [4000.0, 2400.0, 1440.0]
    """
    book, schedule = cost, []
    for _ in range(years):
        amount = book * rate_percent / 100
        schedule.append(round(amount, 2))
        book -= amount
    return schedule


def sum_of_years_digits_schedule(
    cost: float, salvage_value: float, useful_life_years: int
) -> list[float]:
    """Depreciation per year with the sum-of-the-years'-digits method (front-loaded).

    Args:
        cost: Purchase cost.
        salvage_value: Value left at the end.
        useful_life_years: Years of use.

    Returns:
        The yearly amounts, rounded to cents.

    Example:
        >>> sum_of_years_digits_schedule(16000, 1000, 5)
        [5000.0, 4000.0, 3000.0, 2000.0, 1000.0]
    """
    total = useful_life_years * (useful_life_years + 1) / 2
    base = cost - salvage_value
    return [round(base * (useful_life_years - i) / total, 2) for i in range(useful_life_years)]


def units_of_production_depreciation(
    cost: float, salvage_value: float, total_units: float, units_this_period: float
) -> float:
    """Depreciation for a period in proportion to how much the asset was used.

    Args:
        cost: Purchase cost.
        salvage_value: Value left at the end.
        total_units: Expected lifetime output (units, hours, km).
        units_this_period: Output in this period.

    Returns:
        The period's depreciation, rounded to cents.

    Example:
        >>> units_of_production_depreciation(50000, 5000, 100000, 12000)
        5400.0
    """
    return round((cost - salvage_value) / total_units * units_this_period, 2)


def book_value_after_years(
    cost: float, salvage_value: float, useful_life_years: int, years: int
) -> float:
    """Book value of an asset after some years of straight-line depreciation.

    Args:
        cost: Purchase cost.
        salvage_value: Value left at the end.
        useful_life_years: Years of use.
        years: Years elapsed.

    Returns:
        The book value (never below the salvage value).

    Example:
        >>> book_value_after_years(12000, 2000, 5, 3)
        6000.0
    """
    yearly = (cost - salvage_value) / useful_life_years
    return max(float(salvage_value), cost - yearly * years)


def gross_margin_percent(revenue: float, cost_of_goods: float) -> float:
    """Gross margin: the share of revenue left after the cost of goods sold.

    Args:
        revenue: Sales revenue.
        cost_of_goods: Cost of the goods sold.

    Returns:
        The margin in percent, rounded to 2 decimals.

    Example:
        >>> gross_margin_percent(200, 150)
        25.0
    """
    return round((revenue - cost_of_goods) / revenue * 100, 2)


def markup_percent(cost: float, price: float) -> float:
    """Markup: how much the price exceeds the cost, relative to the cost.

    Args:
        cost: Unit cost.
        price: Selling price.

    Returns:
        The markup in percent, rounded to 2 decimals.

    Example:
        >>> markup_percent(150, 200)
        33.33
    """
    return round((price - cost) / cost * 100, 2)


def price_for_margin(cost: float, margin_percent: float) -> float:
    """Selling price that yields a wanted gross margin.

    Args:
        cost: Unit cost.
        margin_percent: Wanted margin in percent (below 100).

    Returns:
        The price, rounded to cents.

    Example:
        >>> price_for_margin(60, 40)
        100.0
    """
    return round(cost / (1 - margin_percent / 100), 2)


def price_for_markup(cost: float, markup: float) -> float:
    """Selling price from a cost and a markup percentage.

    Args:
        cost: Unit cost.
        markup: Markup in percent.

    Returns:
        The price, rounded to cents.

    Example:
        >>> price_for_markup(60, 50)
        90.0
    """
    return round(cost * (1 + markup / 100), 2)


def break_even_units(
    fixed_costs: float, price_per_unit: float, variable_cost_per_unit: float
) -> int:
    """Units to sell before revenue covers all costs.

    Args:
        fixed_costs: Costs that do not depend on volume.
        price_per_unit: Selling price.
        variable_cost_per_unit: Cost that comes with each unit.

    Returns:
        The break-even quantity, rounded up.

    Raises:
        ValueError: The price does not exceed the variable cost.

    Example:
        >>> break_even_units(10000, 25, 15)
        1000
    """
    margin = price_per_unit - variable_cost_per_unit
    if margin <= 0:
        raise ValueError("The price must exceed the variable cost per unit.")
    return math.ceil(fixed_costs / margin)


def contribution_margin_ratio(price_per_unit: float, variable_cost_per_unit: float) -> float:
    """Share of each sale left to cover fixed costs and profit.

    Args:
        price_per_unit: Selling price.
        variable_cost_per_unit: Variable cost per unit.

    Returns:
        The ratio in percent, rounded to 2 decimals.

    Example:
        >>> contribution_margin_ratio(25, 15)
        40.0
    """
    return round((price_per_unit - variable_cost_per_unit) / price_per_unit * 100, 2)


def current_ratio(current_assets: float, current_liabilities: float) -> float:
    """Liquidity ratio: current assets over current liabilities.

    Args:
        current_assets: Assets convertible to cash within a year.
        current_liabilities: Debts due within a year.

    Returns:
        The ratio, rounded to 2 decimals.

    Example:
        >>> current_ratio(150000, 100000)
        1.5
    """
    return round(current_assets / current_liabilities, 2)


def quick_ratio(
    cash: float, receivables: float, marketable_securities: float, current_liabilities: float
) -> float:
    """Acid-test ratio: the most liquid assets over current liabilities (inventory left out).

    Args:
        cash: Cash and equivalents.
        receivables: Accounts receivable.
        marketable_securities: Short-term investments.
        current_liabilities: Debts due within a year.

    Returns:
        The ratio, rounded to 2 decimals.

    Example:
        >>> quick_ratio(20000, 30000, 10000, 50000)
        1.2
    """
    return round((cash + receivables + marketable_securities) / current_liabilities, 2)


def debt_to_equity(total_liabilities: float, shareholders_equity: float) -> float:
    """Leverage ratio: liabilities relative to equity.

    Args:
        total_liabilities: All debts.
        shareholders_equity: Owners' equity.

    Returns:
        The ratio, rounded to 2 decimals.

    Example:
        >>> debt_to_equity(300000, 200000)
        1.5
    """
    return round(total_liabilities / shareholders_equity, 2)


def return_on_equity(net_income: float, shareholders_equity: float) -> float:
    """ROE: net income as a percentage of shareholders' equity.

    Args:
        net_income: Profit after tax.
        shareholders_equity: Average equity.

    Returns:
        The ROE in percent, rounded to 2 decimals.

    Example:
        >>> return_on_equity(45000, 300000)
        15.0
    """
    return round(net_income / shareholders_equity * 100, 2)


def days_sales_outstanding(receivables: float, revenue: float, days: int = 365) -> float:
    """Average days customers take to pay.

    Args:
        receivables: Accounts receivable.
        revenue: Credit sales in the period.
        days: Days in the period.

    Returns:
        The DSO, rounded to 1 decimal.

    Example:
        >>> days_sales_outstanding(50000, 365000)
        50.0
    """
    return round(receivables / revenue * days, 1)


def inventory_turnover_ratio(cost_of_goods_sold: float, average_inventory_value: float) -> float:
    """How many times stock is sold and replaced in a period.

    Args:
        cost_of_goods_sold: COGS for the period.
        average_inventory_value: Average stock value.

    Returns:
        The turnover, rounded to 2 decimals.

    Example:
        >>> inventory_turnover_ratio(500000, 125000)
        4.0
    """
    return round(cost_of_goods_sold / average_inventory_value, 2)


def working_capital(current_assets: float, current_liabilities: float) -> float:
    """Working capital: current assets minus current liabilities.

    Args:
        current_assets: Assets convertible to cash within a year.
        current_liabilities: Debts due within a year.

    Returns:
        The working capital.

    Example:
        >>> working_capital(150000, 100000)
        50000
    """
    return current_assets - current_liabilities


def net_profit_margin(net_income: float, revenue: float) -> float:
    """Net profit as a percentage of revenue.

    Args:
        net_income: Profit after all expenses and tax.
        revenue: Total revenue.

    Returns:
        The margin in percent, rounded to 2 decimals.

    Example:
        >>> net_profit_margin(12000, 150000)
        8.0
    """
    return round(net_income / revenue * 100, 2)
