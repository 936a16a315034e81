"""Attribute reads compiled inline (issue 33, family 7) refuse exactly what `_getattr_` refuses.

`x.name` on a plain name now tests `type(x)` inline and reads the attribute directly for the
inert builtin types, instead of calling `_getattr_` (a method-call loop ran 3.4× slower than
plain Python). Every other object, and `format`/`format_map` on any string, still goes through
the guard: these cases are the ones where taking the fast path by mistake would open a hole.
"""

from __future__ import annotations

import pytest
import secret_api

from react_repl.sandbox import Sandbox

REFUSED = {
    "format_on_a_str_name": "s = '{0.__class__}'\nprint(s.format(1))",
    "format_map_on_a_str_name": "s = '{x.__class__}'\nprint(s.format_map({'x': 1}))",
    "bound_format_kept": "s = '{0.__globals__}'\nf = s.format\nprint(f(stop))",
    "format_on_a_str_subclass_name": (
        "class T(str):\n    pass\nt = T('{0.__class__}')\nprint(t.format(1))"
    ),
    "handle_method": "p = make_picture(3)\np.save('x')",
    "handle_attribute_in_a_loop": "p = make_picture(3)\nfor i in range(3):\n    p.width",
    "module_proxy_internal": "print(json.codecs)",
    "exception_live_attribute": "e = ValueError(1)\nprint(e.with_traceback)",
    "format_on_a_computed_str": "print(' {0.__class__} '.strip().format(1))",
    "method_of_a_computed_handle": "make_picture(3).save('x')",
    "attribute_of_a_computed_handle": "print([make_picture(3)][0].token)",
    "agent_object_holding_a_handle": (
        "class Box:\n    pass\nb = Box()\nb.p = make_picture(2)\nb.p.save('x')"
    ),
}


@pytest.mark.parametrize("code", REFUSED.values(), ids=REFUSED.keys())
def test_what_the_guard_refused_is_still_refused(code: str) -> None:
    with Sandbox([secret_api.make_picture]) as box:
        observation = box.run(code)
        assert observation.error in {"AttributeError", "TypeError"}, observation.text
        assert "<class" not in observation.text and "<built-in" not in observation.text


def test_plain_values_read_their_attributes_as_before() -> None:
    code = (
        "items = []\nfor i in range(3):\n    items.append(i)\n"
        "d = {'a': 1}\ntext = 'ab'\nprint(items, d.get('a'), text.upper(), 'x'.join(['a', 'b']),"
        " (3).bit_length(), b'ab'.hex(), 'v{0}'.format(2))\n"
        "def f(xs):\n    return [x.real for x in xs]\nprint(f([1, 2.5]))"
    )
    with Sandbox() as box:
        assert box.run(code).text == "[0, 1, 2] 1 AB axb 2 6162 v2\n[1, 2.5]"


def test_computed_values_read_their_attributes_in_every_scope() -> None:
    """The inline test holds a computed value in `_v_`, but not in a class body or a
    comprehension, where Python would refuse or misplace the binding: there the guard runs."""
    code = (
        "def f(s):\n    return s.strip().lower().split(',')\n"
        "class C:\n    y = ' B '.strip().lower()\n"
        "print(f(' A,B '), C.y, [s.strip().upper() for s in [' c ']],"
        " (lambda s: s.strip().title())(' d '), 'ab'.upper().lower())"
    )
    with Sandbox() as box:
        assert box.run(code).text == "['a', 'b'] b ['C'] D ab"


def test_a_missing_attribute_of_a_plain_value_names_the_attribute() -> None:
    with Sandbox() as box:
        observation = box.run("items = []\nitems.push(1)")
        assert observation.error == "AttributeError"
        assert "'list' object has no attribute 'push'" in observation.text, observation.text
