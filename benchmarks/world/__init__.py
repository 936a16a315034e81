"""The local world: what the internet would answer, served on 127.0.0.1, one per attempt."""

from ._data import WorldData
from ._posts import Post
from ._server import SERVICES, LocalWorld, ServiceRequest

__all__ = ["SERVICES", "LocalWorld", "Post", "ServiceRequest", "WorldData"]
