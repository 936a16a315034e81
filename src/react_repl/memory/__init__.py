"""Long-term memory (seed 001): finished runs remembered, so similar tasks start from what worked.

Opt-in. Each finished run leaves its task, the actions that worked and its answer; the agent
searches them with `recall("...")` the way it searches APIs, and a close match is shown to it
before its first step (the `memory` technique, `react_repl.techniques`). Stored locally in
SQLite; listed and erased with `react-repl memory`.
"""

from react_repl.memory._store import Memory, MemoryStore, default_memory_path

__all__ = ["Memory", "MemoryStore", "default_memory_path"]
