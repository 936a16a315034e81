"""Errors of the local model stack, each one telling the user what to do next."""

from __future__ import annotations


class LocalModelError(RuntimeError):
    """Base class: catch this to report any local-model failure in one place."""


class ModelNotFoundError(LocalModelError):
    """The requested model is neither a known name nor an existing GGUF file."""


class ModelFetchError(LocalModelError):
    """Downloading a model part from the package index failed."""


class ModelAssemblyError(LocalModelError):
    """The downloaded parts do not add up to the published model file."""


class RuntimeMissingError(LocalModelError):
    """No usable `llama-server` binary was found."""


class PortBusyError(LocalModelError):
    """The requested port is taken by another program."""


class ServerStartError(LocalModelError):
    """`llama-server` exited or never became healthy."""


class ServerInUseError(LocalModelError):
    """Stopping a server that other runs are using; the message names them."""
