"""Unit conversions for temperature and distance, with the exact factors."""

from __future__ import annotations

__all__ = [
    "celsius_to_fahrenheit",
    "fahrenheit_to_celsius",
    "kilometers_to_miles",
    "miles_to_kilometers",
]

_KM_PER_MILE = 1.609344


def celsius_to_fahrenheit(celsius: float) -> float:
    """Convert a temperature from degrees Celsius to degrees Fahrenheit.

    Args:
        celsius: Temperature in °C.

    Returns:
        Temperature in °F.
    """
    return celsius * 9 / 5 + 32


def fahrenheit_to_celsius(fahrenheit: float) -> float:
    """Convert a temperature from degrees Fahrenheit to degrees Celsius.

    Args:
        fahrenheit: Temperature in °F.

    Returns:
        Temperature in °C.
    """
    return (fahrenheit - 32) * 5 / 9


def kilometers_to_miles(kilometers: float) -> float:
    """Convert a distance from kilometers (km) to miles.

    Args:
        kilometers: Distance in km.

    Returns:
        Distance in miles.
    """
    return kilometers / _KM_PER_MILE


def miles_to_kilometers(miles: float) -> float:
    """Convert a distance from miles to kilometers (km).

    Args:
        miles: Distance in miles.

    Returns:
        Distance in km.
    """
    return miles * _KM_PER_MILE
