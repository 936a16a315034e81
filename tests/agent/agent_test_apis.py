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
