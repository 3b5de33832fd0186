"""Issue 30, item 5: no name from words that are not names ("Open", "Nose", "Now"), decided by the turn's shape.

Through the real VoiceAgent on the demo clinic, with a fixed clock (Monday 4 March 2024, 9 am).
"""

import pytest

from tests.unit_tests.test_names_in_any_state import call  # the same call on the same fixed clock


def test_its_open_is_no_name():
    agent, api, replies = call("I'd like to book for Tuesday", "It's 10 am now so 11 am if it's open")
    assert agent.slots["name"] is None and "Open" not in replies[-1]["say"]


@pytest.mark.parametrize("said", ["Cough and runny nose", "I have had a cough for two days now",
                                  "for two days now", "A runny nose, lack of energy", "my knee hurts",
                                  "at ten", "on Tuesday please", "sounds good", "I think so", "not sure"])
def test_at_the_name_question_a_turn_that_is_no_name_gives_none(said):
    agent, api, replies = call("Book Tuesday at ten", said)
    assert replies[-1]["state"] == "ASK_NAME" and agent.slots["name"] is None


@pytest.mark.parametrize("said", ["Cough and runny nose", "I have had a cough for two days now"])
def test_a_following_please_do_books_nothing_under_such_a_name(said):
    agent, api, replies = call("Book Tuesday at ten", said, "Please do")
    assert api.bookings == [] and replies[-1]["state"] != "DONE"


@pytest.mark.parametrize("said, name", [("Jamie", "Jamie"), ("uh Priya", "Priya"), ("Sam Smith", "Sam Smith"),
                                        ("it's Sam", "Sam"), ("Monday Smith", "Monday Smith"), ("MARIA", "Maria"),
                                        ("yes it's Jamie", "Jamie"), ("J A M I E", "Jamie")])
def test_at_the_name_question_a_name_is_still_a_name(said, name):
    agent, api, replies = call("Book Tuesday at ten", said)
    assert replies[-1]["state"] == "CONFIRM" and agent.slots["name"] == name
