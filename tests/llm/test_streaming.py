"""Replies stream: text reaches the callback piece by piece, stops are cut outside code only."""

from __future__ import annotations

import time

import pytest

from react_repl.llm import ScriptedReply, ScriptedServer

USER = [{"role": "user", "content": "Count the files."}]
STOPS = ("\nOBSERVATION", "\nObservation", "\nobservation")  # the agent's default


def test_text_reaches_the_callback_before_the_reply_ends(server: ScriptedServer, model_for) -> None:
    words = " ".join(f"w{i}" for i in range(12))
    server.enqueue(ScriptedReply(words, chunk_delay=0.1))
    arrivals: list[tuple[float, str]] = []
    started = time.perf_counter()
    completion = model_for(server).complete(
        USER, on_text=lambda piece: arrivals.append((time.perf_counter() - started, piece))
    )
    assert "".join(piece for _, piece in arrivals) == words == completion.text
    assert len(arrivals) > 5
    assert arrivals[0][0] < arrivals[-1][0] - 0.5  # the first words came long before the last
    sent = server.requests[0]
    assert sent["stream"] is True
    assert sent["stream_options"] == {"include_usage": True}


def test_usage_comes_from_the_final_chunk(server: ScriptedServer, model_for) -> None:
    server.enqueue(ScriptedReply("Four.", prompt_tokens=17, completion_tokens=2))
    completion = model_for(server).complete(USER)
    assert (completion.prompt_tokens, completion.completion_tokens) == (17, 2)
    assert completion.usage_estimated is False


def test_code_keeps_every_observation_name(server: ScriptedServer, model_for) -> None:
    reply = (
        "THOUGHT: keep a list of what I saw.\n"
        "```python\n"
        "observation = 1\n"
        "observations = []\n"
        'print("OBSERVATION:", observation)\n'
        "Observation = observations\n"
        "```\n"
        "OBSERVATION: 1 (the model made this up)"
    )
    server.enqueue(ScriptedReply(reply, chunk_chars=5))
    shown: list[str] = []
    completion = model_for(server).complete(USER, stop=STOPS, on_text=shown.append)
    code_end = reply.index("```\nOBSERVATION") + 3
    assert completion.text == reply[:code_end]
    assert "".join(shown) == completion.text
    assert completion.finish_reason == "stop"


def test_a_stop_split_across_chunks_is_never_shown(server: ScriptedServer, model_for) -> None:
    server.enqueue(ScriptedReply("THOUGHT: done.\nOBSERVATION: invented", chunk_chars=3))
    shown: list[str] = []
    completion = model_for(server).complete(USER, stop=STOPS, on_text=shown.append)
    assert completion.text == "THOUGHT: done."
    assert "".join(shown) == "THOUGHT: done."


def test_the_stream_is_closed_at_a_stop(server: ScriptedServer, model_for) -> None:
    rest = " more" * 60  # 60 pieces at 0.1 s: 6 s if the client read on
    server.enqueue(ScriptedReply("THOUGHT: x\nOBSERVATION: y" + rest, chunk_delay=0.1))
    started = time.perf_counter()
    completion = model_for(server).complete(USER, stop=STOPS)
    assert completion.text == "THOUGHT: x"
    assert time.perf_counter() - started < 3


@pytest.mark.parametrize(
    ("reply", "kept"),
    [
        ("OBSERVATION 1: invented\nTHOUGHT: more", ""),
        (
            "THOUGHT: the last OBSERVATION: said 1.\nObservation 2: x",
            "THOUGHT: the last OBSERVATION: said 1.",
        ),
        (
            "THOUGHT: x\r\n```python\r\nobservation = 1\r\n```\r\nOBSERVATION: 1",
            "THOUGHT: x\r\n```python\r\nobservation = 1\r\n```\r",
        ),
    ],
    ids=["reply-start", "mid-line", "crlf"],
)
def test_stops_cut_where_a_line_begins(
    server: ScriptedServer, model_for, reply: str, kept: str
) -> None:
    server.enqueue(ScriptedReply(reply, chunk_chars=4))
    shown: list[str] = []
    completion = model_for(server).complete(USER, stop=STOPS, on_text=shown.append)
    assert completion.text == kept == "".join(shown)
    assert completion.finish_reason == "stop"


@pytest.mark.parametrize(
    "code",
    [
        "````python\nobservation = 1\n```\nobservations = 2\n````",
        "~~~python\nobservation = 1\n```\nobservations = 2\n~~~",
        "~~~~\nobservation = 1\n~~~\nobservations = 2\n~~~~~",
    ],
)
def test_a_fence_closes_only_with_its_own_kind_and_length(
    server: ScriptedServer, model_for, code: str
) -> None:
    server.enqueue(ScriptedReply(f"THOUGHT: x\n{code}\nOBSERVATION: invented", chunk_chars=5))
    completion = model_for(server).complete(USER, stop=STOPS)
    assert completion.text == f"THOUGHT: x\n{code}"


@pytest.mark.parametrize("fence", ["```", "```text", "~~~"])
def test_an_observation_fenced_after_the_code_is_cut_with_its_fence(
    server: ScriptedServer, model_for, fence: str
) -> None:
    code = "THOUGHT: x\n```python\nprint(1)\n```\n"
    server.enqueue(
        ScriptedReply(f"{code}{fence}\nOBSERVATION: 1\n{fence[:3]}\nmore", chunk_chars=3)
    )
    shown: list[str] = []
    completion = model_for(server).complete(USER, stop=STOPS, on_text=shown.append)
    assert completion.text == code == "".join(shown)  # the fence was never shown either


def test_a_block_before_the_code_keeps_a_quoted_observation(
    server: ScriptedServer, model_for
) -> None:
    reply = "THOUGHT: it said\n```text\nOBSERVATION: 1\n```\n```python\nstop(1)\n```"
    server.enqueue(reply)
    assert model_for(server).complete(USER, stop=STOPS).text == reply


def test_a_reply_streamed_whole_is_answered_normally(server: ScriptedServer, model_for) -> None:
    server.enqueue(ScriptedReply("one piece", chunk_chars=1000))
    assert model_for(server).complete(USER).text == "one piece"


def test_a_plain_json_answer_switches_to_whole_replies(model_for) -> None:
    with ScriptedServer(["first", "second"], streams=False) as server:
        model = model_for(server)
        shown: list[str] = []
        assert model.complete(USER, on_text=shown.append).text == "first"
        assert model.complete(USER).text == "second"
        first, second = server.requests
    assert shown == ["first"]
    assert first["stream"] is True
    assert "stream" not in second and "stream_options" not in second


def test_a_server_refusing_to_stream_gets_whole_replies(server: ScriptedServer, model_for) -> None:
    refusal = ScriptedReply(
        status=400,
        error_message="Unsupported value: 'stream' does not support true with this model. "
        "Supported values are: false.",
    )
    server.enqueue(refusal, "whole", "again whole")
    model = model_for(server)
    completion = model.complete(USER)
    assert (completion.text, completion.retries) == ("whole", 0)
    model.complete(USER)
    assert [r.get("stream") for r in server.requests] == [True, None, None]


def test_extra_body_is_merged_per_call(server: ScriptedServer, model_for) -> None:
    server.enqueue("a", "b")
    model = model_for(server, extra_body={"top_k": 5})
    model.complete(USER, extra_body={"grammar": 'root ::= "a"', "top_k": 7})
    model.complete(USER)
    with_grammar, plain = server.requests
    assert (with_grammar["grammar"], with_grammar["top_k"]) == ('root ::= "a"', 7)
    assert "grammar" not in plain and plain["top_k"] == 5


def test_keep_alive_pings_count_as_life(server: ScriptedServer, model_for) -> None:
    """llama-server pings every 30 s while it evaluates a long prompt: that is not a hang."""
    server.enqueue(ScriptedReply("slow but alive", delay=4.0, ping_interval=0.2))
    model = model_for(server, first_token_timeout=1.5, max_retries=0)
    assert model.complete(USER).text == "slow but alive"
