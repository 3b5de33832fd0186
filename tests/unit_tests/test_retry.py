"""tools.retry / tools.writes: reads retried on timeout through the injected sleep; writes never."""

import pytest

from tools.retry import call_read_tool
from tools.writes import accepts_idempotency_key, call_write_tool
from voicekit.clinic import ToolError, ToolTimeout


def flaky(outcomes):
    calls = []

    def tool(day):
        calls.append(day)
        outcome = outcomes[len(calls) - 1] if len(calls) <= len(outcomes) else "ok"
        if outcome == "timeout":
            raise ToolTimeout("slow")
        if outcome == "error":
            raise ToolError("error")
        return ["10:00"]

    return tool, calls


@pytest.mark.parametrize("outcomes, max_retries, backoff, calls_made, waits, ok", [
    (["timeout", "ok"], 2, (0.5, 1.0), 2, [0.5], True),
    (["timeout"] * 3, 2, (0.5, 1.0), 3, [0.5, 1.0], False),
    (["timeout"] * 5, 4, (0.5, 1.0), 5, [0.5, 1.0, 1.0, 1.0], False),  # the last wait repeats
    (["timeout"], 0, (), 1, [], False),
    (["error"], 2, (0.5, 1.0), 1, [], False),  # a refusal is not retried
])
def test_read_retry_policy(outcomes, max_retries, backoff, calls_made, waits, ok):
    tool, calls = flaky(outcomes)
    sleeps = []
    if ok:
        assert call_read_tool(tool, "tuesday", sleep=sleeps.append, max_retries=max_retries,
                              backoff=backoff) == ["10:00"]
    else:
        with pytest.raises((ToolTimeout, ToolError)):
            call_read_tool(tool, "tuesday", sleep=sleeps.append, max_retries=max_retries, backoff=backoff)
    assert len(calls) == calls_made and sleeps == waits


def test_write_is_called_once_and_gets_the_key_only_if_it_takes_one():
    seen = []

    def plain_book(day, time, name):
        seen.append((day, time, name))
        raise ToolTimeout("slow")

    def keyed_book(day, time, name, idempotency_key=None):
        seen.append(idempotency_key)
        return {"ok": True}

    with pytest.raises(ToolTimeout):
        call_write_tool(plain_book, "tuesday", "10:00", "Jamie", idempotency_key="k1")
    assert seen == [("tuesday", "10:00", "Jamie")]
    call_write_tool(keyed_book, "tuesday", "10:00", "Jamie", idempotency_key="k1")
    assert seen[-1] == "k1"
    assert accepts_idempotency_key(lambda **kw: None) and not accepts_idempotency_key(plain_book)
