"""Issue 35 item 2: a "no" at the read-back that names what is wrong goes back to that value, not to the time.

Reproduction: at the read-back, "No, that's not my name." was answered "No problem, let's find another time" and
the wrong name stayed; "wrong day" and "the time is wrong" offered the same day's times again. And the caller's
name said again at the time question was taken without a word.
"""

import pytest

from agent import VoiceAgent
from voicekit.clinic import ClinicAPI

ONE_SHOT = "Book me on Tuesday at ten a m, my name is Jamie Pracer"
SPELL = "could you spell your last name for me?"


def call(*turns):
    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None)
    return agent, api, [agent.handle(turn) for turn in turns]


@pytest.mark.parametrize("no", ["No, that's not my name.", "no, the name is wrong", "wrong name",
                                "you got my name wrong", "that's not how you spell it"])
def test_a_no_about_the_name_asks_for_its_spelling_and_keeps_the_time(no):
    agent, api, replies = call(ONE_SHOT, no)
    assert replies[-1]["state"] == "ASK_NAME" and SPELL in replies[-1]["say"].lower()
    assert "another time" not in replies[-1]["say"].lower()
    assert replies[-1]["tool_calls"] == [] and agent.slots["time"] == "10:00" and agent.slots["day"] == "tuesday"


def test_the_spelled_name_replaces_the_wrong_one_and_is_booked_only_after_the_read_backs_yes():
    agent, api, replies = call(ONE_SHOT, "No, that's not my name.", "F R A S E R", "yes")
    assert replies[2]["state"] == "ASK_NAME" and "F, R, A, S, E, R: is that right?" in replies[2]["say"]
    assert replies[3]["state"] == "CONFIRM" and "Jamie Fraser" in replies[3]["say"] and replies[3]["tool_calls"] == []
    assert api.bookings == []  # the yes to the letters is no yes to the booking
    assert agent.handle("yes")["tool_calls"] == ["book"]
    assert [b["name"] for b in api.bookings] == ["Jamie Fraser"]


@pytest.mark.parametrize("no", ["wrong day", "no, that's the wrong day", "the date is wrong"])
def test_a_no_about_the_day_asks_the_day_again_and_keeps_the_time_for_it(no):
    agent, api, replies = call("Book me on Tuesday at ten a m, my name is Jamie", no)
    assert replies[-1]["state"] == "ASK_DAY" and "which day" in replies[-1]["say"].lower()
    assert agent.slots["day"] is None and agent.slots["name"] == "Jamie"
    again = agent.handle("Wednesday")
    assert again["state"] == "CONFIRM" and again["tool_calls"] == ["find_slots"]
    assert "Wednesday" in again["say"] and "10 am" in again["say"]


@pytest.mark.parametrize("no", ["the time is wrong", "wrong time", "no, the time is not right"])
def test_a_no_about_the_time_offers_the_days_times_again(no):
    agent, api, replies = call("Book me on Tuesday at ten a m, my name is Jamie", no)
    assert replies[-1]["state"] == "ASK_TIME" and agent.slots["day"] == "tuesday" and agent.slots["time"] is None
    assert agent.slots["name"] == "Jamie"


def test_a_no_that_names_the_value_and_gives_the_new_one_is_a_correction():
    agent, api, replies = call("Book me on Tuesday at ten a m, my name is Jamie",
                               "no, the day is wrong, make it Wednesday")
    assert replies[-1]["state"] == "CONFIRM" and "Wednesday" in replies[-1]["say"]


def test_a_plain_no_still_offers_another_time():
    agent, api, replies = call("Book me on Tuesday at ten a m, my name is Jamie", "no")
    assert replies[-1]["state"] == "ASK_TIME" and "another time" in replies[-1]["say"].lower()


@pytest.mark.parametrize("said, name", [("It's Jamie Fraser.", "Jamie Fraser"),
                                        ("my name is Jamie Fraser", "Jamie Fraser")])
def test_the_name_said_at_the_time_question_is_acknowledged(said, name):
    agent, api, replies = call("I want to book Tuesday", said)
    assert replies[-1]["state"] == "ASK_TIME" and agent.slots["name"] == name
    assert name in replies[-1]["say"] and replies[-1]["say"].index(name) < replies[-1]["say"].index("Which time")


def test_the_name_said_again_at_the_day_question_is_acknowledged():
    agent, api, replies = call("I'd like to book, my name is Jamie Fraser", "this is Jamie Fraser")
    assert replies[-1]["state"] == "ASK_DAY" and "Jamie Fraser" in replies[-1]["say"]


def test_a_no_about_the_name_after_it_was_said_back_at_another_question_asks_for_its_spelling():
    agent, api, replies = call("I want to book Tuesday", "It's Jamie Pracer.", "no, that's not my name")
    assert replies[-1]["state"] == "ASK_NAME" and SPELL in replies[-1]["say"].lower()


def test_a_value_the_call_does_not_hold_yet_is_no_correction():
    agent, api, replies = call("sorry, wrong number")
    assert "spell" not in replies[-1]["say"].lower() and agent.slots["name"] is None
