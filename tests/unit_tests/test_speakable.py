"""Issue 14: everything the agent says must read well through text-to-speech.

Every reply of every scenario is run through a checker of its own (not the agent's phrase code): no
underscores or raw ids, no symbols a speech engine reads out or skips, no long digit runs, and keypad keys
said as words.
"""

import re

import pytest

from dialog import phrases
from evals.runner import all_scenarios, run_scenario

UNREADABLE = [
    (re.compile(r"_"), "an underscore"),
    (re.compile(r"\b[a-z]+\d+\b|\b[a-z]+_\w+"), "a raw id"),
    (re.compile(r"[*#<>\[\]{}|\\/@~^=+]"), "a symbol"),
    (re.compile(r"\d{4,}"), "a digit run a voice reads as a number"),
    (re.compile(r"\bpress \d|\b\d for (?:yes|no|\d)"), "a keypad key as a digit"),
]


def unreadable(text: str) -> list[str]:
    return [what for pattern, what in UNREADABLE if pattern.search(text)]


def test_the_checker_catches_what_it_should():
    assert unreadable("Your booking number is bk_0001.") == ["an underscore", "a raw id",
                                                             "a digit run a voice reads as a number"]
    assert unreadable("Our phone number is 555 0100.") == ["a digit run a voice reads as a number"]
    assert unreadable("Please press 1 for yes") == ["a keypad key as a digit"]
    assert unreadable("press * to start over") == ["a symbol"]
    assert unreadable("Your booking number is B K, 0 0 0 1. Goodbye!") == []


@pytest.mark.parametrize("spec", all_scenarios(), ids=lambda s: s["name"])
def test_every_reply_of_every_scenario_reads_well(spec):
    result = run_scenario(spec)
    for turn in result.traces:
        assert unreadable(turn["say"]) == [], (turn["user"], turn["say"])


def test_phone_numbers_are_said_digit_by_digit_in_their_groups():
    assert phrases.spoken_phone("555 0100") == "5 5 5, 0 1 0 0"
    assert phrases.spoken_phone("(212) 555-0100") == "2 1 2, 5 5 5, 0 1 0 0"


@pytest.mark.parametrize(("booking_id", "spoken"), [("bk_0001", "B K, 0 0 0 1"), ("BK-123456", "B K, 1 2 3, 4 5 6"),
                                                    ("42", "4 2"), ("", "on its way by text")])
def test_booking_numbers_are_said_letter_by_letter_and_in_groups_of_digits(booking_id, spoken):
    assert phrases.spoken_booking_number(booking_id) == spoken
