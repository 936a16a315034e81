"""The tool-calls agent style: the same loop, the APIs offered through the OpenAI `tools` parameter.

The ReAct loop stays as it is (step budget, sandbox, reviews, run log, checks); this model stands
between it and the server. Out, the conversation is rewritten the way tool-calling agents hold
it: a system prompt about tools, the task, assistant turns with `tool_calls` and one `tool`
message per call. Back, the calls the model made become one ACTION calling the same functions
in the same sandbox, each result printed under a marker so the next request can return it to its
call. A reply without tool calls is the final answer, as in most tool-calling frameworks.

Tools are found the way the code style finds functions: `method_search` is a tool, and every
function it lists is offered as a tool from then on. Offering all of a suite's functions at once
(112 in the multistep suite, about 15,000 tokens of schemas) would not fit a small local model's
context, and would compare prompts, not action styles.
"""

from __future__ import annotations

import json
import math
import re
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

import openai

from react_repl._hit_listing import HIT_NAME
from react_repl.llm import Completion, ModelError, Transfer
from react_repl.registry import ApiSpec

FINAL = "final_answer"
SEARCH = "method_search"
SYSTEM = (
    "You complete tasks by calling the tools you are given. Call one or more tools per turn; "
    "their results come back to you. Use values word for word from the task or from earlier "
    "results; never invent them. When the task is complete, call final_answer with the answer "
    "itself, as a value in the form the task asks for: a number for a number, a list for a "
    "list, a short text for a name. Give a whole sentence only when the task asks for one. "
    "You do not know which tools exist beyond these: call method_search with a description of "
    "what the next step needs, and the functions it lists become tools you can call."
)
_JSON_TYPES = {"int": "integer", "float": "number", "str": "string", "bool": "boolean",
               "list": "array", "tuple": "array", "dict": "object"}  # fmt: skip
_MARK = re.compile(r"^\[result of (call_\d+_\d+)\]$", re.MULTILINE)
_END = "[end of results]"
_HEAD = re.compile(r"\A\s*OBSERVATION \d+:\n")
_NEXT_STEP = re.compile(r"\n*Reply with THOUGHT \d+.*\Z", re.DOTALL)  # the code style's prompt


def _tool(name: str, text: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    parameters = {"type": "object", "properties": properties, "required": required}
    return {
        "type": "function",
        "function": {"name": name, "description": text, "parameters": parameters},
    }


_SEARCH_TOOL = _tool(
    SEARCH, "List the functions related to a description; they become callable tools.",
    {"description": {"type": "string", "description": "What the next step needs."}},
    ["description"],
)  # fmt: skip
_FINAL_TOOL = _tool(
    FINAL, "Give the final answer once the whole task is done; nothing runs after.",
    {"answer": {"description": "The answer, in the form the task asks."}}, ["answer"],
)  # fmt: skip


def tool_schemas(specs: Sequence[ApiSpec]) -> list[dict[str, Any]]:
    """method_search, the APIs found so far as function tools typed from their annotations,
    and final_answer."""
    return [_SEARCH_TOOL, *(_schema(spec) for spec in specs), _FINAL_TOOL]


def _schema(spec: ApiSpec) -> dict[str, Any]:
    properties = {
        param.name: {**json_type(param.annotation), "description": param.description}
        for param in spec.params
    }
    required = [param.name for param in spec.params if param.default is None]
    text = "\n\n".join(part for part in (spec.summary, spec.description) if part)
    if spec.returns:
        text += f"\n\nReturns: {spec.returns}"
    return _tool(spec.name, text[:1024], properties, required)


def json_type(annotation: str | None) -> dict[str, str]:
    base = (annotation or "").split("|")[0].split("[")[0].strip().removeprefix("typing.")
    found = _JSON_TYPES.get(base.lower())
    return {"type": found} if found else {}


class ToolCallModel:
    """Quacks like `ChatModel` for the loop; speaks tool calls to the server."""

    def __init__(self, model: Any, task: str, specs: Sequence[ApiSpec]) -> None:
        self._model = model
        self._task = task
        self._specs = {spec.name: spec for spec in specs}
        self._found: list[str] = []  # listed by method_search so far: offered as tools
        self._turns: dict[str, tuple[str, list[dict[str, str]]]] = {}  # reply -> content, calls
        settings = model.settings
        self._client = openai.OpenAI(
            api_key=settings.api_key or "sk-no-key-required",
            base_url=settings.base_url,
            timeout=settings.queue_timeout,  # a whole reply, unstreamed: see below
            max_retries=settings.max_retries,
        )

    def __getattr__(self, name: str) -> Any:
        return getattr(self._model, name)

    def complete(
        self,
        messages: Sequence[Mapping[str, str]],
        *,
        cancel: threading.Event | None = None,
        extra_body: Mapping[str, Any] | None = None,
        **_streaming: Any,
    ) -> Completion:
        """One reply as the loop reads it: THOUGHT and an ACTION that makes the calls."""
        started = time.perf_counter()
        settings = self._model.settings
        conversation = self._conversation(messages)  # first: it finds the tools to offer
        request: dict[str, Any] = {
            "model": self._model.name,
            "messages": conversation,
            "tools": tool_schemas([self._specs[name] for name in self._found]),
            "temperature": settings.temperature,
            "max_tokens": settings.max_tokens,
        }
        if settings.seed is not None:
            request["seed"] = settings.seed
        extra = {**settings.extra_body, **(extra_body or {})}
        if extra:
            request["extra_body"] = extra
        response = self._call(request, cancel)
        if not response.choices:
            raise ModelError(f"the model at {self._model.url} sent a reply without choices")
        choice = response.choices[0]
        step = 1 + sum(1 for message in messages if message.get("role") == "assistant")
        content = (choice.message.content or "").strip()
        calls = [
            {"id": f"call_{step}_{index}", "name": call.function.name,
             "arguments": call.function.arguments or "{}"}
            for index, call in enumerate(choice.message.tool_calls or [])
        ]  # fmt: skip
        thought = content.replace("```", "'''") or "(calls tools)"
        action = self._action(calls, content)
        reply = f"THOUGHT {step}: {thought}\nACTION {step}:\n```python\n{action}\n```"
        self._turns[reply] = (content, calls)
        usage = response.usage
        return Completion(
            text=reply,
            prompt_tokens=usage.prompt_tokens if usage else 0,
            completion_tokens=usage.completion_tokens if usage else 0,
            duration=time.perf_counter() - started,
            finish_reason=choice.finish_reason,
            retries=0,
            usage_estimated=usage is None,
        )

    def _call(self, request: dict[str, Any], cancel: threading.Event | None) -> Any:
        """The request on its own thread, so a cancel (Ctrl-C, a time limit) ends the wait.

        Tool calls come whole, so the wait is bounded like a queued request (`queue_timeout`),
        not by `timeout`: the 1.5B model on a loaded CPU took over 120 s per reply, and each
        timeout's retry started the reply again, so no step ever finished."""

        def produce(transfer: Transfer) -> None:
            transfer.put(self._client.chat.completions.create(**request))

        try:
            with Transfer(produce) as transfer:  # no silence limit: the client's timeout bounds it
                return next(transfer.items(lambda: math.inf, cancel))
        except openai.APIStatusError as error:
            raise ModelError(
                f"the model at {self._model.url} answered {error.status_code}: {error.message}",
                status=error.status_code,
            ) from error
        except openai.OpenAIError as error:
            raise ModelError(f"the model at {self._model.url} did not answer: {error}") from error

    def _action(self, calls: list[dict[str, str]], content: str) -> str:
        """Python that makes the calls in order, each result under its marker; no call at all
        is the final answer. Names and arguments become literals, never code."""
        if not calls:
            return f"stop({content!r})"
        lines = []
        final = None
        for call in calls:
            lines.append(f"print('[result of {call['id']}]')")
            try:
                arguments = json.loads(call["arguments"])
            except ValueError:
                arguments = None
            if call["name"] == FINAL:
                final = arguments.get("answer") if isinstance(arguments, dict) else arguments
            elif call["name"] not in {*self._specs, SEARCH}:
                lines.append(f"print({'error: there is no tool named ' + repr(call['name'])!r})")
            elif not isinstance(arguments, dict):
                problem = "error: the arguments are not a JSON object: " + call["arguments"]
                lines.append(f"print({problem!r})")
            else:
                shown = "{}" if call["name"] == SEARCH else "print({})"  # it prints its hits
                lines += [
                    "try:",
                    "    " + shown.format(f"{call['name']}(**{arguments!r})"),
                    "except Exception as error:",
                    "    print('error:', repr(error))",
                ]
        lines.append(f"print({_END!r})")
        if any(call["name"] == FINAL for call in calls):
            lines.append(f"stop({final!r})")
        return "\n".join(lines)

    def _conversation(self, messages: Sequence[Mapping[str, str]]) -> list[dict[str, Any]]:
        """The loop's transcript as a tool-calling agent keeps it; turns this model did not
        write (a rewound step, an elided thought) stay as text."""
        out: list[dict[str, Any]] = [
            {"role": "system", "content": SYSTEM},
            {"role": "user", "content": self._task},
        ]
        waiting: list[dict[str, str]] = []
        for message in messages[2:]:
            turn = self._turns.get(message["content"]) if message["role"] == "assistant" else None
            if turn is not None and turn[1]:
                content, waiting = turn
                out.append({"role": "assistant", "content": content or None, "tool_calls": [
                    {"id": call["id"], "type": "function",
                     "function": {"name": call["name"], "arguments": call["arguments"]}}
                    for call in waiting
                ]})  # fmt: skip
            elif turn is not None:  # an answer in words: kept as the model wrote it
                out.append({"role": "assistant", "content": turn[0]})
            elif waiting and message["role"] == "user":
                results = _results(waiting, message["content"])
                self._discover(waiting, results)
                out += results
                waiting = []
            elif message["role"] == "user":  # what the loop said to an answer it did not accept
                out.append({"role": "user", "content": _in_tool_words(message["content"])})
            else:
                out.append(dict(message))
        return out

    def _discover(self, calls: list[dict[str, str]], results: list[dict[str, str]]) -> None:
        """The functions method_search listed, in the order they were first found."""
        for call, result in zip(calls, results, strict=True):
            if call["name"] == SEARCH:
                for line in result["content"].splitlines():
                    match = HIT_NAME.match(line)
                    if match and match[1] in self._specs and match[1] not in self._found:
                        self._found.append(match[1])


def _in_tool_words(observation: str) -> str:
    """The loop's words for the code style (`stop()`, THOUGHT and ACTION) as this style's."""
    body = _NEXT_STEP.sub("", _HEAD.sub("", observation)).replace("(stopped)", "").strip()
    return re.sub(r"\bstop\(", "final_answer(", body)


def _results(calls: list[dict[str, str]], observation: str) -> list[dict[str, str]]:
    """One tool message per call, cut from the observation at the markers the action printed;
    hints the agent added after the results go with the last one."""
    body = _in_tool_words(observation)
    parts = _MARK.split(body)
    found = dict(zip(parts[1::2], parts[2::2], strict=True))
    if not found:  # elided or cut to fit the context: the whole text answers the first call
        found = {calls[0]["id"]: body}
    last = calls[-1]["id"]
    if last in found:
        result, _, after = found[last].partition(_END)
        found[last] = f"{result.strip()}\n{after.strip()}"
    return [
        {"role": "tool", "tool_call_id": call["id"],
         "content": found.get(call["id"], "").replace(_END, "").strip() or "(no output)"}
        for call in calls
    ]  # fmt: skip
