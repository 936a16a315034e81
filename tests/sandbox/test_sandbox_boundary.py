"""Generated: every container and value type the sandbox offers, against APIs that leak objects.

The list of types is not written here by hand: it is read off what an action can actually name
(the builtins it is given and everything `preinject` offers, module attributes included), so a
type added to the catalogue later is tested without anyone remembering to. For each one an API
puts a rich object (`Picture`, whose `save(path)` writes files) into it, or builds one holding
it, plainly, subclassed, nested, behind an attribute; views, iterators, generators and aware
datetimes are probed too. The agent then tries every way to reach the object and call `save`.
"""

from __future__ import annotations

import builtins
import collections.abc
import importlib
from pathlib import Path

import pytest
from conftest import assert_contained
from secret_api import Picture, stash

from react_repl.sandbox import PREINJECTABLE, Sandbox

MODULE_HOMES = {"collections": "collections", "datetime": "datetime", "math": "math",
                "json": "json", "re": "re", "random": "random", "statistics": "statistics",
                "itertools": "itertools"}  # fmt: skip
VALUE_HOMES = ("collections", "datetime")

# The agent's probe: every route to an object inside `x` (iteration, views, keys, defaults,
# attributes), then `save` on whatever answers to it. A raw Picture would write MARKER.
REACH = """
def reach(x, depth=0):
    found = [x]
    if depth >= 4:
        return found
    parts = []
    for name in ('tzinfo', 'default_factory', 'inner', 'cover'):
        try:
            parts.append(getattr(x, name))
        except Exception:
            pass
    routes = (lambda: list(x), lambda: list(x.values()), lambda: list(x.keys()),
              lambda: [x['probe']], lambda: [x['cover']], lambda: [x[0]], lambda: [x()],
              lambda: [x.timetz()], lambda: list(x.items()))
    for route in routes:
        try:
            parts.extend(route())
        except Exception:
            pass
    for part in parts:
        found.extend(reach(part, depth + 1))
    return found
escaped = 0
for item in reach(SUBJECT):
    try:
        item.save(MARKER)
        escaped += 1
    except Exception:
        pass
print('escaped', escaped)
"""


def _candidate_expressions() -> dict[str, object]:
    """Every class-like name an action might reach, mapped to the real object."""
    candidates: dict[str, object] = {
        name: value
        for name, value in vars(builtins).items()
        if isinstance(value, type) and not name.startswith("_")
    }
    for name in PREINJECTABLE:
        if name in MODULE_HOMES:
            module = importlib.import_module(MODULE_HOMES[name])
            for attribute, value in vars(module).items():
                if not attribute.startswith("_") and isinstance(value, type):
                    candidates[f"{name}.{attribute}"] = value
        else:
            for home in VALUE_HOMES:
                value = getattr(importlib.import_module(home), name, None)
                if isinstance(value, type):
                    candidates[name] = value
    return candidates


def _offered(sandbox: Sandbox) -> dict[str, type]:
    """The candidates an action can really name, asked of a sandbox with everything preinjected."""
    candidates = _candidate_expressions()
    probes = "\n".join(
        f"try:\n    {expression}\n    offered.append({expression!r})\nexcept Exception:\n    pass"
        for expression in candidates
    )
    observation = sandbox.run(f"offered = []\n{probes}\nprint(';'.join(offered))")
    assert observation.ok, observation.text
    return {name: candidates[name] for name in observation.text.split(";")}  # type: ignore[misc]


def _holds_objects(kind: type) -> bool:
    """Mutable containers an API can put a Picture into (bytearray, for one, cannot)."""
    try:
        container = kind()
        stash(container)
    except Exception:
        return False
    return isinstance(container, collections.abc.Container) and any(
        isinstance(item, Picture)
        for item in (container.values() if isinstance(container, dict) else container)
    )


def _built_from_items(kind: type) -> bool:
    """Immutable containers an API can build around a Picture (tuple, frozenset, ...)."""
    try:
        made = kind([Picture(1)])
    except Exception:
        return False
    return isinstance(made, collections.abc.Collection) and not isinstance(made, str | bytes)


def _cases(offered: dict[str, type]) -> dict[str, str]:
    cases: dict[str, str] = {}
    for expression, kind in offered.items():
        if _holds_objects(kind):
            cases[f"{expression}_filled_by_api"] = f"SUBJECT = {expression}()\nstash(SUBJECT)"
            cases[f"{expression}_subclass_filled_by_api"] = (
                f"class Sub({expression}):\n    pass\nSUBJECT = Sub()\nstash(SUBJECT)"
            )
            cases[f"{expression}_nested_in_a_list"] = (
                f"SUBJECT = [{expression}()]\nstash_inside(SUBJECT)"
            )
            cases[f"{expression}_behind_an_attribute"] = (
                f"class Box:\n    pass\nSUBJECT = Box()\nSUBJECT.inner = {expression}()\n"
                "stash_inside([SUBJECT])"
            )
            cases[f"{expression}_built_by_api"] = f"SUBJECT = made_by({expression})"
            cases[f"{expression}_subclass_built_by_api"] = (
                f"class Sub({expression}):\n    pass\nSUBJECT = made_by(Sub)"
            )
        elif _built_from_items(kind):
            cases[f"{expression}_built_by_api"] = f"SUBJECT = made_by({expression})"
            cases[f"{expression}_subclass_built_by_api"] = (
                f"class Sub({expression}):\n    pass\nSUBJECT = made_by(Sub)"
            )
    return cases


FIXED_CASES = {
    "agent_object_given_an_attribute": "class Box:\n    pass\nSUBJECT = Box()\nstash(SUBJECT)",
    "agent_class_built_by_api": "class Box:\n    pass\nSUBJECT = made_by(Box)",
    "namedtuple_built_by_api": (
        "Row = collections.namedtuple('Row', 'cells')\nSUBJECT = made_by(Row)"
    ),
    "defaultdict_factory_poisoned": (
        "SUBJECT = collections.defaultdict(list)\npoison_factory(SUBJECT)"
    ),
    "views_iterators_and_generators": "SUBJECT = rich_views()",
    "datetimes_with_a_foreign_tzinfo": "SUBJECT = aware_moments()",
    "generator_fed_by_api": (
        "def take():\n    got = yield 1\n    yield got\nSUBJECT = feed_generator(take())"
    ),
    "value_received_inside_a_generator": (
        "caught = []\ndef take():\n    got = yield 1\n    caught.append(got)\n    yield 2\n"
        "feed_generator(take())\nSUBJECT = caught"
    ),
}


def test_the_catalogue_offers_the_containers_this_test_expects(sandbox: Sandbox) -> None:
    """Guards the generator itself: if discovery found nothing, the tests below prove nothing."""
    offered = _offered(sandbox)
    cases = _cases(offered)
    for expected in ("list", "dict", "set", "collections.defaultdict", "defaultdict", "deque",
                     "collections.OrderedDict", "Counter", "tuple", "frozenset"):  # fmt: skip
        assert f"{expected}_built_by_api" in cases, sorted(cases)


def _all_cases() -> dict[str, str]:
    with Sandbox(preinject=PREINJECTABLE) as box:
        return {**_cases(_offered(box)), **FIXED_CASES}


ALL_CASES = _all_cases()


@pytest.mark.parametrize("setup", ALL_CASES.values(), ids=ALL_CASES.keys())
def test_no_rich_object_crosses_unwrapped(sandbox: Sandbox, marker: Path, setup: str) -> None:
    observation = sandbox.run(setup)
    probe = sandbox.run(REACH.replace("MARKER", repr(str(marker))))
    assert probe.text.endswith("escaped 0"), f"{setup}\n{observation.text}\n{probe.text}"
    assert_contained(sandbox, probe, marker)


def test_aware_datetimes_with_standard_zones_stay_plain_data(sandbox: Sandbox) -> None:
    observation = sandbox.run(
        "a, b, c = plain_aware_moments()\n"
        "print(a.isoformat(), b.utcoffset(), c.isoformat(), (b - a).days)"
    )
    assert observation.text == "2024-01-02T00:00:00+00:00 2:00:00 05:00:00+02:00 180"


def test_foreign_tzinfo_makes_the_value_a_handle(sandbox: Sandbox) -> None:
    observation = sandbox.run("print(aware_moments()[0])")
    assert observation.text.startswith("<handle: datetime.datetime(2024, 1, 2, 3, 0, tzinfo="), (
        observation.text
    )


def test_containers_the_agent_passed_keep_their_type_and_hold_handles(sandbox: Sandbox) -> None:
    observation = sandbox.run(
        "d = collections.defaultdict(list)\nstash(d)\nd['more'].append(1)\n"
        "print(d['cover'], d['more'])"
    )
    assert observation.text == "<handle: <Picture width=8>> [1]", observation.text


# Found by red-teaming: agent code an API starts without being handed a function (a method it
# calls on an agent object, an agent class it builds, a callable instance, a lambda kept in an
# object) or a builtin method that stores into an agent container received the raw object.
ENTERED_BY_API = {
    "bound_list_append": "SUBJECT = []\napply_to_picture(SUBJECT.append)",
    "bound_set_add": "SUBJECT = set()\napply_to_picture(SUBJECT.add)",
    "bound_deque_append": "SUBJECT = deque()\napply_to_picture(SUBJECT.appendleft)",
    "callable_instance": (
        "SUBJECT = []\nclass Grab:\n    def __call__(self, p):\n        SUBJECT.append(p)\n"
        "apply_to_picture(Grab())"
    ),
    "class_as_callback": (
        "SUBJECT = []\nclass Keep:\n    def __init__(self, p):\n        SUBJECT.append(p)\n"
        "apply_to_picture(Keep)"
    ),
    "method_the_api_calls": (
        "SUBJECT = []\nclass Sink:\n    def append(self, item):\n        SUBJECT.append(item)\n"
        "stash(Sink())"
    ),
    "list_subclass_overriding_append": (
        "SUBJECT = []\nclass L(list):\n    def append(self, item):\n        SUBJECT.append(item)\n"
        "stash(L())"
    ),
    "dict_subclass_overriding_setitem": (
        "SUBJECT = []\nclass D(dict):\n    def __setitem__(self, key, item):\n"
        "        SUBJECT.append(item)\nstash(D())"
    ),
    "lambda_kept_in_an_object": (
        "SUBJECT = []\nclass Box:\n    pass\nbox = Box()\n"
        "box.append = lambda item: SUBJECT.append(item)\nstash(box)"
    ),
    "closure_as_callback": (
        "SUBJECT = []\ndef outer():\n    def inner(p, *rest, **named):\n        SUBJECT.append(p)\n"
        "    return inner\napply_to_picture(outer())"
    ),
    "method_a_thread_left_by_the_api_calls": (
        "SUBJECT = []\nclass Sink:\n    def append(self, item):\n        SUBJECT.append(item)\n"
        "stash_later(Sink())\nfor _ in range(50_000_000):\n    if SUBJECT:\n        break"
    ),
    "value_received_inside_a_generator_lambda": (
        "SUBJECT = []\ntake = lambda: SUBJECT.append((yield 1)) or (yield 2)\n"
        "feed_generator(take())"
    ),
    "generator_kept_in_an_object": (
        "SUBJECT = []\ndef take():\n    got = yield 1\n    SUBJECT.append(got)\n    yield 2\n"
        "class Box:\n    pass\nbox = Box()\nbox.feed = take()\nfeed_inside(box)"
    ),
    "staticmethod_around_a_bound_append": (
        "SUBJECT = []\napply_to_picture(staticmethod(SUBJECT.append))"
    ),
    "bound_append_kept_on_an_agent_class": (
        "SUBJECT = []\nclass Box:\n    pass\nBox.append = SUBJECT.append\nstash(Box())"
    ),
    "property_handing_out_a_bound_append": (
        "SUBJECT = []\nclass P:\n    append = property(lambda self: SUBJECT.append)\nstash(P())"
    ),
    "container_a_callback_returns": "SUBJECT = []\nmade_by(lambda: SUBJECT)",
    "attribute_the_api_set_before_calling_a_method": (
        "SUBJECT = []\nclass Sink:\n    def done(self):\n        SUBJECT.append(self.cover)\n"
        "store_then_call(Sink())"
    ),
    "container_a_stored_lambda_returns": (
        "SUBJECT = []\nclass Shelf:\n    pass\nshelf = Shelf()\nshelf.make = lambda: SUBJECT\n"
        "fill_made(shelf)"
    ),
    "container_a_method_returns": (
        "SUBJECT = []\nclass Maker:\n    def __call__(self):\n        return SUBJECT\n"
        "made_by(Maker())"
    ),
    "format_method_as_callback": (
        "SUBJECT = []\ntry:\n    print(apply_to_picture('{0.token}'.format))\n"
        "except Exception as error:\n    print(error)"
    ),
    "secret_read_during_the_call": (
        "SUBJECT = []\nclass Grab:\n    def __call__(self, p):\n        print(p.token)\n"
        "        p.save(MARKER)\ntry:\n    apply_to_picture(Grab())\nexcept Exception as error:\n"
        "    print(error)"
    ),
}


# Found by reviewing the guard: a value agent code handed back was recorded as the agent's own
# twice, the second time after unwrapping, so an API returning what its callback returned
# handed the agent the raw object.
HANDED_BACK = {
    "lambda": "SUBJECT = [apply_to_picture(lambda p: p)]",
    "function": "def same(p):\n    return p\nSUBJECT = [apply_to_picture(same)]",
    "list_from_a_lambda": "SUBJECT = apply_to_picture(lambda p: [p])",
    "method": (
        "class C:\n    def same(self, p):\n        return p\nSUBJECT = [apply_to_picture(C().same)]"
    ),
    "callable_instance": (
        "class C:\n    def __call__(self, p):\n        return p\nSUBJECT = [apply_to_picture(C())]"
    ),
    "staticmethod": "SUBJECT = [apply_to_picture(staticmethod(lambda p: p))]",
    "generator": (
        "def repeat():\n    got = yield 1\n    yield got\nSUBJECT = [feed_generator(repeat())]"
    ),
    "generator_lambda": "SUBJECT = [feed_generator((lambda: (yield (yield 1)))())]",
}


@pytest.mark.parametrize("case", HANDED_BACK)
def test_what_a_callback_hands_back_returns_as_a_handle(sandbox: Sandbox, case: str) -> None:
    sandbox.reset()
    observation = sandbox.run(HANDED_BACK[case])
    assert observation.error is None, observation.text
    probe = sandbox.run("print(repr(SUBJECT[0])[:8], len(SUBJECT))")
    assert probe.text == "<handle: 1", probe.text
    assert_contained(
        sandbox, sandbox.run("try:\n    print(SUBJECT[0].token)\nexcept Exception:\n    pass")
    )


# The subclasses arrive as exact copies since issue 33: the API fills the copy, and the
# override never runs.
NOTHING_KEPT = {
    "secret_read_during_the_call",
    "format_method_as_callback",
    "list_subclass_overriding_append",
    "dict_subclass_overriding_setitem",
}


@pytest.mark.parametrize("case", ENTERED_BY_API)
def test_agent_code_an_api_starts_gets_handles(sandbox: Sandbox, marker: Path, case: str) -> None:
    """Checked through the secret and the repr, not only `save`: the OS layer refuses a write
    outside the workspace anyway, so a raw object must be caught by the Python layer itself."""
    sandbox.reset()
    observation = sandbox.run(ENTERED_BY_API[case].replace("MARKER", repr(str(marker))))
    assert observation.error is None, observation.text
    assert_contained(sandbox, observation, marker)
    probe = sandbox.run(
        "for item in SUBJECT:\n    print(repr(item)[:8])\n    try:\n        print(item.token)\n"
        "    except Exception:\n        pass\nprint(len(SUBJECT))"
    )
    assert_contained(sandbox, probe, marker)
    *reprs, count = probe.text.split()
    assert set(reprs) <= {"<handle:"}, probe.text
    assert count == ("0" if case in NOTHING_KEPT else "1"), probe.text


UNTOUCHED = {
    # calls between the agent's own functions: the same list (mutated in place), and objects an
    # action may make itself that are not plain data
    "agent_code_calling_agent_code": (
        "def add(items, item):\n    items.append(item)\nkept = []\nadd(kept, 1)\n"
        "def first_digit(match):\n    return match.group(1)\n"
        "found = [re.match(r'a(\\d)', text) for text in ['a3', 'a1']]\n"
        "print(kept, first_digit(found[0]), sorted(map(lambda m: first_digit(m), found)))",
        "[1] 3 ['1', '3']",
    ),
    # a method an API calls: its `self` keeps its compiled pattern (red-teaming found the guard
    # turned it into a handle), while what the API passes becomes one
    "the_self_of_a_method_an_api_calls": (
        "class Collector:\n    def __init__(self):\n        self.pattern = re.compile('x')\n"
        "        self.seen = []\n    def on_page(self, page):\n        self.seen.append(page)\n"
        "collector = Collector()\napply_to_picture(collector.on_page)\n"
        "print(collector.pattern.search('x') is not None, repr(collector.seen[0])[:8])",
        "True <handle:",
    ),
    # the guard wrote a lambda's body into both branches of a conditional, so nesting doubled
    # the code at each level: 20 levels outran the action's 30 s limit while compiling
    "lambdas_nested_thirty_deep": (
        "f = " + "lambda: (" * 30 + "7" + ")" * 30 + "\nfor _ in range(30):\n    f = f()\nprint(f)",
        "7",
    ),
    "lambdas_with_parameters_nested": (
        "add = "
        + "".join(f"lambda a{i}: (" for i in range(20))
        + "+".join(f"a{i}" for i in range(20))
        + ")" * 20
        + "\nfor i in range(20):\n    add = add(i)\nprint(add)",
        "190",
    ),
    "generator_lambda_with_a_parameter": (
        "g = (lambda start: (yield start) or (yield start + 1))(5)\nprint(list(g))",
        "[5, 6]",
    ),
}


@pytest.mark.parametrize("case", UNTOUCHED)
def test_the_entry_guard_leaves_the_agents_own_values_as_they_are(
    sandbox: Sandbox, case: str
) -> None:
    code, expected = UNTOUCHED[case]
    sandbox.reset()
    observation = sandbox.run(code)
    assert observation.text == expected, observation.text


def test_yield_from_is_refused_with_a_way_out(sandbox: Sandbox) -> None:
    """Through `yield from`, what an API sends reaches the inner generator with the outer one
    as its caller, so the guard could not tell it from the agent's own value."""
    observation = sandbox.run("def outer():\n    yield from [1, 2]")
    assert observation.error == "SyntaxError"
    assert "loop and yield each item" in observation.text
