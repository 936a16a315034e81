"""API functions the agent tests hand to the sandbox (imported again inside the worker)."""

from react_repl.registry import api


def get_temperature(city: str) -> float:
    """Return the current temperature in degrees Celsius for a city.

    Args:
        city: Name of the city, for example "Paris".

    Returns:
        The temperature in degrees Celsius.
    """
    return {"Paris": 21.5, "London": 17.0}.get(city, 10.0)


@api(side_effects=True)
def send_note(text: str) -> str:
    """Send a short note to the user's outbox.

    Args:
        text: The message to send.

    Returns:
        A confirmation string.
    """
    return f"sent: {text}"


def risky_lookup(code: str) -> str:
    """Look up a product by code.

    Args:
        code: The product code, e.g. "AB-12".

    Raises:
        KeyError: The code is unknown; list_products() shows the valid codes.
    """
    raise KeyError(code)


class BookNotFound(LookupError):
    """An API's own exception class: the sandbox passes it on by name."""


def find_book(isbn: str) -> dict:
    """Find a book by ISBN.

    Args:
        isbn: The book's ISBN-13, e.g. "9780000000001".

    Raises:
        BookNotFound: No book has this ISBN; search_catalog(title) finds it by title.
    """
    raise BookNotFound(f"no book with ISBN {isbn!r}")


def count_pages(isbn: str) -> int:
    """Count a book's pages.

    Args:
        isbn: The book's ISBN-13.

    Raises:
        TypeError: The ISBN was not given as a string; quote it.
    """
    if not isinstance(isbn, str):
        raise TypeError("isbn must be a str")
    return 320


def read_manual(name: str) -> str:
    """Read a product manual.

    Args:
        name: The manual's file name, e.g. "lamp.txt".

    Raises:
        OSError: The manual cannot be read; list_manuals() names those that exist.
    """
    raise FileNotFoundError(f"no manual named {name!r}")


def find_author(name: str) -> dict:
    """Find an author by name.

    Args:
        name: The author's full name.

    Raises:
        LookupError: Nobody of that name; search_catalog(title) names a book's author.
    """
    raise BookNotFound(f"no author {name!r}")


@api(side_effects=True)
def charge_card(amount: float) -> str:
    """Charge the user's card.

    Args:
        amount: Euros to charge, more than 0.

    Raises:
        ValueError: The amount is not positive.
    """
    if amount <= 0:
        raise ValueError(f"cannot charge {amount}")
    return f"charged {amount}"


def file_name() -> str:
    """The one file in the folder, as os.listdir names a file whose name is Latin-1."""
    return "caf\udce9.txt"
