"""What `react-repl bench run` shows while it works: a bar with the ETA, a line per attempt."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class BenchProgress:
    """A bar with done/total and the ETA; one line per finished attempt above it."""

    def __init__(self, console: Console) -> None:
        self._progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            console=console,
            transient=False,
        )
        self._task: Any = None

    def __enter__(self) -> BenchProgress:
        self._progress.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._progress.stop()

    def callbacks(self) -> Any:
        from react_repl.bench import Progress as Callbacks

        return Callbacks(notify=self._notify, started=self._started, finished=self._finished)

    def _notify(self, message: str) -> None:
        self._progress.console.print(Text(message, style="dim"))

    def _started(self, total: int, done: int) -> None:
        self._task = self._progress.add_task("attempts", total=total, completed=done)
        if done:
            self._notify(f"{done} of {total} attempts already finished; running the rest")

    def _finished(self, record: Any) -> None:
        from react_repl.bench._summary import MARKS

        reasons = [
            c["name"] + (f": {c['detail']}" if c["detail"] else "") for c in record.failed_checks
        ]
        if record.status != "finished":
            reasons.insert(0, record.status + (f" ({record.error})" if record.error else ""))
        detail = f" — {'; '.join(reasons)}"[:300] if reasons else ""
        line = (
            f"{MARKS[record.outcome]} {record.model} / {record.agent} / {record.arm} {record.task} "
            f"#{record.trial}: {record.steps} steps, {record.wall_seconds:.1f} s{detail}"
        )
        self._progress.console.print(Text(line))
        self._progress.advance(self._task)
