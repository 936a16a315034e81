"""What the model reads: output order, REPL echo, errors with the agent's own line, hints."""

from __future__ import annotations

import pytest
from conftest import assert_contained

from react_repl.sandbox import Sandbox

USE_PRINT = "(no output: the action printed nothing. Use print() to see values.)"


def test_print_and_api_print_arrive_in_order(sandbox: Sandbox) -> None:
    observation = sandbox.run("print('one')\nprint_inside('two')\nprint('three')")
    assert observation.text == "one\napi says two\nthree"
    assert observation.ok and observation.error is None and observation.duration > 0


def test_last_expression_is_echoed_when_nothing_was_printed(sandbox: Sandbox) -> None:
    assert sandbox.run("x = 20\nx * 2 + 2").text == "42"
    assert sandbox.run("{'a': [1, 2]}").text == "{'a': [1, 2]}"


def test_last_expression_is_not_echoed_after_a_print(sandbox: Sandbox) -> None:
    assert sandbox.run("print('shown')\n'hidden'").text == "shown"


def test_no_output_reminds_to_print(sandbox: Sandbox) -> None:
    observation = sandbox.run("quiet = 1")
    assert observation.ok
    assert "no output" in observation.text and "print()" in observation.text


def test_none_result_counts_as_no_output(sandbox: Sandbox) -> None:
    assert "no output" in sandbox.run("None").text


def test_exception_shows_line_and_source_of_agent_code_only(sandbox: Sandbox) -> None:
    observation = sandbox.run("a = 1\nb = [1, 2]\nc = b[5]")
    assert observation.error == "IndexError"
    assert observation.text.splitlines() == [
        "Traceback (most recent call last):",
        "  line 3: c = b[5]",
        "IndexError: list index out of range",
    ]
    assert "sandbox" not in observation.text and ".py" not in observation.text


def test_exception_in_function_from_earlier_action(sandbox: Sandbox) -> None:
    sandbox.run("def halve(x):\n    return x / 0")
    observation = sandbox.run("halve(4)")
    assert "line 1: halve(4)" in observation.text
    assert (
        "line 2 of an earlier action" in observation.text
        and "in halve: return x / 0" in observation.text
    )


def test_name_error_hints_method_search(sandbox: Sandbox) -> None:
    observation = sandbox.run("send_email('x')")
    assert observation.error == "NameError"
    assert 'Hint: use method_search("what you need")' in observation.text


def test_name_error_for_type_suggests_isinstance(sandbox: Sandbox) -> None:
    assert "isinstance" in sandbox.run("type(3)").text


def test_type_error_calling_an_api_shows_its_signature(sandbox: Sandbox) -> None:
    observation = sandbox.run("get_weather()")
    assert observation.error == "TypeError"
    assert (
        "Hint: the signature is get_weather(city: str, unit: str = 'C') -> str" in observation.text
    )


def test_type_error_inside_agent_code_has_no_api_hint(sandbox: Sandbox) -> None:
    observation = sandbox.run("len(5)")
    assert observation.error == "TypeError" and "Hint" not in observation.text


def test_syntax_error_gives_line_and_column(sandbox: Sandbox) -> None:
    observation = sandbox.run("x = 1\ny = = 2")
    assert observation.error == "SyntaxError"
    assert "(line 2, column 5)" in observation.text
    assert "y = = 2" in observation.text
    assert_contained(sandbox, observation)


def test_unterminated_string_is_a_syntax_error(sandbox: Sandbox) -> None:
    observation = sandbox.run("print('open")
    assert observation.error == "SyntaxError" and "line 1" in observation.text


def test_restricted_syntax_names_the_line(sandbox: Sandbox) -> None:
    observation = sandbox.run("ok = 1\nx = ok.__class__")
    assert observation.error == "SyntaxError"
    assert "line 2" in observation.text and "x = ok.__class__" in observation.text


def test_restricted_syntax_points_at_the_forbidden_name(sandbox: Sandbox) -> None:
    observation = sandbox.run("if True:\n    x = (1).__class__")
    assert "(line 2, column 13)" in observation.text, observation.text
    assert observation.text.endswith("    x = (1).__class__\n" + " " * 12 + "^"), observation.text


def test_stop_ends_the_action_and_keeps_earlier_output(sandbox: Sandbox) -> None:
    observation = sandbox.run("print('before')\nstop(42)\nprint('after')")
    assert observation.stopped and observation.answer == 42
    assert observation.text == "before"


def test_stop_without_answer(sandbox: Sandbox) -> None:
    observation = sandbox.run("stop()")
    assert observation.stopped and observation.answer is None


def test_stop_survives_an_agent_catching_base_exception(sandbox: Sandbox) -> None:
    code = "try:\n    stop('final')\nexcept BaseException:\n    print('swallowed')\nprint('more')"
    observation = sandbox.run(code)
    assert observation.stopped and observation.answer == "final"
    assert "swallowed" not in observation.text and "more" not in observation.text


def test_help_shows_signature_and_docstring(sandbox: Sandbox) -> None:
    observation = sandbox.run("help(get_weather)")
    assert observation.text.startswith("get_weather(city: str, unit: str = 'C') -> str")
    assert "Current weather for a city." in observation.text
    assert sandbox.run("help('get_weather')").text == observation.text


def test_host_function_runs_in_parent_and_prints(sandbox: Sandbox) -> None:
    observation = sandbox.run("r = method_search('send a message', k=3)\nprint(r)")
    assert observation.text == "3 results for 'send a message'\nNone"
    assert "method_search(description: str, k: int = 5)" in sandbox.run("help(method_search)").text


def test_host_function_exception_keeps_builtin_type(sandbox: Sandbox) -> None:
    observation = sandbox.run("method_search('')")
    assert observation.error == "ValueError"
    assert "description must not be empty" in observation.text


def test_host_function_rejects_arguments_json_cannot_carry(sandbox: Sandbox) -> None:
    observation = sandbox.run("method_search(print)")
    assert observation.error == "TypeError" and "JSON" in observation.text


def test_augmented_assignment_on_items_and_attributes(sandbox: Sandbox) -> None:
    code = """
counts = {}
for word in 'a b a'.split():
    counts[word] = counts.get(word, 0)
    counts[word] += 1
class Tally:
    def __init__(self):
        self.n = 0
t = Tally()
t.n += 5
print(counts, t.n)
"""
    assert sandbox.run(code).text == "{'a': 2, 'b': 1} 5"


def test_annotated_assignment_and_str_format_still_work(sandbox: Sandbox) -> None:
    code = "width: int = 6\nprint('{:>{w}}|{name}'.format(42, w=width, name='x'), f'{width:03d}')"
    assert sandbox.run(code).text == "    42|x 006"


def test_preinjected_values_are_usable(sandbox: Sandbox) -> None:
    code = "print(date(2024, 1, 31) + timedelta(days=1), math.sqrt(16), json.loads('[1]'))"
    assert sandbox.run(code).text == "2024-02-01 4.0 [1]"


def test_null_byte_in_source_is_a_syntax_error(sandbox: Sandbox) -> None:
    observation = sandbox.run("x = 1\x00")
    assert observation.error == "SyntaxError" and "null bytes" in observation.text
    assert_contained(sandbox, observation)


def test_help_without_argument_lists_the_apis(sandbox: Sandbox) -> None:
    text = sandbox.run("help()").text
    assert text.startswith("Functions available without import:")
    assert "get_weather(city: str, unit: str = 'C') -> str" in text
    assert "method_search(description: str, k: int = 5)" in text


def test_agent_defined_exceptions_keep_their_attributes_and_methods(sandbox: Sandbox) -> None:
    code = """
class QuotaError(Exception):
    def __init__(self, left):
        self.left = left
    def describe(self):
        return f'{self.left} calls left'
try:
    raise QuotaError(3)
except QuotaError as error:
    print(error.left, error.describe())
"""
    assert sandbox.run(code).text == "3 3 calls left"


def test_agent_classes_may_define_common_special_methods(sandbox: Sandbox) -> None:
    code = """
class Money:
    def __init__(self, cents):
        self.cents = cents
    def __repr__(self):
        return f'Money({self.cents})'
    def __add__(self, other):
        return Money(self.cents + other.cents)
    def __len__(self):
        return self.cents
Money(1) + Money(2)
"""
    assert sandbox.run(code).text == "Money(3)"


@pytest.mark.parametrize(
    ("code", "hint"),
    [
        ("total = 2 + 3", True),
        ("for i in range(3):\n    last = i", True),
        ("x = 1\nx += 2", True),
        ("def helper(n):\n    value = n * 2\n    return value", False),
        ("class Box:\n    size = 3", False),
        ("pass", False),
    ],
)
def test_the_print_hint_comes_only_when_a_value_was_computed(code: str, hint: bool) -> None:
    with Sandbox() as sandbox:
        text = sandbox.run(code).text
    assert text == (USE_PRINT if hint else "(no output)")


@pytest.mark.parametrize(
    ("code", "hint"),
    [
        ("items.append(2)", False),
        ("seen.add(2)\nseen.discard(1)", False),
        ("prices.update(a=1)\nitems.sort()", False),
        ("sorted(items)\nitems.append(1)", True),  # the sorted list was made and dropped
        ("prices.get('a')\nseen.clear()", True),
    ],
)
def test_in_place_methods_that_return_none_get_no_print_hint(code: str, hint: bool) -> None:
    with Sandbox() as sandbox:
        sandbox.run("items, seen, prices = [3, 1], {1}, {}\nprint('made')")
        text = sandbox.run(code).text
    assert (text == USE_PRINT) is hint and text.startswith("(no output")


def test_a_missing_dict_key_is_python_s_own_key_error(sandbox: Sandbox) -> None:
    observation = sandbox.run("item = {'name': 'lentils', '_hidden': 1}\nprint(item['protein'])")
    assert observation.error == "KeyError"
    assert observation.text.endswith("KeyError: 'protein'")


def test_a_caught_missing_key_is_still_a_key_error(sandbox: Sandbox) -> None:
    code = "try:\n    {'a': 1}['b']\nexcept KeyError:\n    print('caught')"
    assert sandbox.run(code).text == "caught"


@pytest.mark.parametrize(
    ("code", "text"),
    [
        ("quiet = 1\nprint('said')", "said"),
        ("items = [1]\nitems[0] = 2", USE_PRINT),
        ("def show():\n    print(1)\nready = 2", USE_PRINT),
        ("def f():\n    inner = 1", "(no output)"),
        ("print('', end='')", "(no output)"),
        ("for item in []:\n    print(item)", "(no output)"),
    ],
)
def test_a_silent_action_is_told_to_print_only_when_it_computed_a_value(
    sandbox: Sandbox, code: str, text: str
) -> None:
    assert sandbox.run(code).text == text
