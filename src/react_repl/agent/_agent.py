"""The Agent: one model, a set of APIs, a method_search over them, and the options of its loop."""

from __future__ import annotations

import contextlib
import threading
import warnings
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

import pluggy

from react_repl import hookspecs
from react_repl._interrupts import interrupts_held
from react_repl._paths import default_workspace_dir
from react_repl._unicode import valid_unicode
from react_repl.agent._continuation import Checkpoint, before_step, latest, restore_report
from react_repl.agent._loop import Outcome, StepLoop
from react_repl.agent._recorder import RunRecorder
from react_repl.agent._search import agent_method_search
from react_repl.agent._threaded import RunHandle, run_async, stream_async
from react_repl.agent._tracing import result_attributes, stage, tracing_plugins
from react_repl.context import (
    AgentOptions,
    AnswerType,
    Event,
    PromptSet,
    RunContext,
    RunEnded,
    RunResult,
    RunStarted,
    RunState,
    Status,
    Transcript,
    api_docs,
)
from react_repl.hookspecs import hookimpl
from react_repl.llm import ChatModel
from react_repl.logs import Price, RunParameters, append_link, cost, price_settings, prompts_hash
from react_repl.sandbox import DEFAULT_PREINJECT, Sandbox, SandboxSettings
from react_repl.techniques import check_techniques, technique_plugins

EventCallback = Callable[[Event], None]
ENTRY_POINT_GROUP = "react_repl.plugins"


class Agent:
    """Runs tasks with one model, a set of API functions and a method_search over them.

    `plugins` are objects implementing hooks from `react_repl.hookspecs` (a reviewer that
    approves actions, a critic, a custom display); packages can also publish plugins under the
    `react_repl.plugins` entry-point group.
    """

    def __init__(
        self,
        model: ChatModel,
        *,
        apis: Mapping[str, Callable[..., Any]] | None = None,
        method_search: Callable[..., str] | None = None,
        options: AgentOptions | None = None,
        logs_dir: Path | None = None,
        sandbox_settings: SandboxSettings | None = None,
        plugins: Iterable[object] = (),
        log_settings: Mapping[str, Any] | None = None,
        durable_logs: bool = False,
        bench_run: str | None = None,
        price: Price | None = None,
    ) -> None:
        self.model = model
        self.apis = dict(apis or {})
        self.method_search = method_search
        self.options = options or AgentOptions()
        check_techniques(self.options.techniques)
        self.logs_dir = logs_dir
        self.sandbox_settings: SandboxSettings = {**(sandbox_settings or {})}
        self.plugins = [*installed_plugins(), *tracing_plugins(), *plugins]
        self.log_settings = dict(log_settings or {})
        self.durable_logs = durable_logs  # fsync each step: survives power loss, costs ~11 ms/step
        self.bench_run = bench_run  # the benchmark this run belongs to (`logs list --bench`)
        self.price = price  # USD per million tokens (prompt, completion); None: cost unknown
        self.prompts = PromptSet(self.options.prompts_dir)
        self._api_docs = api_docs(self.apis)

    def run(
        self,
        task: str,
        *,
        output_type: Any = None,
        on_event: EventCallback | None = None,
        cancel: threading.Event | None = None,
    ) -> RunResult:
        """Run one task in a fresh namespace, reporting each event to `on_event` as it happens.

        With `output_type` (a pydantic model, a dataclass, a TypedDict, a plain type such as
        `list[str]`, or an `AnswerType`) the prompt shows its schema, `stop()`'s value is
        validated here, and the result's `answer` is an instance of it; a value that does not
        validate goes back to the model, and one still wrong after `max_answer_reviews` ends
        the run with status `error`. Setting `cancel` (from another thread) ends the run within
        a second, also mid-reply or mid-action; a KeyboardInterrupt is logged as an interrupted
        run, then re-raised.
        """
        task = valid_unicode(task)  # not-UTF-8 bytes of a command line: a log and a request
        wanted = AnswerType.of(output_type) if output_type is not None else None
        prompt = self._task_prompt(task, wanted)
        state = RunState(task, Transcript(self._system_prompt(), prompt))
        return self._execute(state, on_event, cancel or threading.Event(), answer_type=wanted)

    async def arun(self, task: str, *, output_type: Any = None) -> RunResult:
        """`run` for asyncio: the run goes on in its own thread with its own sandbox, so many
        runs proceed at once in one event loop; cancelling the awaiting task ends the model
        call and the sandbox action within a second, and the run's log says it was cancelled."""
        return await run_async(partial(self.run, task, output_type=output_type))

    def astream(self, task: str, *, output_type: Any = None) -> AsyncIterator[Event]:
        """`async for event in agent.astream(task)`: the events `run` reports, ending with
        RunEnded; leaving the loop early or cancelling its task cancels the run."""
        return stream_async(partial(self.run, task, output_type=output_type))

    def resume(
        self,
        run: Path,
        *,
        more_steps: int = 10,
        on_event: EventCallback | None = None,
        cancel: threading.Event | None = None,
    ) -> RunResult:
        """Continue a run that was killed, stopped or ran out of steps, from its last step.

        The continuation is a new run (a new log) linked to the original both ways; it keeps the
        original's options, transcript and namespace data. A run that ran out of steps gets
        `more_steps` more.
        """
        checkpoint = latest(Path(run))
        options = checkpoint.agent_options()
        if checkpoint.step >= options.max_steps:
            options = replace(options, max_steps=checkpoint.step + more_steps)
        origin = _Origin("resumed", checkpoint)
        return self._execute(checkpoint.run_state(), on_event, cancel or threading.Event(),
                             options=options, origin=origin)  # fmt: skip

    def rewind(
        self,
        run: Path,
        *,
        to_step: int,
        edit: str | None = None,
        say: str | None = None,
        on_event: EventCallback | None = None,
        cancel: threading.Event | None = None,
    ) -> RunResult:
        """Fork a run at `to_step`: the state before that step, then `edit` as its action (or
        the model's new reply, with `say` as a hint from the user). The fork is a new run
        whose log links its parent, and the parent's log links the fork."""
        checkpoint = before_step(Path(run), to_step)
        state = checkpoint.run_state()
        state.pending_action = edit
        if say:  # part of the conversation from then on, not of one request
            state.transcript.add_note(f"[A hint from the user: {say}]")
        origin = _Origin("forked", checkpoint)
        return self._execute(state, on_event, cancel or threading.Event(),
                             options=checkpoint.agent_options(), origin=origin)  # fmt: skip

    def start(self, task: str) -> RunHandle:
        """Run in a background thread: iterate `handle.events()`, `handle.cancel()` at any time."""
        return RunHandle(lambda on_event, cancel: self.run(task, on_event=on_event, cancel=cancel))

    def _execute(
        self,
        state: RunState,
        on_event: EventCallback | None,
        cancel: threading.Event,
        *,
        options: AgentOptions | None = None,
        origin: _Origin | None = None,
        answer_type: AnswerType | None = None,
    ) -> RunResult:
        options = options or self.options
        plugins = plugin_manager(options, self.plugins, on_event)
        prompts = PromptSet(options.prompts_dir)
        run = RunContext(state, options, self.model, prompts, self.method_search, self._api_docs)
        run.answer_type = answer_type
        host = self._host_functions(run, plugins)
        run.data_sources = frozenset(host) - {"method_search"}
        apis = {name: api for name, api in self.apis.items() if name not in host}
        _beside(self.model.prepare)  # on this core while the worker boots on another
        try:
            sandbox = Sandbox(apis, host_functions=host, **self._sandbox_settings())
        except Exception as error:  # the run still leaves a log that says why it could not start
            with interrupts_held():
                recorder = self._open_log(state, options, origin, prompts, "(did not start)")
                recorder.close(Status.ERROR, error=f"the sandbox could not start: {error}")
            raise
        with sandbox, interrupts_held() as held:
            recorder = self._open_log(
                state, options, origin, prompts, describe_confinement(sandbox.confinement)
            )
            # the log is closed before the sandbox: a Ctrl-C while that shuts down finds it ended
            try:
                held.release()  # a Ctrl-C that came while the log opened ends it as interrupted
                plugins.hook.on_event(
                    event=RunStarted(state.task, self.model.name, _log_path(recorder))
                )
                if origin:
                    lost = sandbox.restore(origin.checkpoint.namespace)
                    report = restore_report(origin.checkpoint.step, lost)
                    state.pending_note = "\n".join(filter(None, [report, state.pending_note]))
                with stage(plugins.hook, run, "run", self._run_attributes(state)) as span:
                    outcome = StepLoop(run, sandbox, recorder, plugins, cancel).run_steps()
                    result = _result(state.task, outcome, recorder, self.price)
                    span.update(result_attributes(result))
                logged = answer_type.dump(result.answer) if answer_type and outcome.answer else None
                recorder.close(
                    outcome.status, result.answer, result.answer_text, outcome.error,
                    result.summary, logged_value=logged,
                )  # fmt: skip
            except KeyboardInterrupt:
                recorder.close(Status.INTERRUPTED, error="interrupted by the user (Ctrl-C)")
                raise
            except BaseException as error:  # the log must end with a status whatever went wrong
                recorder.close(Status.ERROR, error=f"{type(error).__name__}: {error}")
                raise
        plugins.hook.on_event(event=RunEnded(result))
        return result

    def _open_log(
        self,
        state: RunState,
        options: AgentOptions,
        origin: _Origin | None,
        prompts: PromptSet,
        sandbox: str,
    ) -> RunRecorder:
        settings = {"model": self.model.name, **self.log_settings, **options.describe()}
        settings["sandbox"] = sandbox
        settings |= price_settings(self.price)
        if origin:
            settings |= origin.settings()
        recorder = RunRecorder.open(
            self.logs_dir, task=state.task, model=self.model.name, settings=settings,
            durable=self.durable_logs, parameters=self._parameters(prompts),
            bench_run=self.bench_run,
        )  # fmt: skip
        if origin and recorder.log:
            append_link(origin.checkpoint.log, relation=origin.relation, other=recorder.log.path,
                        step=origin.checkpoint.step + 1)  # fmt: skip
        return recorder

    def _run_attributes(self, state: RunState) -> dict[str, Any]:
        return {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "react-repl",
                "gen_ai.request.model": self.model.name, "react_repl.task": state.task}  # fmt: skip

    def _sandbox_settings(self) -> SandboxSettings:
        """The caller's settings; the project's workspace unless they name one."""
        settings: SandboxSettings = {**self.sandbox_settings}
        env = dict(settings.get("env", {}))
        if "workspace" not in settings and "REACT_REPL_WORKSPACE" not in env:
            env["REACT_REPL_WORKSPACE"] = str(default_workspace_dir())
        settings["env"] = env
        return settings

    def _parameters(self, prompts: PromptSet) -> RunParameters:
        """What reproduces the run besides task, model and options: sampling and prompts."""
        settings = self.model.settings
        return RunParameters(
            temperature=settings.temperature,
            max_tokens=settings.max_tokens,
            seed=settings.seed,
            prompts_hash=prompts_hash(prompts.sources()),
        )

    def _host_functions(self, run: RunContext, plugins: Any) -> dict[str, Callable[..., Any]]:
        host: dict[str, Callable[..., Any]] = {}
        if self.method_search is not None:
            docs = self._api_docs if run.options.uses("api_hints") else {}
            host["method_search"] = agent_method_search(
                self.method_search,
                docs,
                run.state.task,
                focus_docs=self._api_docs if run.options.search_focus else None,
            )
        for offered in plugins.hook.host_functions(run=run):
            host.update(offered or {})
        return host

    def _system_prompt(self) -> str:
        preinjected = self.sandbox_settings.get("preinject", DEFAULT_PREINJECT)
        return self.prompts.render(
            "system.jinja2",
            few_shot=self.options.few_shot,
            preinjected=list(preinjected),
            techniques=self.options.techniques,
        )

    def _task_prompt(self, task: str, answer_type: AnswerType | None = None) -> str:
        """The templates see which techniques are on (decomposition asks for a plan first)."""
        return self.prompts.render(
            "task.jinja2",
            task=task,
            answer_schema=answer_type.brief_schema() if answer_type else "",
            thought_prefix=self.options.thought_prefix,
            techniques=self.options.techniques,
        )


@dataclass(frozen=True)
class _Origin:
    """The run a continuation comes from, and how ("resumed" or "forked")."""

    relation: str
    checkpoint: Checkpoint

    def settings(self) -> dict[str, Any]:
        return {f"{self.relation}_from": self.checkpoint.log.stem,
                "from_step": self.checkpoint.step}  # fmt: skip


def installed_plugins() -> list[object]:
    """Plugins published by installed packages; one that fails to load is skipped with a warning."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    try:
        manager.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    except Exception as error:  # a broken third-party plugin must not stop every run
        warnings.warn(f"a react_repl plugin failed to load: {error}", stacklevel=2)
    return list(manager.get_plugins())


def plugin_manager(
    options: AgentOptions, plugins: Iterable[object], on_event: EventCallback | None
) -> pluggy.PluginManager:
    """A fresh manager per run, so techniques keep no state between runs. pluggy calls the most
    recently registered implementation first, so a caller's reviewer or critic is asked before a
    built-in one, and its `firstresult` answer wins."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    for plugin in [*technique_plugins(options), *plugins]:
        manager.register(plugin)
    if on_event is not None:
        manager.register(_EventCallback(on_event))
    return manager


class _EventCallback:
    """Adapts a plain `on_event(event)` callable to the hook."""

    def __init__(self, callback: EventCallback) -> None:
        self.callback = callback

    @hookimpl
    def on_event(self, event: Any) -> None:
        self.callback(event)


def describe_confinement(confinement: Mapping[str, Any]) -> str:
    """The OS layer in one line for the log's header: what holds, and what the kernel lacked."""
    if not confinement.get("enabled"):
        return "OS layer off"
    parts = [str(confinement.get(key)) for key in ("files", "seccomp") if confinement.get(key)]
    parts.append(f"network {confinement.get('network', '?')}")
    missing = confinement.get("missing") or []
    if missing:
        parts.append("missing: " + "; ".join(str(item) for item in missing))
    return ", ".join(parts)


def _result(task: str, outcome: Outcome, recorder: RunRecorder, price: Price | None) -> RunResult:
    answer = outcome.answer
    return RunResult(
        task=task,
        status=outcome.status,
        answer=answer.value if answer else None,
        answer_text=answer.text if answer else None,
        steps=tuple(recorder.steps),
        usage=recorder.usage,
        cost=cost(price, recorder.usage.prompt_tokens, recorder.usage.completion_tokens),
        log_path=_log_path(recorder),
        error=outcome.error or None,
        summary=outcome.summary,
    )


def _log_path(recorder: RunRecorder) -> Path | None:
    return recorder.log.path if recorder.log else None


def _beside(work: Callable[[], object]) -> None:
    """`work` started in a daemon thread of its own, never waited for: what it does early, a
    later call would do anyway (and waits for, if still under way), and that call meets the
    same error where it can report it, so errors here are dropped."""

    def quietly() -> None:
        with contextlib.suppress(Exception):
            work()

    threading.Thread(target=quietly, name="react-repl-prepare", daemon=True).start()
