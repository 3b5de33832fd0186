"""Issue 36: Twilio's signed webhooks are bounded too, and a signed webhook replayed gets no second stream."""

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from dialog.config import Limits
from phone.tickets import MemoryTickets, SqliteTickets
from phone.twilio import LineSettings, twilio_router
from phone.twilio_calls import LiveCalls
from service.limits import CallGate, Refused
from tests.unit_tests.test_twilio_security import ACCOUNT, PUBLIC, TOKEN, Agents, post_voice, signature, webhook_form


def bounded_line(gate: CallGate, tickets) -> TestClient:
    def admit(number):
        gate.new_call(number)

    app = FastAPI()
    app.include_router(twilio_router(Agents(), LineSettings(auth_token=TOKEN, public_url=PUBLIC, account_sid=ACCOUNT),
                                     tickets=tickets, calls=LiveCalls(), admit=admit))
    return TestClient(app)


@pytest.fixture(params=["memory", "sqlite"])
def tickets(request, tmp_path):
    return MemoryTickets() if request.param == "memory" else SqliteTickets(str(tmp_path / "tickets.sqlite"))


def test_a_signed_webhook_replayed_gets_no_second_stream(tickets):
    client = bounded_line(CallGate(Limits()), tickets)
    form = webhook_form()
    first = post_voice(client, form, signature(form))
    assert first.status_code == 200 and "<Stream" in first.text
    again = post_voice(client, form, signature(form))
    assert again.status_code == 200 and "<Stream" not in again.text and '<Reject reason="busy"/>' in again.text


def test_one_caller_id_calling_again_and_again_hears_busy_and_another_gets_through(tickets):
    client = bounded_line(CallGate(Limits(new_calls_per_minute_per_address=2)), tickets)
    answers = []
    for n in range(4):
        form = webhook_form(call_sid="CA" + f"{n:02d}" * 16, caller="+16175550123")
        answers.append(post_voice(client, form, signature(form)).text)
    assert ["<Stream" in a for a in answers] == [True, True, False, False]
    other = webhook_form(call_sid="CA" + "99" * 16, caller="+16175550188")
    assert "<Stream" in post_voice(client, other, signature(other)).text


def test_calls_at_once_are_bounded_for_the_phone_line_too():
    gate = CallGate(Limits(calls_at_once=1))
    gate.new_call("+16175550123")
    gate.started("call-1")
    with pytest.raises(Refused) as refused:
        gate.new_call("+16175550188")
    assert refused.value.what == "calls at once" and refused.value.retry_after >= 1
    gate.ended("call-1")  # the first call hung up
    gate.new_call("+16175550188")
