"""The package version, in a module of its own so that a run log can name it without importing
the package's public names (and everything behind them)."""

__version__ = "0.1.0"
