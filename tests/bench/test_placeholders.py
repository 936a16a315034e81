"""Date placeholders: every form, regex-escaped where a regex reads them, clear errors."""

from datetime import date

import pytest

from react_repl.bench._suite import PlaceholderError, expand

DAY = date(2025, 12, 30)


@pytest.mark.parametrize(
    ("text", "expanded"),
    [
        ("{today}", "2025-12-30"),
        ("{today+3d}", "2026-01-02"),
        ("{today-1w}", "2025-12-23"),
        ("{today:%B %d, %Y}", "December 30, 2025"),
        ("{today+1d:%A}", "Wednesday"),
        ("from {today-2d} to {today}", "from 2025-12-28 to 2025-12-30"),
        ("{{today}} is literal", "{today} is literal"),
        ("no placeholder", "no placeholder"),
    ],
)
def test_forms(text: str, expanded: str) -> None:
    assert expand(text, DAY) == expanded


def test_nested_values_and_non_strings() -> None:
    value = {"dates": ["{today}", "{today+1d}"], "count": 3, "flag": True}
    assert expand(value, DAY) == {"dates": ["2025-12-30", "2025-12-31"], "count": 3, "flag": True}


def test_regex_mode_escapes_the_expansion_only() -> None:
    assert expand(r"^{today:%d.%m}\b", DAY, regex=True) == r"^30\.12\b"


@pytest.mark.parametrize("text", ["{today+3}", "{today+3y}", "{today", "{today:}"])
def test_malformed_placeholders_are_errors(text: str) -> None:
    with pytest.raises(PlaceholderError, match="cannot read the placeholder"):
        expand(text, DAY)


def test_other_braces_are_left_alone() -> None:
    assert expand(r"{tomorrow} \d{2}", DAY) == r"{tomorrow} \d{2}"
