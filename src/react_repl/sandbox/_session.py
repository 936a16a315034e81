"""One persistent namespace inside the worker, how an action runs in it, and how a failed
action reads to the model: its own lines only, then a hint that helps."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from types import TracebackType
from typing import Any

from react_repl._secrets import secret_values

from . import _catalogue
from ._boundary import Boundary
from ._budget import Meter
from ._capture import ActionScope, Capture, CaptureStream, Printer, Send
from ._compiler import ENTRY_GUARD, STOP_GUARD, compile_action
from ._entry import EntryGuard
from ._guards import Guards
from ._host import message_of
from ._namespace import (
    PROTECTED_BUILTINS,
    StopAction,
    StopState,
    make_builtins,
    make_help,
    make_stop,
)
from ._references import resolve
from ._silence import explain_silence
from ._snapshot import FORMAT, MAX_REASON, VERSION, decode_value, restorable, take
from ._wrappers import HINT_ATTRIBUTE, ApiFunction, HostFunction


class Session:
    def __init__(
        self,
        config: dict[str, Any],
        send: Send,
        call_host: Callable[..., Any],
        scope: ActionScope,
    ) -> None:
        self._scope = scope
        self.capture = Capture(send, int(config["max_output"]), scope)
        sys.stdout = sys.stderr = CaptureStream(self.capture)
        self._send = send
        self._guards = Guards()
        self._stop = StopState()
        self._sources: dict[str, list[str]] = {}
        self._count = 0
        self.meter = Meter(config["budgets"], lambda op, name: send({"op": op, "name": name}))
        boundary = Boundary(self._guards.agent_classes)
        self.injected = self._injected_values(config, call_host, boundary)
        boundary.apis_loaded()
        self._protected = {
            name: value
            for name, value in self.injected.items()
            if isinstance(value, ApiFunction) or name in PROTECTED_BUILTINS
        }
        self._hints = _hints(self.injected, config)
        importable = _catalogue.importable(self.injected)
        self._preinjected = _catalogue.Preinjected(self.injected, importable)
        self.namespace: dict[str, Any] = {
            "__builtins__": make_builtins(self._guards, importable),
            "_print_": Printer(self.capture),
            **self._guards.hooks(),
            ENTRY_GUARD: EntryGuard(boundary),
            STOP_GUARD: self._stop,
            **self.injected,
        }

    def _injected_values(
        self, config: dict[str, Any], call_host: Callable[..., Any], boundary: Boundary
    ) -> dict[str, Any]:
        values: dict[str, Any] = _catalogue.build(tuple(config["preinject"]))
        functions = []
        read_only = set(config.get("read_only", ()))
        for reference in config["apis"]:
            name = reference["name"]
            function = resolve(reference)
            functions.append(function)
            values[name] = ApiFunction(
                name, function, boundary, self.meter, self._stop, self._scope,
                read_only=name in read_only,
            )  # fmt: skip
        for host in config["host_functions"]:
            forward = _host_forwarder(host["name"], call_host)
            values[host["name"]] = HostFunction(host, forward, self.meter, self._stop, self._scope)
        # this worker's own copies hold them (a token made at import differs from the parent's)
        self.secrets = sorted(secret_values(functions))
        values["stop"] = make_stop(self._stop, self.capture, self._notify_stop)
        values["help"] = make_help(values, self.capture.write)
        return values

    def _notify_stop(self, answer: Any) -> None:
        self._send({"op": "stop", "answer": answer})

    def variables(self) -> list[str]:
        injected = self.injected
        return [
            name
            for name, value in self.namespace.items()
            if not name.startswith("_") and (name not in injected or injected[name] is not value)
        ]

    def run(self, source: str, used_in_run: dict[str, int]) -> dict[str, Any]:
        """`used_in_run`: calls per API in earlier actions, which the parent keeps."""
        self._count += 1
        self.meter.start(used_in_run)
        filename = f"<action {self._count}>"
        self._sources[filename] = source.splitlines()
        self._stop.reset()
        self.capture.start()
        self.namespace.update(self._protected)  # belt and braces: the compiler refuses rebinding
        self._preinjected.put_back(self.namespace)  # an API's thread may have run agent code
        self._scope.begin()
        try:
            error, error_text = self._execute(source, filename)
            put_back = self._preinjected.put_back(self.namespace)
            if put_back:
                self.capture.write(_catalogue.put_back_note(put_back))
        finally:
            self._scope.end()  # before "done" is sent: see _Channel.call_host
        if self._stop.stopped:
            error = error_text = None
        silent = error is None and not self._stop.stopped and self.capture.total == 0
        return {
            "op": "done",
            "error": error,
            "error_text": error_text,
            "total": self.capture.total,
            "variables": self.variables(),
            "stopped": self._stop.stopped,
            "answer": self._stop.answer,
            "quiet": explain_silence(source) if silent else None,
        }

    def snapshot(self) -> dict[str, Any]:
        """A failure is answered, not raised: raised here it would end the worker, and the
        namespace the snapshot was meant to save would be lost with it."""
        try:
            return {"op": "snapshot", "snapshot": take(self.namespace, self.variables())}
        except Exception as error:  # MemoryError, RecursionError in the worker
            return {"op": "snapshot", "error": f"{type(error).__name__}: {error}"[:MAX_REASON]}

    def restore(self, snapshot: Any) -> dict[str, Any]:
        """Binds the snapshot's plain values; names that are private, protected (APIs, `stop`,
        `help`) or undecodable are refused and reported with the ones the snapshot lost."""
        header = snapshot if isinstance(snapshot, dict) else {}
        if (header.get("format"), header.get("version")) != (FORMAT, VERSION):
            return {"op": "restored", "error": f"not a {FORMAT} version {VERSION}"}
        values, lost = snapshot.get("values"), snapshot.get("lost")
        values = values if isinstance(values, dict) else {}
        not_restored = {str(name) for name in lost} if isinstance(lost, dict) else set()
        for name, data in values.items():
            if not restorable(name, self._protected):
                not_restored.add(str(name))
                continue
            try:
                self.namespace[name] = decode_value(data)
            except ValueError:
                not_restored.add(name)
        return {"op": "restored", "not_restored": sorted(not_restored)}

    def _execute(self, source: str, filename: str) -> tuple[str | None, str | None]:
        try:
            action = compile_action(source, filename, frozenset(self._protected))
        except SyntaxError as error:
            return "SyntaxError", format_syntax_error(error)
        except (ValueError, RecursionError, MemoryError) as error:
            return "SyntaxError", f"SyntaxError: the action could not be compiled ({error})"
        try:
            exec(action.body, self.namespace)  # the guarded, compiled action
            if action.last_expression is not None:
                value = eval(action.last_expression, self.namespace)
                if value is not None and self.capture.total == 0:
                    self.capture.write(repr(value) + "\n")
        except StopAction:
            return None, None
        except BaseException as error:  # nothing the agent raises ends the worker
            return type(error).__name__, self._describe(error, filename)
        return None, None

    def _describe(self, error: BaseException, filename: str) -> str:
        try:
            return format_exception(error, self._sources, filename, self._hints)
        except BaseException:  # e.g. MemoryError while formatting
            return f"{type(error).__name__} (details unavailable)"


def _host_forwarder(name: str, call_host: Callable[..., Any]) -> Callable[..., Any]:
    def forward(*args: Any, **kwargs: Any) -> Any:
        return call_host(name, args, kwargs)

    return forward


def _hints(injected: dict[str, Any], config: dict[str, Any]) -> dict[str, str]:
    preloaded = ", ".join(sorted(_catalogue.AVAILABLE & set(injected)))
    available = f" Already available without import: {preloaded}." if preloaded else ""
    if "method_search" in injected:
        search = 'use method_search("what you need") to find functions; they need no import.'
        name_hint, import_hint = search, "imports are not available; " + search + available
    else:
        name_hint = "check the spelling; names defined in earlier actions stay available."
        import_hint = "imports are not available; the API functions need no import." + available
    return {
        "name": name_hint,
        "import": import_hint,
        "recursion": f"recursion is limited to depth {config['recursion_limit']}.",
        "memory": f"the action needs more than the {config['memory_mb']} MiB memory limit.",
    }


MAX_MESSAGE = 2000
MAX_SOURCE_LINE = 160
UNAVAILABLE = frozenset(
    {
        "type", "object", "super", "vars", "globals", "locals", "eval", "exec", "compile",
        "open", "input", "breakpoint", "memoryview", "exit", "quit", "__import__",
    }
)  # fmt: skip


def format_syntax_error(error: SyntaxError) -> str:
    column = f", column {error.offset}" if error.offset else ""
    where = f" (line {error.lineno}{column})" if error.lineno else ""
    lines = [f"SyntaxError: {error.msg}{where}"]
    if error.text:
        text = error.text.rstrip("\n")
        stripped = text.lstrip()
        shown, caret = _excerpt(stripped, max((error.offset or 0) - (len(text) - len(stripped)), 0))
        lines.append(f"    {shown}")
        if caret > 0:
            lines.append("    " + " " * (caret - 1) + "^")
    return "\n".join(lines)


def _excerpt(text: str, column: int = 0) -> tuple[str, int]:
    """Cuts a long source line to a window around `column` (1-based, 0 for none), so quoting the
    failing line cannot push an observation past `max_output`; returns it and the new column."""
    if len(text) <= MAX_SOURCE_LINE:
        return text, column
    start = max(0, min(column - 1 - MAX_SOURCE_LINE // 2, len(text) - MAX_SOURCE_LINE))
    prefix = "…" if start else ""
    suffix = "…" if start + MAX_SOURCE_LINE < len(text) else ""
    shown = prefix + text[start : start + MAX_SOURCE_LINE] + suffix
    return shown, column - start + len(prefix) if column else 0


def format_exception(
    error: BaseException, sources: Mapping[str, list[str]], current: str, hints: Mapping[str, str]
) -> str:
    frames = _agent_frames(error.__traceback__, sources, current)
    message = _message(error)
    lines = ["Traceback (most recent call last):", *frames] if frames else []
    lines.append(f"{type(error).__name__}: {message}" if message else type(error).__name__)
    hint = _hint(error, hints)
    if hint:
        lines.append(f"Hint: {hint}")
    return "\n".join(lines)


def _message(error: BaseException) -> str:
    text = message_of(error)
    if len(text) > MAX_MESSAGE:
        return text[:MAX_MESSAGE] + f"[... {len(text) - MAX_MESSAGE} characters truncated]"
    return text


def _agent_frames(
    traceback: TracebackType | None, sources: Mapping[str, list[str]], current: str
) -> list[str]:
    """Only frames compiled from the agent's actions; sandbox and API frames stay hidden."""
    frames = []
    while traceback is not None:
        code = traceback.tb_frame.f_code
        lines = sources.get(code.co_filename)
        if lines is not None:
            number = traceback.tb_lineno
            where = f"line {number}"
            if code.co_filename != current:
                where += f" of an earlier action ({code.co_filename.strip('<>')})"
            if code.co_name not in ("<module>", "<lambda>"):
                where += f", in {code.co_name}"
            text = _excerpt(lines[number - 1].strip())[0] if 0 < number <= len(lines) else ""
            frames.append(f"  {where}: {text}")
        traceback = traceback.tb_next
    return _collapse_repeats(frames)[-8:]


def _collapse_repeats(frames: list[str]) -> list[str]:
    """Deep recursion would otherwise fill the observation with one line."""
    collapsed: list[str] = []
    repeats = 0
    for frame in [*frames, ""]:
        if collapsed and frame == collapsed[-1]:
            repeats += 1
            continue
        if repeats:
            collapsed.append(f"  [previous line repeated {repeats} more times]")
            repeats = 0
        collapsed.append(frame)
    return collapsed[:-1]


def _hint(error: BaseException, hints: Mapping[str, str]) -> str | None:
    custom = getattr(error, HINT_ATTRIBUTE, None)
    if isinstance(custom, str):
        return custom
    if isinstance(error, NameError) and not isinstance(error, UnboundLocalError):
        name = getattr(error, "name", None)
        if name == "type":
            return "type() is not available in the sandbox; use isinstance(value, SomeType)."
        if name in UNAVAILABLE:
            return f"{name}() is not available in the sandbox."
        return hints.get("name")
    kinds = ((ImportError, "import"), (RecursionError, "recursion"), (MemoryError, "memory"))
    return next((hints.get(key) for kind, key in kinds if isinstance(error, kind)), None)
