"""APIs that fail with builtin exceptions whose arguments matter to the agent: a KeyError's
key, an OSError's errno and file name; and with arguments that must not cross (an object of
the API's, a str subclass, a huge string)."""

from __future__ import annotations

import errno


class Token(str):
    """A str subclass of the API's own: its methods must not reach agent code."""

    def reveal(self) -> str:
        return "planted-token-secret-4c1e"


class Record:
    def __repr__(self) -> str:
        return "<Record 7>"


def city_temperature(city: str) -> float:
    """Raises KeyError with the city's description, as a lookup table API does."""
    raise KeyError(f"unknown city {city}")


def missing_code(code: int) -> str:
    """Raises KeyError with the key itself, an int."""
    raise KeyError(code)


def read_report(path: str) -> str:
    """Raises FileNotFoundError as open() does: errno, strerror and filename."""
    raise FileNotFoundError(errno.ENOENT, "No such file or directory", path)


def fail_with_object() -> None:
    """A KeyError whose key is an object of the API's."""
    raise KeyError(Record())


def fail_with_token() -> None:
    """A ValueError whose argument is a str subclass with a method."""
    raise ValueError(Token("bad token"))


def fail_with_huge_key() -> None:
    """A KeyError whose key is longer than an argument may be to cross as it is."""
    raise KeyError("k" * 300_000)


def missing_name() -> None:
    """Raises NameError as the interpreter does: the name is a keyword field, not in args."""
    raise NameError("name 'quota' is not defined", name="quota")


def missing_module() -> None:
    """Raises ModuleNotFoundError as the import system does: name and path as keyword fields."""
    raise ModuleNotFoundError("No module named 'pandas'", name="pandas", path="/opt/plugins")


def missing_attribute() -> None:
    """Raises AttributeError with its name and an object of the API's, which must not cross."""
    raise AttributeError("'Record' object has no attribute 'total'", name="total", obj=Record())


def missing_name_as_token() -> None:
    """A NameError whose name is a str subclass with a method: it must not cross."""
    raise NameError("name 'quota' is not defined", name=Token("quota"))
