"""What APIs return: plain data as it is, rich objects only as opaque handles.

A Pillow image returned by an image API has `save(path)`, which writes anywhere the worker's user
may; `Picture` in secret_api stands in for it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_contained

from react_repl.sandbox import Sandbox

ATTEMPTS = {
    "public_method_of_returned_object": "make_picture().save(MARKER)",
    "public_attribute_of_returned_object": "print(make_picture().token)",
    "getattr_on_returned_object": "getattr(make_picture(), 'save')(MARKER)",
    "object_inside_returned_dict": "make_album()['pictures'][0].save(MARKER)",
    "object_inside_returned_tuple": "make_album()['pair'][0].save(MARKER)",
    "object_behind_a_cycle": "make_album()['pictures'][2][1].save(MARKER)",
    "iterating_returned_container": """
for item in make_album()['pictures']:
    item.save(MARKER)
""",
    "object_round_tripped_through_echo": "echo(make_picture()).save(MARKER)",
    "writing_to_a_handle": "p = make_picture()\np.width = 1",
    "object_put_into_an_agent_list": "a = []\nfill_album(a, {})\na[0].save(MARKER)",
    "object_nested_into_an_agent_list": "a = []\nfill_album(a, {})\na[1][0].save(MARKER)",
    "object_put_into_an_agent_dict": "i = {}\nfill_album([], i)\ni['cover'].save(MARKER)",
    "object_handed_to_a_callback": "def grab(p):\n    p.save(MARKER)\napply_to_picture(grab)",
    "object_handed_to_a_lambda": "apply_to_picture(lambda p: p.save(MARKER))",
    "object_handed_to_a_method": """
class Collector:
    def take(self, picture):
        picture.save(MARKER)
apply_to_picture(Collector().take)
""",
}


@pytest.mark.parametrize("code", ATTEMPTS.values(), ids=ATTEMPTS.keys())
def test_rich_api_results_are_opaque(sandbox: Sandbox, marker: Path, code: str) -> None:
    observation = sandbox.run(code.replace("MARKER", repr(str(marker))))
    assert observation.error in {"AttributeError", "TypeError"}, observation.text
    assert_contained(sandbox, observation, marker)


def test_handle_explains_itself_and_prints_like_the_object(sandbox: Sandbox) -> None:
    observation = sandbox.run("p = make_picture(3)\nprint(p)\np.width")
    assert observation.text.startswith("<handle: <Picture width=3>>"), observation.text
    assert "pass it to the API functions" in observation.text
    assert_contained(sandbox, observation)


def test_handles_go_back_into_apis_as_the_original_object(sandbox: Sandbox) -> None:
    observation = sandbox.run("""
album = make_album()
print(picture_width(make_picture(7)), [picture_width(p) for p in album['pictures'][:2]])
print(album['count'], album['pair'][1], picture_width(album['pair'][0]))
print(make_picture() == make_picture(), len({album['pair'][0], album['pair'][0]}))
print(apply_to_picture(picture_width), apply_to_picture(lambda p: p) == make_picture())
""")
    assert observation.text == "7 [1, 2]\n2 caption 3\nFalse 1\n9 False", observation.text
    assert_contained(sandbox, observation)


def test_plain_data_and_agent_objects_come_back_unchanged(sandbox: Sandbox) -> None:
    observation = sandbox.run("""
class Note:
    def __init__(self, text):
        self.text = text
data = {'a': [1, 2.5, None, 'x', (True, b'y')], 'when': datetime(2024, 1, 2), 'note': Note('hi')}
back = echo(data)
back['a'].append(3)
print(back == data, back['note'].text, echo(Note)('x').text, echo(len)([1]))
print(echo(lambda: 'called')())
""")
    assert observation.text == "True hi x 1\ncalled", observation.text
    assert_contained(sandbox, observation)
