"""Callbacks in linear time (issue 33, family 6): an API declared `read_only_arguments`.

Before each call of agent code an API makes (a key function, a predicate), the sandbox must know
what the API put into what the agent passed, since that code can read it through a global;
comparing all of it at each call cost rows × calls. An API that declares it never changes what
it is given works on copies instead, so there is nothing to compare. These tests check what the
declaration must not change (the agent still sees its own objects, a callback still gets
handles) and that a declaration that lies opens nothing; `benchmarks/sandbox.py` measures the
time.
"""

from __future__ import annotations

import lasting_api
import secret_api

from react_repl.sandbox import Sandbox

APIS = [
    lasting_api.sort_by,
    lasting_api.fill_then_sort,
    lasting_api.pick_first,
    secret_api.make_picture,
]
ROWS = "rows = [{'id': n, 'score': n % 3, 'tags': [n]} for n in range(6)]\n"


def test_the_agent_gets_its_own_rows_back_and_into_its_key_function() -> None:
    code = (
        f"{ROWS}seen = []\n"
        "def key(row):\n    seen.append(row)\n    return row['score']\n"
        "s = sort_by(rows, key)\n"
        "print([r['id'] for r in s], all(any(r is o for o in rows) for r in s + seen))\n"
        "s[0]['tags'].append('mine')\nprint(rows[0]['tags'])"
    )
    with Sandbox(APIS) as box:
        assert box.run(code).text == "[0, 3, 1, 4, 2, 5] True\n[0, 'mine']"


def test_what_a_read_only_api_returns_is_the_agent_s_own_object() -> None:
    code = f"{ROWS}found = pick_first(rows, lambda row: row['id'] == 4)\nprint(found is rows[4])"
    with Sandbox(APIS) as box:
        assert box.run(code).text == "True"


def test_a_declaration_that_lies_reaches_nothing_of_the_agent_s() -> None:
    """`fill_then_sort` puts a rich object into the first row, then calls the key function,
    which reads the rows through a global: it finds its own rows unchanged, and the call
    fails saying the declaration was broken."""
    code = (
        f"{ROWS}G = []\n"
        "def key(row):\n    G.append(rows[0].get('cover'))\n    return row['score']\n"
        "try:\n    fill_then_sort(rows, key)\nexcept RuntimeError as error:\n    print(error)\n"
        "print(G[0], 'cover' in rows[0])"
    )
    with Sandbox(APIS) as box:
        observation = box.run(code)
        assert "declared never to change what it is given" in observation.text, observation.text
        assert observation.text.endswith("None False"), observation.text


def test_handles_still_cross_as_handles() -> None:
    code = (
        "p = make_picture(5)\nrows = [{'id': 1, 'picture': p}, {'id': 0, 'picture': p}]\n"
        "got = []\n"
        "s = sort_by(rows, lambda row: got.append(row['picture']) or row['id'])\n"
        "print(s[0]['picture'] is p, got[0] is p, [hasattr(x, 'width') for x in got])"
    )
    with Sandbox(APIS) as box:
        assert box.run(code).text == "True True [False, False]"


def test_subclass_values_reach_a_read_only_api_as_exact_types() -> None:
    code = (
        "class Score(float):\n    def __lt__(self, other):\n        return False\n"
        "rows = [{'s': Score(2)}, {'s': Score(1)}]\n"
        "print([r['s'] for r in sort_by(rows, lambda row: row['s'])])"
    )
    with Sandbox(APIS) as box:
        assert box.run(code).text == "[1.0, 2.0]"


def test_arguments_that_reach_agent_objects_go_the_ordinary_way() -> None:
    """An agent object could lead the API to the agent's containers: no copies then, and what
    the API did is checked as for any API (here: nothing, the rows come back sorted)."""
    code = (
        "class Row:\n    def __init__(self, n):\n        self.n = n\n"
        "rows = [Row(2), Row(1)]\n"
        "ordered = sort_by(rows, lambda r: r.n)\n"
        "print([r.n for r in ordered], ordered[0] is rows[1])"
    )
    with Sandbox(APIS) as box:
        assert box.run(code).text == "[1, 2] True"


def test_an_undeclared_api_still_fills_what_it_is_given() -> None:
    with Sandbox([secret_api.stash]) as box:
        assert box.run("L = []\nstash(L)\nprint(L)").text == "[<handle: <Picture width=8>>]"
