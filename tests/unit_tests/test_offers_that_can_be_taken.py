"""Issue 30, item 3: only open times are offered, and what the caller says about times is taken as meant.

A yes to the one time offered takes it, "X, if not Y" asks for X and falls back to Y, and "it's N now" is the
clock, not a request.

The clock is Tuesday 1 December 2026, 8 am; "Wednesday" is December 2. The demo clinic's weekdays are open at
9 am, 10 am, 11:30 am, 2:30 pm and 4 pm unless a test gives another schedule.
"""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from agent import VoiceAgent
from voicekit.clinic import ClinicAPI

NOW = datetime(2026, 12, 1, 8, 0, tzinfo=ZoneInfo("America/New_York"))


def call(*turns, schedule=None):
    api = ClinicAPI(schedule=schedule)
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: NOW)
    return agent, api, [agent.handle(t) for t in turns]


def booked(api):
    return [(args["day"], args["time"]) for tool, args, outcome in api.calls if tool == "book" and outcome == "ok"]


def test_of_two_times_named_only_the_open_one_is_offered_and_a_yes_takes_it():
    agent, api, replies = call("I'd like to book on Wednesday", "4pm or 5pm would be ideal",
                               "Yes that would be great!", "Jamie", "yes")
    offer = replies[1]
    assert offer["state"] == "ASK_TIME"
    assert "Would you like 4 pm?" in offer["say"] and "Would you like 4 pm or 5 pm" not in offer["say"]
    assert [r["state"] for r in replies[2:]] == ["ASK_NAME", "CONFIRM", "DONE"]
    assert booked(api) == [("wednesday", "16:00")]


def test_two_times_said_with_the_day_are_checked_once_it_is_looked_up():
    agent, api, replies = call("Can I book Wednesday, 4pm or 5pm?", "yes please")
    assert "Would you like 4 pm?" in replies[0]["say"] and "5 pm or" not in replies[0]["say"]
    assert replies[1]["state"] == "ASK_NAME" and agent.slots["time"] == "16:00"


def test_two_times_neither_open_are_not_offered():
    agent, api, replies = call("I'd like to book on Wednesday", "5pm or 6pm would be ideal", "yes")
    assert "Would you like 5 pm" not in replies[1]["say"] and "6 pm?" not in replies[1]["say"]
    assert replies[2]["state"] == "ASK_TIME" and agent.slots["time"] is None  # a yes to the day's list picks nothing


def test_a_yes_to_the_days_only_open_time_takes_it():
    agent, api, replies = call("I'd like to book on Wednesday", "yes please", schedule={"wednesday": ["16:00"]})
    assert replies[0]["state"] == "ASK_TIME"
    assert replies[1]["state"] == "ASK_NAME" and agent.slots["time"] == "16:00"


@pytest.mark.parametrize("said", ["yes, but not 4", "yes but that's too late", "yes?", "Yes, I have a question",
                                  "yes, hold on", "sure, I guess", "yes, wait"])
def test_a_yes_with_second_thoughts_takes_no_time(said):
    agent, api, replies = call("I'd like to book on Wednesday", said, schedule={"wednesday": ["16:00"]})
    assert agent.slots["time"] is None and replies[-1]["state"] != "CONFIRM"


def test_a_yes_after_the_closest_time_was_told_still_picks_nothing():
    agent, api, replies = call("I'd like to book on Wednesday", "3 pm", "yes")
    assert replies[2]["state"] == "ASK_TIME" and agent.slots["time"] is None


@pytest.mark.parametrize("said, schedule, taken", [
    ("10 pm please, if available, if not check for 11 pm", ["22:00", "23:00"], "22:00"),
    ("10 pm please, if available, if not check for 11 pm", ["21:00", "23:00"], "23:00"),
    ("10 am please, if available, if not check for 11:30 am", None, "10:00"),
    ("9:30 am please, if available, if not check for 11:30 am", None, "11:30"),
    ("10:30 am if you have it, otherwise 11:30 am", None, "11:30"),
])
def test_a_time_with_a_fallback_is_asked_for_first(said, schedule, taken):
    agent, api, replies = call("I'd like to book on Wednesday", said,
                               schedule={"wednesday": schedule} if schedule else None)
    assert replies[1]["state"] == "ASK_NAME" and agent.slots["time"] == taken


def test_a_fallback_said_before_the_lookup_is_checked_with_it():
    agent, api, replies = call("Book me Wednesday at 9:30 am, if not 10 am, my name is Jamie", "yes")
    assert replies[0]["state"] == "CONFIRM" and agent.slots["time"] == "10:00"
    assert booked(api) == [("wednesday", "10:00")]


def test_neither_time_of_a_fallback_open_takes_neither():
    agent, api, replies = call("I'd like to book on Wednesday", "10 pm please, if available, if not check for 11 pm")
    assert replies[1]["state"] == "ASK_TIME" and agent.slots["time"] is None


@pytest.mark.parametrize("said, schedule, taken", [
    ("It is 11 am now so 12 will work", ["11:00", "12:00"], "12:00"),
    ("It's 10 am now so 11 am if it's open", ["10:00", "11:00"], "11:00"),
])
def test_the_time_it_is_now_is_not_the_time_asked_for(said, schedule, taken):
    agent, api, replies = call("I'd like to book on Wednesday", said, schedule={"wednesday": schedule})
    assert agent.slots["time"] == taken
    assert replies[1]["state"] in ("ASK_NAME", "CONFIRM")
