"""Memory (seed 001) as a plugin: `recall()` for the agent, a note before step 1, a new memory
at the end."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from react_repl.context import Proposal, RunContext, RunEnded
from react_repl.hookspecs import hookimpl
from react_repl.sandbox import Observation, prints_result

if TYPE_CHECKING:  # the store imports numpy: only runs that remember need it
    from react_repl.memory import Memory, MemoryStore

CLOSE_MATCH = 0.7  # MiniLM cosine above which an earlier task is shown before step 1 unasked
_SHOWN_CHARS = 1200


class MemoryPlugin:
    """One instance per run: it collects the actions that worked while the run goes on."""

    def __init__(self, store: MemoryStore, *, close_match: float = CLOSE_MATCH) -> None:
        self.store = store
        self.close_match = close_match
        self._worked: list[str] = []
        self._model = ""

    @hookimpl
    def host_functions(self, run: RunContext) -> dict[str, Callable[..., Any]]:
        self._model = run.model.name
        store = self.store

        def recall(description: str, k: int = 3) -> str:
            """List earlier finished tasks similar to `description`, with the actions and the
            answer that solved each."""
            return format_memories(store.search(str(description), max(1, min(int(k), 10))))

        return {"recall": prints_result(recall)}

    @hookimpl
    def prompt_notes(self, run: RunContext) -> str | None:
        if run.step != 0:
            return None
        best = self.store.search(run.task, 1)
        if not best or best[0].score < self.close_match:
            return None
        return run.prompts.render("memory_note.jinja2", memory=format_memories(best))

    @hookimpl
    def observation_hints(
        self, run: RunContext, proposal: Proposal, observation: Observation
    ) -> str | None:
        searches_only = proposal.action.lstrip().startswith(("method_search(", "recall("))
        if observation.ok and not searches_only:
            self._worked.append(proposal.action)
        return None

    @hookimpl
    def on_event(self, event: Any) -> None:
        if not isinstance(event, RunEnded) or not event.result.finished:
            return
        result = event.result
        self.store.add(
            result.task,
            "\n".join(self._worked),
            result.answer_text,
            model=self._model,
            run_log=str(result.log_path or ""),
        )


def format_memories(memories: list[Memory]) -> str:
    if not memories:
        return "(no earlier task is remembered)"
    blocks = []
    for memory in memories:
        actions = memory.actions[:_SHOWN_CHARS] or "(no actions recorded)"
        blocks.append(
            f"TASK: {memory.task}\nACTIONS THAT WORKED:\n{actions}\nANSWER: {memory.answer}"
        )
    return "\n---\n".join(blocks)
