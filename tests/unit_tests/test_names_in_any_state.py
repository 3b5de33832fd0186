"""Issue 30, item 1: a name said at any moment is kept, and never asked for again once known.

Through the real VoiceAgent on the demo clinic, with a fixed clock (Monday 4 March 2024, 9 am).
"""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from graph.voice_agent import VoiceAgent
from voicekit.clinic import ClinicAPI

MONDAY_9AM = datetime(2024, 3, 4, 9, 0, tzinfo=ZoneInfo("America/New_York"))


def call(*turns):
    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: MONDAY_9AM)
    replies = [agent.handle(t) for t in turns]
    return agent, api, replies


def booked(api):
    return [(b["day"], b["time"], b["name"]) for b in api.bookings]


@pytest.mark.parametrize("said, name", [("Alexis", "Alexis"), ("Yes I am Mark.", "Mark"), ("I'm Mark", "Mark"),
                                        ("this is Dana Lee", "Dana Lee")])
def test_a_name_said_when_asked_for_the_day_is_kept_and_the_day_asked_again(said, name):
    agent, api, replies = call("I'd like to book an appointment", said)
    assert replies[-1]["state"] == "ASK_DAY" and agent.slots["name"] == name and agent.handoff is None
    # Understood: a not-understood turn after it is the first in a row, asked again, not handed off.
    assert agent.handle("hmm")["state"] == "ASK_DAY"


def test_a_bare_name_twice_at_the_day_question_is_no_hand_off():
    agent, api, replies = call("I'd like to book an appointment", "Alexis", "Alexis")
    assert [r["state"] for r in replies] == ["ASK_DAY", "ASK_DAY", "ASK_DAY"] and agent.handoff is None


@pytest.mark.parametrize("said, name", [("I'm Mark", "Mark"), ("this is Dana Lee", "Dana Lee")])
def test_a_name_said_when_asked_for_the_time_is_kept(said, name):
    agent, api, replies = call("I'd like to book on Tuesday", said)
    assert replies[-1]["state"] == "ASK_TIME" and agent.slots["name"] == name and agent.handoff is None


@pytest.mark.parametrize("said", ["Anytime", "Whenever", "Later", "Mornings", "Soonest"])
def test_one_word_at_the_time_question_is_no_name(said):
    agent, api, replies = call("I'd like to book on Tuesday", said)
    assert agent.slots["name"] is None


@pytest.mark.parametrize("said", ["Anytime", "Alexis", "Herpes"])
def test_a_word_said_alone_never_replaces_the_name_given(said):
    agent, api, replies = call("Book Tuesday, my name is Jamie", said, "10 am", "yes")
    assert [b["name"] for b in api.bookings] == ["Jamie"]


def test_a_word_said_alone_at_the_day_question_never_replaces_the_name_given():
    agent, api, replies = call("I'd like to book, my name is Jamie", "Alexis", "Tuesday", "10 am", "yes")
    assert [b["name"] for b in api.bookings] == ["Jamie"]


def test_a_caller_with_the_doctors_surname_gives_it_at_the_name_question():
    agent, api, replies = call("Book Tuesday at 10 am with Dr. Lee", "Lee", "yes")
    assert replies[1]["state"] == "CONFIRM" and [b["name"] for b in api.bookings] == ["Lee"]


@pytest.mark.parametrize("first", ["Alexis", "Yes I am Mark.", "I'm Mark", "this is Dana Lee"])
def test_a_name_said_early_is_never_asked_for_again(first):
    agent, api, replies = call("I'd like to book an appointment", first, "Tuesday", "10 am", "yes")
    assert "ASK_NAME" not in [r["state"] for r in replies]
    assert replies[-2]["state"] == "CONFIRM" and agent.slots["name"] in replies[-2]["say"]  # the read-back uses it
    assert replies[-1]["state"] == "DONE" and booked(api) == [("tuesday", "10:00", agent.slots["name"])]


def test_a_name_said_with_the_request_ends_where_the_request_begins():
    agent, api, replies = call("this is Dana Lee, I'd like to book Tuesday at 10 am", "yes")
    assert replies[0]["state"] == "CONFIRM" and booked(api) == [("tuesday", "10:00", "Dana Lee")]


def test_a_name_said_first_of_all_starts_a_booking():
    agent, api, replies = call("Alexis", "Tuesday at 10 am", "yes")
    assert replies[0]["state"] == "ASK_DAY" and agent.handoff is None
    assert booked(api) == [("tuesday", "10:00", "Alexis")]


def test_words_that_are_no_name_at_the_day_question_are_still_not_understood():
    agent, api, replies = call("I'd like to book an appointment", "blah blah", "hmm")
    assert replies[-1]["state"] == "HANDOFF" and agent.handoff["reason"] == "not_understood"
    assert agent.handoff["summary"]["name"] is None
