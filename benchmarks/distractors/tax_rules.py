"""Tax and price arithmetic: VAT and sales tax, progressive brackets, tips and bill splitting.

Rates are percentages; results are rounded half-up to cents, as invoices are.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal


def _cents(amount: float) -> float:
    return float(Decimal(str(amount)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def add_vat(net_amount: float, vat_rate_percent: float) -> float:
    """Gross price including VAT from a net price.

    Args:
        net_amount: Price before VAT.
        vat_rate_percent: VAT rate, e.g. 21.

    Returns:
        The gross amount.

    Example:
        >>> add_vat(100, 21)
        121.0
    """
    return _cents(net_amount * (1 + vat_rate_percent / 100))


def remove_vat(gross_amount: float, vat_rate_percent: float) -> float:
    """Net price from a price that includes VAT.

    Args:
        gross_amount: Price including VAT.
        vat_rate_percent: VAT rate, e.g. 21.

    Returns:
        The net amount.

    Example:
        >>> remove_vat(121, 21)
        100.0
    """
    return _cents(gross_amount / (1 + vat_rate_percent / 100))


def vat_portion_of_gross(gross_amount: float, vat_rate_percent: float) -> float:
    """How much of a VAT-inclusive price is VAT.

    Args:
        gross_amount: Price including VAT.
        vat_rate_percent: VAT rate.

    Returns:
        The VAT amount.

    Example:
        >>> vat_portion_of_gross(119, 19)
        19.0
    """
    return _cents(gross_amount - gross_amount / (1 + vat_rate_percent / 100))


def progressive_tax(income: float, brackets: list[list[float]]) -> float:
    """Tax on an income under progressive brackets.

    Args:
        income: Taxable income.
        brackets: [upper limit, rate percent] pairs in ascending order; use a very large
            limit (or None) for the top bracket, e.g. [[10000, 0], [40000, 20], [None, 40]].

    Returns:
        The total tax.

    Example:
        >>> progressive_tax(50000, [[10000, 0], [40000, 20], [None, 40]])
        10000.0
    """
    tax, lower = 0.0, 0.0
    for limit, rate in brackets:
        upper = float("inf") if limit is None else limit
        if income > lower:
            tax += (min(income, upper) - lower) * rate / 100
        lower = upper
    return _cents(tax)


def marginal_tax_rate(income: float, brackets: list[list[float]]) -> float:
    """The rate that applies to the next unit of income.

    Args:
        income: Taxable income.
        brackets: [upper limit, rate percent] pairs as for progressive_tax.

    Returns:
        The marginal rate in percent.

    Example:
        >>> marginal_tax_rate(25000, [[10000, 0], [40000, 20], [None, 40]])
        20
    """
    for limit, rate in brackets:
        if limit is None or income < limit:
            return rate
    return brackets[-1][1]


def effective_tax_rate(tax_paid: float, income: float) -> float:
    """Tax paid as a share of income.

    Args:
        tax_paid: Total tax.
        income: Total income.

    Returns:
        The effective rate in percent, rounded to 2 decimals.

    Example:
        >>> effective_tax_rate(10000, 50000)
        20.0
    """
    return round(tax_paid / income * 100, 2)


def sales_tax_total(prices: list[float], tax_rate_percent: float) -> dict:
    """Subtotal, sales tax and total of a receipt (tax added on top, as in the US).

    Args:
        prices: Item prices before tax.
        tax_rate_percent: Sales tax rate.

    Returns:
        Keys subtotal, tax and total.

    Example:
        >>> sales_tax_total([19.99, 5.01], 8.875)
        {'subtotal': 25.0, 'tax': 2.22, 'total': 27.22}
    """
    subtotal = _cents(sum(prices))
    tax = _cents(subtotal * tax_rate_percent / 100)
    return {"subtotal": subtotal, "tax": tax, "total": _cents(subtotal + tax)}


def tip_amount(bill: float, tip_percent: float) -> float:
    """Tip for a bill at a percentage.

    Args:
        bill: The bill amount.
        tip_percent: e.g. 15.

    Returns:
        The tip.

    Example:
        >>> tip_amount(84.5, 15)
        12.68
    """
    return _cents(bill * tip_percent / 100)


def split_bill(bill: float, people: int, tip_percent: float = 0.0) -> list[float]:
    """Split a bill (plus tip) between people so the shares add up exactly to the cent.

    Args:
        bill: The bill amount.
        people: Number of people.
        tip_percent: Tip to add, in percent.

    Returns:
        Each person's share; the first ones pay a cent more when it does not divide evenly.

    Example:
        >>> split_bill(100, 3)
        [33.34, 33.33, 33.33]
    """
    total_cents = round(_cents(bill * (1 + tip_percent / 100)) * 100)
    base, extra = divmod(total_cents, people)
    return [(base + (1 if i < extra else 0)) / 100 for i in range(people)]


def price_before_sales_tax(total: float, tax_rate_percent: float) -> float:
    """The pre-tax price of a total that includes sales tax.

    Args:
        total: Amount paid including tax.
        tax_rate_percent: The sales tax rate.

    Returns:
        The price before tax.

    Example:
        >>> price_before_sales_tax(108.25, 8.25)
        100.0
    """
    return _cents(total / (1 + tax_rate_percent / 100))


def withholding_tax(gross_payment: float, withholding_percent: float) -> dict:
    """Split a payment into tax withheld at source and the net amount paid out.

    Args:
        gross_payment: The gross payment, e.g. a dividend or fee.
        withholding_percent: The withholding rate.

    Returns:
        Keys withheld and net.

    Example:
        >>> withholding_tax(1000, 15)
        {'withheld': 150.0, 'net': 850.0}
    """
    withheld = _cents(gross_payment * withholding_percent / 100)
    return {"withheld": withheld, "net": _cents(gross_payment - withheld)}


def capital_gains_tax(
    sale_price: float,
    purchase_price: float,
    costs: float,
    rate_percent: float,
    allowance: float = 0.0,
) -> float:
    """Tax due on a capital gain after costs and a tax-free allowance.

    Args:
        sale_price: What the asset sold for.
        purchase_price: What it cost.
        costs: Deductible buying and selling costs.
        rate_percent: Tax rate on the gain.
        allowance: Tax-free part of the gain.

    Returns:
        The tax (0 for a loss).

    Example:
        >>> capital_gains_tax(15000, 10000, 500, 20, 3000)
        300.0
    """
    taxable = max(0.0, sale_price - purchase_price - costs - allowance)
    return _cents(taxable * rate_percent / 100)


def capped_contribution(salary: float, rate_percent: float, ceiling: float) -> float:
    """A social contribution charged as a rate on salary up to a ceiling.

    Args:
        salary: The gross salary.
        rate_percent: Contribution rate.
        ceiling: Salary above which no contribution is due.

    Returns:
        The contribution.

    Example:
        >>> capped_contribution(120000, 6.2, 100000)
        6200.0
    """
    return _cents(min(salary, ceiling) * rate_percent / 100)


def deduction_tax_saving(deduction: float, marginal_rate_percent: float) -> float:
    """Tax saved by a deductible expense at a marginal rate.

    Args:
        deduction: The deductible amount.
        marginal_rate_percent: The taxpayer's marginal rate.

    Returns:
        The saving.

    Example:
        >>> deduction_tax_saving(2500, 37)
        925.0
    """
    return _cents(deduction * marginal_rate_percent / 100)


def round_half_up_cents(amount: float) -> float:
    """Round an amount to cents, halves always up (commercial rounding, unlike round()).

    Args:
        amount: The amount.

    Returns:
        The rounded amount.

    Example:
        >>> round_half_up_cents(2.675)
        2.68
    """
    return _cents(amount)


def price_with_stacked_taxes(
    net_amount: float, rates_percent: list[float], compound: bool = False
) -> float:
    """Price after several taxes, added side by side or each on top of the last.

    Args:
        net_amount: The price before tax.
        rates_percent: The tax rates.
        compound: Apply each tax to the already-taxed amount (tax on tax).

    Returns:
        The final price.

    Example:
        >>> price_with_stacked_taxes(100, [5, 9.975], compound=True)
        115.47
    """
    if compound:
        amount = net_amount
        for rate in rates_percent:
            amount *= 1 + rate / 100
        return _cents(amount)
    return _cents(net_amount * (1 + sum(rates_percent) / 100))


def discount_then_tax(price: float, discount_percent: float, tax_rate_percent: float) -> float:
    """Final price when a discount is taken before tax is added.

    Args:
        price: The list price before tax.
        discount_percent: The discount.
        tax_rate_percent: The tax rate.

    Returns:
        The amount to pay.

    Example:
        >>> discount_then_tax(80, 25, 21)
        72.6
    """
    return _cents(price * (1 - discount_percent / 100) * (1 + tax_rate_percent / 100))


def excise_duty_total(
    quantity: float, duty_per_unit: float, vat_rate_percent: float = 0.0
) -> float:
    """Excise duty on a quantity (litres, packs), with VAT charged on top of the duty.

    Args:
        quantity: Units taxed.
        duty_per_unit: Duty per unit.
        vat_rate_percent: VAT applied to the duty.

    Returns:
        The duty including VAT on it.

    Example:
        >>> excise_duty_total(40, 0.8, 20)
        38.4
    """
    return _cents(quantity * duty_per_unit * (1 + vat_rate_percent / 100))
