"""Every way a server misbehaves: bounded retries, each cause logged, then a short clear error.

Each fault is committed by a real HTTP server on a real socket and met by the real openai client.
"""

from __future__ import annotations

import pytest

from react_repl.llm import ModelError, RetryRecord, ScriptedReply, ScriptedServer

USER = [{"role": "user", "content": "hi"}]
WORDS = "THOUGHT: first I look around, then I act on what I find there"
# Long enough that a busy machine never passes for a hang, short enough to keep the tests quick.
HANG_SECONDS = 1.5
HTML_502 = (
    "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head>"
    "<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>"
)

# (fault, cause in the retry log, words of the final message, its HTTP status)
CASES = {
    "non-JSON 200": (
        ScriptedReply(body="upstream said: OK", content_type="application/json"),
        "HTTP 200: a body (application/json) ('upstream said: OK')",
        "answered 200 with a body (application/json) that is not a chat completion",
        None,
    ),
    "HTML error page": (
        ScriptedReply(status=502, body=HTML_502, content_type="text/html"),
        "HTTP 502: an HTML page ('502 Bad Gateway')",
        "failed with 502 and an HTML page instead of an OpenAI-style error ('502 Bad Gateway')",
        502,
    ),
    "empty choices": (
        ScriptedReply(WORDS, fault="no_choices"),
        "the reply held no choices",
        "returned replies without any choice",
        None,
    ),
    "truncated stream": (
        ScriptedReply(WORDS, fault="truncate"),
        "the stream ended without a finish reason",
        "ended before it was complete",
        None,
    ),
    "invalid stream event": (
        ScriptedReply(WORDS, fault="invalid_sse"),
        "an invalid stream event: ",
        "sent a stream event that is not valid JSON",
        None,
    ),
    "connection reset mid-reply": (
        ScriptedReply(WORDS, fault="reset"),
        "the connection broke mid-reply: ",
        "broke mid-reply",
        None,
    ),
    "4xx with a plain-text body": (
        ScriptedReply(status=400, body="Bad Request", content_type="text/plain"),
        "HTTP 400: a body (text/plain) ('Bad Request')",
        "answered 400 with a body (text/plain) instead of an OpenAI-style error",
        400,
    ),
    "4xx with JSON but no error key": (
        ScriptedReply(status=404, body='{"detail": "Not Found"}'),
        'HTTP 404: a body (application/json) (\'{"detail": "Not Found"}\')',
        "answered 404 with a body (application/json) instead of an OpenAI-style error",
        404,
    ),
    "empty message": (
        ScriptedReply(""),
        "the model returned an empty message",
        "returned an empty message",
        None,
    ),
    "never answers": (
        ScriptedReply(fault="hang"),
        f"no reply within {HANG_SECONDS:g} s",
        f"sent nothing for {HANG_SECONDS:g} s",
        None,
    ),
    "stalls mid-stream": (
        ScriptedReply(WORDS, fault="stall"),
        f"stalled mid-reply: nothing for {HANG_SECONDS:g} s",
        f"stopped sending mid-reply: nothing for {HANG_SECONDS:g} s",
        None,
    ),
}
FAST_HANGS = {"first_token_timeout": HANG_SECONDS, "idle_timeout": HANG_SECONDS, "hang_retries": 2}


@pytest.mark.parametrize("case", CASES)
def test_a_fault_is_retried_and_its_cause_logged(
    server: ScriptedServer, model_for, case: str
) -> None:
    fault, cause, _message, _status = CASES[case]
    server.enqueue(fault, "THOUGHT: recovered")
    announced: list[RetryRecord] = []
    completion = model_for(server, **FAST_HANGS).complete(USER, on_retry=announced.append)
    assert completion.text == "THOUGHT: recovered"
    assert completion.retries == 1
    (record,) = completion.retry_log
    assert record.attempt == 1
    assert record.cause.startswith(cause)
    assert record.delay >= 0
    assert announced == [record]


@pytest.mark.parametrize("case", CASES)
def test_a_lasting_fault_ends_in_a_short_clear_error(
    server: ScriptedServer, model_for, case: str
) -> None:
    fault, cause, message, status = CASES[case]
    server.enqueue(*[fault] * 3)
    with pytest.raises(ModelError) as caught:
        model_for(server, max_retries=2, **FAST_HANGS).complete(USER)
    text = str(caught.value)
    assert message in text
    assert "3 attempts" in text
    assert server.base_url in text
    assert len(text) < 500 and "Traceback" not in text
    assert caught.value.status == status
    assert [r.attempt for r in caught.value.retry_log] == [1, 2]
    assert all(r.cause.startswith(cause) for r in caught.value.retry_log)
    assert server.pending() == 0


def test_hangs_get_fewer_retries_than_other_faults(server: ScriptedServer, model_for) -> None:
    server.enqueue(*[ScriptedReply(fault="hang")] * 3)
    model = model_for(server, first_token_timeout=0.3, max_retries=4, hang_retries=1)
    with pytest.raises(ModelError, match=r"sent nothing for 0\.3 s \(2 attempts\)"):
        model.complete(USER)
    assert len(server.requests) == 2


def test_an_error_event_mid_stream_is_reported(server: ScriptedServer, model_for) -> None:
    event = '{"error": {"code": 400, "message": "the request exceeds the context size"}}'
    body = f"data: {event}\n\n"
    server.enqueue(ScriptedReply(body=body, content_type="text/event-stream"))
    with pytest.raises(ModelError, match="exceeds the context size") as caught:
        model_for(server).complete(USER)
    assert caught.value.status == 400
    assert len(server.requests) == 1  # a 400 is the request's fault: not retried


@pytest.mark.parametrize(
    ("fault", "cause"),
    [
        ("hang", f"no complete reply within {HANG_SECONDS:g} s"),
        ("stall", f"no complete reply within {HANG_SECONDS:g} s"),
        ("reset", "the connection broke mid-reply: "),
        ("truncate", "the connection broke mid-reply: "),
        ("invalid_sse", "HTTP 200: a body (application/json) ("),
    ],
)
def test_faults_of_whole_replies(server: ScriptedServer, model_for, fault, cause) -> None:
    """Servers that do not stream fail in their own ways; each is retried and logged too."""
    server.enqueue(ScriptedReply(WORDS, fault=fault), "THOUGHT: recovered")
    model = model_for(server, stream=False, timeout=HANG_SECONDS)
    completion = model.complete(USER)
    assert completion.text == "THOUGHT: recovered"
    assert completion.retry_log[0].cause.startswith(cause)
