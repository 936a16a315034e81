"""Escapes that walk attributes: dunder chains, computed names, str.format, functional helpers.

Every payload would write the marker file (or print a secret) if its first step worked.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_contained

from react_repl.sandbox import Sandbox

SUBCLASS_WALK = """
for cls in ().__class__.__bases__[0].__subclasses__():
    if cls.__name__ == '_wrap_close':
        cls.__init__.__globals__['system']('touch ' + MARKER)
"""

ATTEMPTS = {
    "subclasses_walk_literal": SUBCLASS_WALK,
    "subclasses_walk_computed_names": """
base = getattr(getattr((), '__cla' + 'ss__'), '__ba' + 'ses__')[0]
for cls in getattr(base, '__subcl' + 'asses__')():
    getattr(getattr(cls, '__init__'), '__globals__')['system']('touch ' + MARKER)
""",
    "object_from_mro_then_subclasses": """
root = int.mro()[-1]
walk = getattr(root, '__subclasses__')
print([c for c in walk() if 'wrap' in str(c)])
""",
    "getattr_through_map": "print(list(map(getattr, [()], ['__class__'])))",
    "getattr_through_sorted_key": "print(sorted([()], key=lambda o: getattr(o, '__class__')))",
    "getattr_through_starmap": """
import_free = list(itertools.starmap(getattr, [((), '__class__')]))
print(import_free)
""",
    "getattr_with_str_subclass_name": """
class Sneaky(str):
    def startswith(self, prefix):
        return False
print(getattr((), Sneaky('__class__')))
""",
    "hasattr_probe_then_read": """
if not hasattr(get_weather, '__globals__'):
    print(getattr(get_weather, '__globals__'))
""",
    "format_attribute_field": "print('{0.__class__.__base__.__subclasses__}'.format(()))",
    "format_item_field": "print('{0[__builtins__]}'.format({'__builtins__': 1}))",
    "format_map_field": "print('{x.__class__}'.format_map({'x': ()}))",
    "format_nested_spec_field": "print('{0:{1.__class__}}'.format(1, ()))",
    "unbound_str_format": "print(str.format('{0.__globals__}', help))",
    "str_format_through_map": "print(list(map(str.format, ['{0.__class__}'], [()])))",
    "str_subclass_format": """
class Template(str):
    pass
print(Template('{0.__globals__}').format(stop))
""",
    "fstring_dunder": "print(f'{().__class__}')",
    "fstring_nested_spec_dunder": "print(f'{1:{().__class__}}')",
    "agent_function_globals": """
def probe():
    return 1
getattr(probe, '__glo' + 'bals__')['__builtins__']['open'](MARKER, 'w')
""",
    "stop_function_globals": "getattr(stop, '__globals__')",
    "help_function_closure": "print(getattr(help, '__closure__'))",
    "staticmethod_func": "print(getattr(staticmethod(get_weather), '__func__'))",
    "property_fget_globals": """
p = property(lambda self: 1)
print(getattr(p.fget, '__globals__'))
""",
    "bound_method_self": "print(getattr([].append, '__self__'))",
    "builtin_self_is_module": "print(getattr(len, '__self__'))",
    "class_dict_of_agent_class": """
class Box:
    pass
print(getattr(Box, '__dict__'))
""",
    "private_key_str_subclass": """
class Key(str):
    pass
data = {'_hidden': 1}
print(data[Key('_hidden')])
""",
    "dir_then_getattr_every_name": """
found = []
for name in dir(get_weather):
    try:
        found.append(getattr(get_weather, name))
    except AttributeError:
        pass
print(found)
for item in found:
    print(getattr(item, '__globals__'))
""",
    "exception_obj_attribute": """
try:
    get_weather.nothing
except AttributeError as error:
    print(error.obj)
""",
    "exception_with_traceback_method": """
try:
    1 / 0
except ZeroDivisionError as error:
    print(error.with_traceback)
""",
}

API_INTERNALS = [
    "__globals__", "__closure__", "__code__", "__defaults__", "__kwdefaults__",
    "__wrapped__", "__module__", "__self__", "__dict__", "_function",
]  # fmt: skip


@pytest.mark.parametrize("code", ATTEMPTS.values(), ids=ATTEMPTS.keys())
def test_attribute_escape_is_blocked(sandbox: Sandbox, marker: Path, code: str) -> None:
    observation = sandbox.run(code.replace("MARKER", repr(str(marker))))
    assert not observation.ok
    assert observation.error in {"SyntaxError", "AttributeError", "KeyError", "TypeError"}
    assert_contained(sandbox, observation, marker)


@pytest.mark.parametrize("name", API_INTERNALS)
def test_api_internals_are_unreachable(sandbox: Sandbox, name: str) -> None:
    observation = sandbox.run(f"print(getattr(get_weather, {name!r}))")
    assert observation.error == "AttributeError"
    assert "not allowed" in observation.text
    assert_contained(sandbox, observation)


def test_preinjected_module_proxies_hide_module_internals() -> None:
    names = ("math", "json", "re", "random", "statistics", "itertools", "collections")
    with Sandbox(preinject=names) as box:
        for module, attribute in [
            ("random", "_os"), ("json", "codecs"), ("json", "decoder"), ("re", "_compiler"),
            ("re", "sre_compile"), ("statistics", "sys"), ("collections", "abc"),
        ]:  # fmt: skip
            observation = box.run(f"print(getattr({module}, {attribute!r}))")
            assert observation.error == "AttributeError", observation.text
        assert box.run("print(random.randint(1, 1), json.dumps([1]))").text == "1 [1]"
        assert_contained(box, observation)
