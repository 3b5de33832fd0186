"""The reason for the visit (issue 30, item 2): symptoms and "about my knee" are kept, booked, shown to staff.

A reason is understood (never a miss, never a name): the agent notes it and asks its pending question again.
The booking carries it only where the backend's ``book`` takes ``reason=``; any other backend is called as before.
"""

import re

import pytest

from agent import VoiceAgent
from dialog import phrases
from tests.conftest import LookAlikeClinic
from voicekit.clinic import ClinicAPI

SYMPTOMS = "A runny nose, lack of energy, and a headache"
TO_ASK_DAY = ("I'd like to book an appointment",)
TO_ASK_TIME = (*TO_ASK_DAY, "Tuesday")
TO_ASK_NAME = (*TO_ASK_TIME, "ten a m")


def new_agent(api=None):
    api = api if api is not None else ClinicAPI()
    return VoiceAgent(api, sleep=lambda s: None), api


def play(agent, *turns):
    return [agent.handle(t) for t in turns]


@pytest.mark.parametrize("before, state", [((), "LISTEN"), (TO_ASK_DAY, "ASK_DAY"), (TO_ASK_TIME, "ASK_TIME"),
                                           (TO_ASK_NAME, "ASK_NAME")], ids=["opening", "day", "time", "name"])
def test_symptoms_are_the_reason_in_any_state_and_never_a_miss(before, state):
    agent, api = new_agent()
    asked = play(agent, *before)[-1]["say"] if before else None
    reply = agent.handle(SYMPTOMS)
    assert reply["state"] == state and reply["tool_calls"] == [] and agent.handoff is None
    assert agent.reason == SYMPTOMS
    assert agent.slots["name"] is None  # not "Headache"
    assert phrases.SORRY not in reply["say"]
    if asked is not None:
        assert reply["say"].endswith(asked)  # the pending question, asked again
    # Understood: a not-understood turn after it is the first in a row, not the second.
    again = agent.handle("blah blah")
    assert again["state"] == state and agent.handoff is None


def test_a_reason_after_a_miss_resets_the_count():
    agent, _ = new_agent()
    play(agent, *TO_ASK_DAY, "hmm", SYMPTOMS)
    assert agent.handle("blah blah")["state"] == "ASK_DAY" and agent.handoff is None


def test_cough_and_runny_nose_at_the_name_question_is_no_name_and_please_do_books_nothing():
    agent, api = new_agent()
    play(agent, *TO_ASK_NAME)
    reply = agent.handle("Cough and runny nose")
    assert reply["state"] == "ASK_NAME" and agent.slots["name"] is None
    assert agent.handle("Please do")["tool_calls"] == [] and api.bookings == []
    assert agent.slots["name"] is None
    play(agent, "Jamie")
    assert agent.handle("yes")["tool_calls"] == ["book"]
    assert [(b["name"], b["reason"]) for b in api.bookings] == [("Jamie", "Cough and runny nose")]


@pytest.mark.parametrize("said, state, part, then", [
    ("I need to see someone about my back pain", "ASK_DAY", "back pain", ("Tuesday", "ten a m", "Jamie")),
    ("I'd like to book an appointment about my knee", "ASK_DAY", "knee", ("Tuesday", "ten a m", "Jamie")),
    ("Book me on Tuesday at ten a m, my name is Jamie, it's about my knee", "CONFIRM", "knee", ()),
])
def test_about_my_knee_is_the_reason_of_a_booking_request(said, state, part, then):
    agent, api = new_agent()
    assert agent.handle(said)["state"] == state
    assert part in (agent.reason or "")
    play(agent, *then)
    assert agent.handle("yes")["tool_calls"] == ["book"]
    assert part in api.bookings[0]["reason"]


def test_about_my_knee_at_the_day_question_is_understood():
    agent, _ = new_agent()
    play(agent, *TO_ASK_DAY)
    reply = agent.handle("about my knee")
    assert reply["state"] == "ASK_DAY" and phrases.SORRY not in reply["say"] and "knee" in agent.reason
    assert agent.slots["name"] is None


def test_a_backend_without_reason_is_booked_exactly_as_before():
    agent, api = new_agent(LookAlikeClinic())
    play(agent, SYMPTOMS, *TO_ASK_NAME, "Jamie")
    assert agent.handle("yes")["tool_calls"] == ["book"]
    assert api.calls[-1] == ("book", {"day": "tuesday", "time": "10:00", "name": "Jamie"}, "ok")


def test_the_reason_is_never_in_the_clinics_call_record():
    agent, api = new_agent()
    play(agent, *TO_ASK_NAME, SYMPTOMS, "Jamie", "yes")
    assert api.bookings[0]["reason"] == SYMPTOMS
    assert "reason" not in api.calls[-1][1]


def test_the_reason_is_masked():
    agent, api = new_agent()
    play(agent, *TO_ASK_DAY, "my knee hurts since the fall, card 4111 1111 1111 1111, it is swollen")
    assert "knee" in agent.reason and "swollen" in agent.reason
    assert not re.search(r"\d{4}", agent.reason)


def test_the_lab_hand_off_keeps_its_shape_with_a_reason():
    agent, _ = new_agent()
    play(agent, *TO_ASK_DAY, SYMPTOMS, "can I talk to a person")
    assert agent.handoff == {"reason": "user_request", "summary": {"day": None, "time": None, "name": None}}
    assert agent.reason == SYMPTOMS


def test_a_callback_request_carries_the_reason_for_staff():
    from datetime import datetime

    sunday_evening = datetime(2026, 11, 29, 20, 0)  # the default profile: closed, so staff call back
    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: sunday_evening)
    play(agent, "I have a sore throat and a fever", "can I talk to a person", "yes please", "Jamie", "617 555 0123")
    assert agent.handle("yes")["tool_calls"] == ["request_callback"]
    assert api.callbacks[0]["summary"]["reason"] == "I have a sore throat and a fever"
    assert api.callbacks[0]["reason"] != "I have a sore throat and a fever"  # why staff call back stays its own
