"""Answers at the read-back (SPEC 5.1): what real callers say when their booking is read to them.

A proposed value corrects, "that's it" or a yes with a farewell is asked again, a question is answered;
nothing is booked until a plain yes.
"""

import pytest

from agent import VoiceAgent
from voicekit.clinic import ClinicAPI

ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie"


def at_confirm() -> tuple[VoiceAgent, ClinicAPI]:
    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None)
    assert agent.handle(ONE_SHOT)["state"] == "CONFIRM"
    return agent, api


def test_actually_with_a_new_value_at_the_read_back_is_a_correction_never_a_booking():
    agent, api = at_confirm()
    replies = [agent.handle("Actually, make it 2:30 pm")]
    assert replies[-1]["state"] == "CONFIRM" and "2:30 pm" in replies[-1]["say"] and api.bookings == []
    assert agent.handle("yes")["state"] == "DONE" and [b["time"] for b in api.bookings] == ["14:30"]


def test_a_proposed_value_at_the_read_back_is_a_correction_not_a_yes():
    agent, api = at_confirm()
    reply = agent.handle("2:30 pm sounds good")
    assert reply["state"] == "CONFIRM" and "2:30 pm" in reply["say"] and api.bookings == []


def test_that_s_it_at_the_read_back_is_asked_again_and_books_nothing_until_a_plain_yes():
    agent, api = at_confirm()
    reply = agent.handle("That's it.")
    assert reply["state"] == "CONFIRM" and reply["tool_calls"] == [] and api.bookings == []
    assert agent.handle("yes")["state"] == "DONE" and [b["time"] for b in api.bookings] == ["10:00"]


@pytest.mark.parametrize("said", ["Yes, that works. Thanks for the help. Bye.", "Perfect, that would be all. Good bye.",
                                  "Sounds good, I think that's everything for today."])
def test_a_yes_before_a_farewell_answers_the_read_back_and_never_books_without_a_plain_yes(said):
    agent, api = at_confirm()
    reply = agent.handle(said)  # not the whole turn a yes: asked again, nothing booked, the call goes on
    assert reply["state"] == "CONFIRM" and reply["tool_calls"] == [] and api.bookings == []
    assert agent.handle("yes")["state"] == "DONE" and [b["time"] for b in api.bookings] == ["10:00"]


def test_yes_with_an_hours_question_at_confirm_answers_it_and_books_nothing():
    agent, api = at_confirm()
    reply = agent.handle("yes, what time do you close?")
    assert reply["state"] == "CONFIRM" and api.bookings == [] and "8:30 am to 5 pm" in reply["say"]


@pytest.mark.parametrize("said", ["Is there anything else you need from me?"])
def test_a_question_about_anything_else_at_confirm_is_no_refusal(said):
    agent, api = at_confirm()
    reply = agent.handle(said)
    assert reply["state"] == "CONFIRM" and api.bookings == []  # asked again; the time read back is kept
    assert agent.slots["time"] == "10:00"
