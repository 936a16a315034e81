import pytest

from react_repl.agent._parse import cut_at_observation, parse_reply


@pytest.mark.parametrize(
    "fence", ["```python", "```Python", "```PYTHON", "```py", "``` python", "```"]
)
def test_fence_variants_yield_the_code(fence: str) -> None:
    parsed = parse_reply(f"THOUGHT 2: look it up.\nACTION 2:\n{fence}\nx = find()\nprint(x)\n```")
    assert parsed.action == "x = find()\nprint(x)"
    assert parsed.thought == "look it up."


def test_prose_after_the_fence_is_not_code() -> None:
    parsed = parse_reply("THOUGHT 1: go\n```python\nprint(1)\n```\nThis prints one.")
    assert parsed.action == "print(1)"


def test_only_the_first_of_several_blocks_runs() -> None:
    parsed = parse_reply("```python\na = 1\n```\nthen\n```python\nb = 2\n```")
    assert parsed.action == "a = 1"
    assert parsed.extra_blocks == 1


def test_missing_fence_after_action_label_is_accepted_when_it_is_python() -> None:
    parsed = parse_reply("THOUGHT 3: Based on previous observations, ok.\nACTION 3:\nprint(today)")
    assert parsed.action == "print(today)"
    assert parsed.thought == "Based on previous observations, ok."


def test_missing_fence_with_prose_is_no_action() -> None:
    parsed = parse_reply("ACTION 3:\nI would now call the weather function.")
    assert parsed.action is None


def test_no_action_at_all() -> None:
    parsed = parse_reply("I think the task is done.")
    assert parsed.action is None
    assert parsed.thought == "I think the task is done."


@pytest.mark.parametrize(
    "marker", ["OBSERVATION 2:", "Observation:", "observation 2", "**Observation 2:**"]
)
def test_model_written_observation_is_cut(marker: str) -> None:
    reply = f"THOUGHT 2: x\n```python\nprint(1)\n```\n{marker}\n1\nTHOUGHT 3: fake"
    parsed = parse_reply(reply)
    assert parsed.action == "print(1)"
    assert "fake" not in parsed.text
    assert marker.strip("*").split()[0].lower() not in parsed.text.lower()


def test_observation_inside_code_is_not_a_marker() -> None:
    reply = "```python\nobservation_count = 3\nprint(observation_count)\n```"
    assert parse_reply(reply).action == "observation_count = 3\nprint(observation_count)"


def test_unclosed_fence_takes_the_rest() -> None:
    assert parse_reply("```python\nstop('done')").action == "stop('done')"


def test_markdown_bold_labels() -> None:
    parsed = parse_reply("**Thought 1:** hmm\n**Action 1:**\n```python\nstop()\n```")
    assert parsed.thought == "hmm"
    assert parsed.action == "stop()"


def test_indented_block_is_dedented() -> None:
    assert parse_reply("```python\n    a = 1\n    print(a)\n```").action == "a = 1\nprint(a)"


def test_cut_at_observation_keeps_text_without_marker() -> None:
    assert cut_at_observation("no marker here\n") == "no marker here"


def test_a_crlf_closing_fence_ends_the_code() -> None:
    parsed = parse_reply("THOUGHT: x\r\n```python\r\nprint(1)\r\n```\r\nThis prints one.\r\n")
    assert (parsed.action, parsed.open_ended) == ("print(1)", False)


@pytest.mark.parametrize(
    ("opening", "inside", "closing"),
    [("````python", "```", "````"), ("~~~python", "```", "~~~"), ("~~~~", "~~~", "~~~~~")],
)
def test_a_fence_closes_with_its_own_character_and_at_least_its_length(
    opening: str, inside: str, closing: str
) -> None:
    code = f"text = '''\n{inside}\n'''\nprint(text)"
    parsed = parse_reply(f"THOUGHT: x\n{opening}\n{code}\n{closing}\nOBSERVATION: made up")
    assert (parsed.action, parsed.extra_blocks) == (code, 0)
    assert "made up" not in parsed.text


def test_a_quoted_block_with_a_fence_inside_is_not_the_action() -> None:
    reply = "THOUGHT: docs\n````markdown\n```python\nprint(0)\n```\n````\n```python\nprint(1)\n```"
    assert parse_reply(reply).action == "print(1)"


def test_an_observation_fenced_after_the_action_is_cut_with_its_fence() -> None:
    reply = "THOUGHT: x\n```python\nprint(1)\n```\n```\nOBSERVATION 1:\n1\n```\nTHOUGHT 2: fake"
    parsed = parse_reply(reply)
    assert parsed.text == "THOUGHT: x\n```python\nprint(1)\n```"
    assert parsed.extra_blocks == 0


@pytest.mark.parametrize(
    ("reply", "open_ended"),
    [
        ("```python\nprint(1)\n```", False),
        ("```python\nprint(1)", True),
        ("ACTION:\nprint(1)", True),
    ],
)
def test_an_action_without_a_closing_fence_is_open_ended(reply: str, open_ended: bool) -> None:
    assert parse_reply(reply).open_ended is open_ended


@pytest.mark.parametrize(
    ("reply", "action"),
    [
        (
            '```python\nmd = """\n```\nx\n```\n"""\nprint(md)\n```\nprose',
            'md = """\n```\nx\n```\n"""\nprint(md)',
        ),
        ("```\ns = f'''{1}\n```\n'''\nprint(s)\n```", "s = f'''{1}\n```\n'''\nprint(s)"),
        ("```python\nx = (1,\n```\nprose", "x = (1,"),
        ("```python\ns = 'a'  # '''\n```\nprose", "s = 'a'  # '''"),
        ("```\nHe wrote '''hi\n```\nprose\n```\n", "He wrote '''hi"),
        ("```\nprint('''a\n```\n''', 1)\n```", "print('''a\n```\n''', 1)"),
    ],
    ids=[
        "triple-double",
        "f-string-no-language",
        "open-bracket-still-closes",
        "quotes-in-comment",
        "prose-quoting-quotes-no-language",
        "call-left-open-no-language",
    ],
)
def test_a_fence_line_inside_a_python_string_is_code(reply: str, action: str) -> None:
    assert parse_reply(reply).action == action


def test_a_fence_line_ends_a_quoted_text_block_whatever_its_quotes() -> None:
    reply = "THOUGHT: the doc\n```text\nx = '''\n```\nACTION:\n```python\nprint(1)\n```"
    assert parse_reply(reply).action == "print(1)"
