"""Chemical elements and formulas: symbols, atomic data, molar masses and composition.

Covers elements 1-36 and a selection of heavier common ones (Ag, Sn, I, Xe, Pt, Au, Hg, Pb, U).
Formulas may use parentheses and hydrate dots, e.g. "Ca(OH)2" or "CuSO4·5H2O".
"""

from __future__ import annotations

import re

_TABLE = """
1 H Hydrogen 1.008|2 He Helium 4.0026|3 Li Lithium 6.94|4 Be Beryllium 9.0122|5 B Boron 10.81
6 C Carbon 12.011|7 N Nitrogen 14.007|8 O Oxygen 15.999|9 F Fluorine 18.998|10 Ne Neon 20.180
11 Na Sodium 22.990|12 Mg Magnesium 24.305|13 Al Aluminium 26.982|14 Si Silicon 28.085
15 P Phosphorus 30.974|16 S Sulfur 32.06|17 Cl Chlorine 35.45|18 Ar Argon 39.948
19 K Potassium 39.098|20 Ca Calcium 40.078|21 Sc Scandium 44.956|22 Ti Titanium 47.867
23 V Vanadium 50.942|24 Cr Chromium 51.996|25 Mn Manganese 54.938|26 Fe Iron 55.845
27 Co Cobalt 58.933|28 Ni Nickel 58.693|29 Cu Copper 63.546|30 Zn Zinc 65.38|31 Ga Gallium 69.723
32 Ge Germanium 72.630|33 As Arsenic 74.922|34 Se Selenium 78.971|35 Br Bromine 79.904
36 Kr Krypton 83.798|47 Ag Silver 107.87|50 Sn Tin 118.71|53 I Iodine 126.90|54 Xe Xenon 131.29
78 Pt Platinum 195.08|79 Au Gold 196.97|80 Hg Mercury 200.59|82 Pb Lead 207.2|92 U Uranium 238.03
"""
_ELEMENTS = {
    symbol: (int(number), name, float(mass))
    for number, symbol, name, mass in (
        entry.split() for entry in re.split(r"[|\n]", _TABLE.strip()) if entry.strip()
    )
}
_NOBLE = {"He", "Ne", "Ar", "Kr", "Xe"}
_TOKEN = re.compile(r"[A-Z][a-z]?|[()\[\]]|\d+")
_AVOGADRO = 6.02214076e23
_AUFBAU_ORDER = "1s 2s 2p 3s 3p 4s 3d 4p 5s 4d 5p 6s 4f 5d 6p 7s 5f 6d 7p"
_ORBITALS = _AUFBAU_ORDER.split()


def _element(symbol: str) -> tuple[int, str, float]:
    try:
        return _ELEMENTS[symbol.strip().capitalize()]
    except KeyError:
        raise LookupError(f"Unknown element symbol {symbol!r}.") from None


def element_name(symbol: str) -> str:
    """English name of a chemical element from its symbol.

    Args:
        symbol: e.g. "Fe".

    Returns:
        e.g. "Iron".

    Example:
        >>> element_name("Hg")
        'Mercury'
    """
    return _element(symbol)[1]


def element_symbol(name: str) -> str:
    """Chemical symbol of an element from its English name.

    Args:
        name: e.g. "potassium" (case-insensitive; "aluminum" and "sulphur" also work).

    Returns:
        e.g. "K".

    Raises:
        LookupError: Unknown element name.

    Example:
        >>> element_symbol("Potassium")
        'K'
    """
    wanted = name.strip().lower()
    wanted = {"aluminum": "aluminium", "sulphur": "sulfur"}.get(wanted, wanted)
    for symbol, (_, element, _) in _ELEMENTS.items():
        if element.lower() == wanted:
            return symbol
    raise LookupError(f"Unknown element name {name!r}.")


def atomic_number(symbol: str) -> int:
    """Atomic number (protons in the nucleus) of an element.

    Args:
        symbol: The element symbol.

    Returns:
        The atomic number.

    Example:
        >>> atomic_number("Au")
        79
    """
    return _element(symbol)[0]


def standard_atomic_weight(symbol: str) -> float:
    """Standard atomic weight of an element in g/mol (conventional value).

    Args:
        symbol: The element symbol.

    Returns:
        The atomic weight.

    Example:
        >>> standard_atomic_weight("Cl")
        35.45
    """
    return _element(symbol)[2]


def count_atoms(formula: str) -> dict:
    """Count the atoms of each element in a chemical formula.

    Args:
        formula: e.g. "Ca(OH)2" or "CuSO4·5H2O" (a "." works for the hydrate dot).

    Returns:
        Element symbol -> number of atoms, in order of first appearance.

    Raises:
        ValueError: The formula cannot be parsed or names an unknown element.

    Example:
        >>> count_atoms("Ca(OH)2")
        {'Ca': 1, 'O': 2, 'H': 2}
    """
    total: dict = {}
    for part in re.split(r"[·.*]", formula.replace(" ", "")):
        leading = re.match(r"(\d*)(.*)", part)
        assert leading is not None  # both groups match the empty string
        multiplier, body = int(leading[1] or 1), leading[2]
        for symbol, count in _parse_group(body).items():
            total[symbol] = total.get(symbol, 0) + count * multiplier
    if not total:
        raise ValueError(f"No elements found in the formula {formula!r}.")
    return total


def _parse_group(text: str) -> dict:
    tokens = _TOKEN.findall(text)
    if "".join(tokens) != text:
        raise ValueError(f"Cannot read the formula {text!r}.")
    counts, position = _parse_tokens(tokens, 0)
    if position != len(tokens):
        raise ValueError(f"Unbalanced brackets in the formula {text!r}.")
    return counts


def _parse_tokens(tokens: list[str], i: int) -> tuple[dict, int]:
    counts: dict = {}
    while i < len(tokens) and tokens[i] not in ")]":
        if tokens[i] in "([":
            group, i = _parse_tokens(tokens, i + 1)
            if i >= len(tokens):
                raise ValueError("Unbalanced brackets in the formula.")
            i += 1
        elif tokens[i].isdigit():
            raise ValueError("A count must follow an element or a bracket.")
        else:
            _element(tokens[i])
            group, i = {tokens[i]: 1}, i + 1
        multiplier = 1
        if i < len(tokens) and tokens[i].isdigit():
            multiplier, i = int(tokens[i]), i + 1
        for symbol, count in group.items():
            counts[symbol] = counts.get(symbol, 0) + count * multiplier
    return counts, i


def molar_mass(formula: str) -> float:
    """Molar mass of a compound in g/mol.

    Args:
        formula: e.g. "H2SO4".

    Returns:
        The molar mass, rounded to 3 decimals.

    Example:
        >>> molar_mass("H2SO4")
        98.072
    """
    return round(sum(_element(s)[2] * n for s, n in count_atoms(formula).items()), 3)


def mass_percent_composition(formula: str) -> dict:
    """Share of a compound's mass contributed by each element.

    Args:
        formula: e.g. "H2O".

    Returns:
        Element -> percent by mass, rounded to 2 decimals.

    Example:
        >>> mass_percent_composition("H2O")
        {'H': 11.19, 'O': 88.81}
    """
    atoms = count_atoms(formula)
    total = sum(_element(s)[2] * n for s, n in atoms.items())
    return {s: round(_element(s)[2] * n / total * 100, 2) for s, n in atoms.items()}


def moles_from_mass(mass_g: float, formula: str) -> float:
    """Amount of substance in a mass of a compound.

    Args:
        mass_g: Mass in grams.
        formula: The compound's formula.

    Returns:
        Moles, rounded to 4 decimals.

    Example:
        >>> moles_from_mass(36.03, "H2O")
        2.0
    """
    return round(mass_g / molar_mass(formula), 4)


def mass_from_moles(moles: float, formula: str) -> float:
    """Mass of an amount of a compound.

    Args:
        moles: Amount of substance.
        formula: The compound's formula.

    Returns:
        Grams, rounded to 3 decimals.

    Example:
        >>> mass_from_moles(0.5, "NaCl")
        29.22
    """
    return round(moles * molar_mass(formula), 3)


def particles_from_moles(moles: float) -> float:
    """Number of particles (atoms, molecules) in an amount of substance (Avogadro).

    Args:
        moles: Amount of substance.

    Returns:
        The count, to 6 significant digits.

    Example:
        >>> particles_from_moles(2)
        1.20443e+24
    """
    return float(f"{moles * _AVOGADRO:.6g}")


def electron_configuration(symbol: str) -> str:
    """Ground-state electron configuration by the aufbau rule (Cr and Cu are exceptions).

    Args:
        symbol: The element symbol.

    Returns:
        e.g. "1s2 2s2 2p6 3s1" for Na.

    Example:
        >>> electron_configuration("Fe")
        '1s2 2s2 2p6 3s2 3p6 4s2 3d6'
    """
    electrons = atomic_number(symbol)
    capacity = {"s": 2, "p": 6, "d": 10, "f": 14}
    parts = []
    for orbital in _ORBITALS:
        if electrons <= 0:
            break
        filled = min(electrons, capacity[orbital[-1]])
        parts.append(f"{orbital}{filled}")
        electrons -= filled
    return " ".join(parts)


def is_noble_gas(symbol: str) -> bool:
    """Whether an element is a noble gas (He, Ne, Ar, Kr, Xe).

    Args:
        symbol: The element symbol.

    Returns:
        True for noble gases.

    Example:
        >>> is_noble_gas("Ar")
        True
    """
    _element(symbol)
    return symbol.strip().capitalize() in _NOBLE


def neutron_count(symbol: str, mass_number: int) -> int:
    """Neutrons in an isotope: mass number minus atomic number.

    Args:
        symbol: The element symbol.
        mass_number: Protons plus neutrons, e.g. 14 for carbon-14.

    Returns:
        The neutron count.

    Example:
        >>> neutron_count("C", 14)
        8
    """
    return mass_number - atomic_number(symbol)


def average_atomic_mass(isotope_masses: list[float], abundances_percent: list[float]) -> float:
    """Average atomic mass from isotope masses and their natural abundances.

    Args:
        isotope_masses: Mass of each isotope.
        abundances_percent: Abundance of each, summing to 100.

    Returns:
        The weighted average, rounded to 4 decimals.

    Example:
        >>> average_atomic_mass([34.969, 36.966], [75.78, 24.22])
        35.4527
    """
    total = sum(abundances_percent)
    return round(
        sum(m * a for m, a in zip(isotope_masses, abundances_percent, strict=True)) / total, 4
    )


def empirical_formula(masses_g: dict) -> str:
    """Simplest whole-number formula from the masses of each element in a sample.

    Args:
        masses_g: Element symbol -> grams found, e.g. {"C": 40.0, "H": 6.7, "O": 53.3}.

    Returns:
        The empirical formula, e.g. "CH2O".

    Example:
        >>> empirical_formula({"C": 40.0, "H": 6.7, "O": 53.3})
        'CH2O'
    """
    moles = {s: g / _element(s)[2] for s, g in masses_g.items()}
    smallest = min(moles.values())
    for factor in range(1, 7):
        ratios = {s: m / smallest * factor for s, m in moles.items()}
        if all(abs(r - round(r)) < 0.1 for r in ratios.values()):
            return "".join(f"{s}{round(r) if round(r) > 1 else ''}" for s, r in ratios.items())
    raise ValueError("No simple whole-number ratio fits these masses.")
