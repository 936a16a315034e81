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
