"""The local world: what the internet would answer, served on 127.0.0.1, one per attempt."""

from react_repl.bench.world._data import WorldData
from react_repl.bench.world._posts import Post
from react_repl.bench.world._server import SERVICES, LocalWorld, ServiceRequest

__all__ = ["SERVICES", "LocalWorld", "Post", "ServiceRequest", "WorldData"]
