"""Escapes through interpreter internals: frames, tracebacks, generators, what APIs raise/return."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_contained

from react_repl.sandbox import Sandbox

ATTEMPTS = {
    "generator_frame_literal": """
g = (x for x in [1])
g.gi_frame.f_back.f_globals['__builtins__']['open'](MARKER, 'w')
""",
    "generator_frame_computed": """
def gen():
    yield 1
g = gen()
frame = getattr(g, 'gi_' + 'frame')
print(getattr(frame, 'f_' + 'back'))
""",
    "generator_code_object": """
def gen():
    yield 1
print(getattr(gen(), 'gi_code'))
""",
    "generator_yieldfrom": """
def inner():
    yield 1
def outer():
    yield from inner()
g = outer()
next(g)
print(getattr(g, 'gi_yieldfrom'))
""",
    "generator_running_probe": "print(getattr((x for x in []), 'gi_running'))",
    "traceback_from_exception": """
try:
    1 / 0
except ZeroDivisionError as error:
    tb = getattr(error, '__traceback__')
    print(tb.tb_frame.f_globals)
""",
    "traceback_of_api_error_reaches_api_locals": """
try:
    fail_value()
except ValueError as error:
    tb = getattr(error, '__tra' + 'ceback__')
    while tb is not None:
        print(getattr(getattr(tb, 'tb_frame'), 'f_locals'))
        tb = getattr(tb, 'tb_next')
""",
    "api_exception_cause_holds_secret": """
try:
    fail_upstream('https://example.invalid')
except Exception as error:
    print(getattr(error, '__cause__'))
""",
    "api_exception_context": """
try:
    fail_upstream('https://example.invalid')
except Exception as error:
    print(getattr(error, '__context__'))
""",
    "api_exception_request_headers": """
try:
    fail_upstream('https://example.invalid')
except Exception as error:
    print(error.request['headers'])
""",
    "api_exception_module_attribute": """
try:
    fail_upstream('https://example.invalid')
except Exception as error:
    error.module.system('touch ' + MARKER)
""",
    "api_returns_module": "give_module().system('touch ' + MARKER)",
    "frame_through_exception_args": """
try:
    fail_value()
except ValueError as error:
    print(error.args[0].__class__)
""",
    "coroutine_frame": """
async def work():
    return 1
print(work().cr_frame)
""",
    "traceback_handed_to_exit": """
class Catch:
    def __enter__(self):
        return self
    def __exit__(self, kind, error, tb):
        frame = getattr(tb, 'tb_' + 'frame')
        getattr(frame, 'f_' + 'globals')['__builtins__']['open'](MARKER, 'w')
with Catch():
    1 / 0
""",
    "code_object_consts": """
def f():
    return 'x'
print(getattr(f, '__code__').co_consts)
""",
}


@pytest.mark.parametrize("code", ATTEMPTS.values(), ids=ATTEMPTS.keys())
def test_internals_escape_is_blocked(sandbox: Sandbox, marker: Path, code: str) -> None:
    observation = sandbox.run(code.replace("MARKER", repr(str(marker))))
    assert not observation.ok
    assert observation.error in {"SyntaxError", "AttributeError", "TypeError"}, observation.text
    assert_contained(sandbox, observation, marker)


def test_api_exception_keeps_only_type_and_message(sandbox: Sandbox) -> None:
    observation = sandbox.run("""
try:
    fail_upstream('https://example.invalid')
except RuntimeError as error:
    print(error.args)
""")
    assert observation.text == "('UpstreamError: upstream failed for https://example.invalid',)"
    assert_contained(sandbox, observation)


def test_builtin_api_exception_keeps_its_type(sandbox: Sandbox) -> None:
    observation = sandbox.run("""
try:
    fail_value()
except ValueError as error:
    print('caught', error)
""")
    assert observation.text == "caught bad value"
    assert_contained(sandbox, observation)


def test_stop_signal_caught_by_agent_exposes_no_traceback(sandbox: Sandbox) -> None:
    observation = sandbox.run("""
try:
    stop('x')
except BaseException as signal:
    print(getattr(signal, '__traceback__'))
""")
    assert observation.stopped and observation.answer == "x"
    assert "traceback" not in observation.text
    assert_contained(sandbox, observation)
