"""Investment analysis: returns, growth rates, NPV/IRR, ratios, risk measures, position sizing."""

from __future__ import annotations

import math
import statistics


def compound_annual_growth_rate(start_value: float, end_value: float, years: float) -> float:
    """CAGR: the steady yearly growth rate that turns a start value into an end value.

    Args:
        start_value: Value at the start, above 0.
        end_value: Value at the end.
        years: Number of years between them.

    Returns:
        The rate in percent, rounded to 2 decimals.

    Example:
        >>> compound_annual_growth_rate(10000, 19500, 5)
        14.29
    """
    return round(((end_value / start_value) ** (1 / years) - 1) * 100, 2)


def return_on_investment(gain: float, cost: float) -> float:
    """ROI: net gain relative to the cost of an investment.

    Args:
        gain: Final value or revenue obtained.
        cost: What was invested.

    Returns:
        (gain - cost) / cost in percent, rounded to 2 decimals.

    Example:
        >>> return_on_investment(1500, 1200)
        25.0
    """
    return round((gain - cost) / cost * 100, 2)


def annualized_return(total_return_percent: float, years: float) -> float:
    """Convert a total return over several years into the equivalent yearly return.

    Args:
        total_return_percent: The whole-period return, e.g. 50 for +50%.
        years: Length of the period.

    Returns:
        The yearly return in percent, rounded to 2 decimals.

    Example:
        >>> annualized_return(50, 3)
        14.47
    """
    return round(((1 + total_return_percent / 100) ** (1 / years) - 1) * 100, 2)


def net_present_value(rate_percent: float, cash_flows: list[float]) -> float:
    """NPV of cash flows, the first at time 0 (usually the negative investment).

    Args:
        rate_percent: Discount rate per period in percent.
        cash_flows: Flows at periods 0, 1, 2, ...

    Returns:
        The net present value, rounded to cents.

    Example:
        >>> net_present_value(10, [-1000, 300, 400, 500])
        -21.04
    """
    rate = rate_percent / 100
    return round(sum(flow / (1 + rate) ** t for t, flow in enumerate(cash_flows)), 2)


def internal_rate_of_return(cash_flows: list[float]) -> float:
    """IRR: the discount rate at which the NPV of the cash flows is zero (bisection).

    Args:
        cash_flows: Flows at periods 0, 1, 2, ...; must change sign.

    Returns:
        The rate in percent, rounded to 2 decimals.

    Raises:
        ValueError: No rate between -99% and 1000% makes the NPV zero.

    Example:
        >>> internal_rate_of_return([-1000, 300, 400, 500])
        8.9
    """

    def npv(rate: float) -> float:
        return sum(flow / (1 + rate) ** t for t, flow in enumerate(cash_flows))

    low, high = -0.99, 10.0
    if npv(low) * npv(high) > 0:
        raise ValueError("These cash flows have no internal rate of return in range.")
    for _ in range(200):
        middle = (low + high) / 2
        if npv(low) * npv(middle) <= 0:
            high = middle
        else:
            low = middle
    return round((low + high) / 2 * 100, 2)


def payback_period_years(investment: float, yearly_cash_flows: list[float]) -> float:
    """Years until cumulative cash flows repay an investment (interpolated within a year).

    Args:
        investment: The upfront cost.
        yearly_cash_flows: Cash received in year 1, 2, ...

    Returns:
        The payback period in years, rounded to 2 decimals.

    Raises:
        ValueError: The flows never repay the investment.

    Example:
        >>> payback_period_years(1000, [300, 400, 500])
        2.6
    """
    remaining = investment
    for year, flow in enumerate(yearly_cash_flows, start=1):
        if flow >= remaining:
            return round(year - 1 + remaining / flow, 2)
        remaining -= flow
    raise ValueError("The cash flows never pay the investment back.")


def profitability_index(rate_percent: float, investment: float, future_flows: list[float]) -> float:
    """Present value of future flows per unit invested (above 1 means worth doing).

    Args:
        rate_percent: Discount rate in percent.
        investment: The upfront cost.
        future_flows: Flows in periods 1, 2, ...

    Returns:
        The index, rounded to 3 decimals.

    Example:
        >>> profitability_index(10, 1000, [300, 400, 500])
        0.979
    """
    rate = rate_percent / 100
    value = sum(flow / (1 + rate) ** t for t, flow in enumerate(future_flows, start=1))
    return round(value / investment, 3)


def dividend_yield(annual_dividend: float, share_price: float) -> float:
    """Yearly dividend as a percentage of the share price.

    Args:
        annual_dividend: Dividends per share per year.
        share_price: Current share price.

    Returns:
        The yield in percent, rounded to 2 decimals.

    Example:
        >>> dividend_yield(2.4, 60)
        4.0
    """
    return round(annual_dividend / share_price * 100, 2)


def price_to_earnings_ratio(share_price: float, earnings_per_share: float) -> float:
    """P/E ratio: how many years of current earnings the share price represents.

    Args:
        share_price: Current share price.
        earnings_per_share: Yearly earnings per share.

    Returns:
        The ratio, rounded to 2 decimals.

    Example:
        >>> price_to_earnings_ratio(150, 6)
        25.0
    """
    return round(share_price / earnings_per_share, 2)


def earnings_per_share(
    net_income: float, preferred_dividends: float, shares_outstanding: float
) -> float:
    """EPS: profit attributable to each common share.

    Args:
        net_income: The company's net income.
        preferred_dividends: Dividends owed to preferred shares.
        shares_outstanding: Weighted average common shares.

    Returns:
        Earnings per share, rounded to cents.

    Example:
        >>> earnings_per_share(5_000_000, 500_000, 1_500_000)
        3.0
    """
    return round((net_income - preferred_dividends) / shares_outstanding, 2)


def dollar_cost_average_price(amounts: list[float], prices: list[float]) -> float:
    """Average price paid per share when investing fixed amounts at varying prices.

    Args:
        amounts: Money invested each time.
        prices: Share price each time.

    Returns:
        Total invested divided by total shares bought, rounded to cents.

    Example:
        >>> dollar_cost_average_price([100, 100, 100], [10, 20, 25])
        15.79
    """
    shares = sum(a / p for a, p in zip(amounts, prices, strict=True))
    return round(sum(amounts) / shares, 2)


def portfolio_weighted_return(weights_percent: list[float], returns_percent: list[float]) -> float:
    """Return of a portfolio from its holdings' weights and returns.

    Args:
        weights_percent: Share of each holding, summing to 100.
        returns_percent: Each holding's return in percent.

    Returns:
        The portfolio return in percent, rounded to 2 decimals.

    Example:
        >>> portfolio_weighted_return([60, 40], [10, 2])
        6.8
    """
    return round(sum(w * r for w, r in zip(weights_percent, returns_percent, strict=True)) / 100, 2)


def sharpe_ratio(returns_percent: list[float], risk_free_percent: float = 0.0) -> float:
    """Sharpe ratio: average excess return per unit of volatility (same period as the data).

    Args:
        returns_percent: Periodic returns in percent.
        risk_free_percent: Risk-free return per period in percent.

    Returns:
        The ratio, rounded to 3 decimals.

    Example:
        >>> sharpe_ratio([2, 4, -1, 3], 0.5)
        0.694
    """
    excess = [r - risk_free_percent for r in returns_percent]
    return round(statistics.fmean(excess) / statistics.stdev(returns_percent), 3)


def max_drawdown_percent(values: list[float]) -> float:
    """Largest peak-to-trough fall of a value series, in percent.

    Args:
        values: Portfolio or price values in time order.

    Returns:
        The maximum drawdown as a positive percentage, rounded to 2 decimals.

    Example:
        >>> max_drawdown_percent([100, 120, 90, 110, 80, 130])
        33.33
    """
    peak, worst = values[0], 0.0
    for value in values:
        peak = max(peak, value)
        worst = max(worst, (peak - value) / peak)
    return round(worst * 100, 2)


def capm_expected_return(
    risk_free_percent: float, beta: float, market_return_percent: float
) -> float:
    """Expected return of an asset under the capital asset pricing model.

    Args:
        risk_free_percent: Risk-free rate in percent.
        beta: The asset's beta.
        market_return_percent: Expected market return in percent.

    Returns:
        rf + beta x (market - rf), in percent.

    Example:
        >>> capm_expected_return(3, 1.2, 8)
        9.0
    """
    return round(risk_free_percent + beta * (market_return_percent - risk_free_percent), 4)


def beta_coefficient(asset_returns: list[float], market_returns: list[float]) -> float:
    """Beta: how strongly an asset's returns move with the market's.

    Args:
        asset_returns: The asset's periodic returns.
        market_returns: The market's returns for the same periods.

    Returns:
        Covariance divided by market variance, rounded to 3 decimals.

    Example:
        >>> beta_coefficient([2, 4, 6], [1, 2, 3])
        2.0
    """
    return round(
        statistics.covariance(asset_returns, market_returns) / statistics.variance(market_returns),
        3,
    )


def position_size_by_risk(
    account_value: float, risk_percent: float, entry_price: float, stop_price: float
) -> int:
    """Shares to buy so that hitting the stop-loss loses a set share of the account.

    Args:
        account_value: Total account value.
        risk_percent: Share of the account to risk, in percent (often 1-2).
        entry_price: Planned buy price.
        stop_price: Stop-loss price.

    Returns:
        Whole shares (rounded down).

    Example:
        >>> position_size_by_risk(50000, 1, 40, 38)
        250
    """
    risk_per_share = abs(entry_price - stop_price)
    return math.floor(account_value * risk_percent / 100 / risk_per_share)


def break_even_sell_price(buy_price: float, fee_percent: float) -> float:
    """Sell price that recovers the buy price plus a percentage fee on both trades.

    Args:
        buy_price: Price paid per unit.
        fee_percent: Fee on each trade, in percent.

    Returns:
        The break-even price, rounded to 4 decimals.

    Example:
        >>> break_even_sell_price(100, 0.5)
        101.005
    """
    fee = fee_percent / 100
    return round(buy_price * (1 + fee) / (1 - fee), 4)
