"""Callback numbers a person can dial (SPEC 6.4): E.164 for the clinic's country, never a card or an ID."""

from datetime import datetime

import pytest

from agent import VoiceAgent
from dialog.profile import ClinicProfile
from voicekit.clinic import ClinicAPI
from voicekit.phones import corrected, dialable, passes_luhn, why_not_a_phone

SUNDAY_EVENING = datetime(2026, 11, 29, 20, 0)  # closed: a person is offered as a callback


@pytest.mark.parametrize("said, country, e164", [
    ("6175550123", "US", "+16175550123"), ("16175550123", "US", "+16175550123"), ("+16175550123", "US", "+16175550123"),
    ("02079460958", "GB", "+442079460958"), ("+442079460958", "US", "+442079460958"),
    ("5550123", "US", None),            # seven digits: no area code, nobody can dial it
    ("378282246310005", "US", None),    # an American Express test number
    ("123456789", "US", None),          # a social security number's nine digits
    ("0123456789", "US", None),         # no US area code starts with 0
])
def test_only_dialable_numbers_become_e164(said, country, e164):
    assert dialable(said, country) == e164


@pytest.mark.parametrize("digits, card", [("378282246310005", True), ("4111111111111111", True),
                                          ("4111111111111112", False), ("6175550123", False)])
def test_the_card_checksum(digits, card):
    assert passes_luhn(digits) is card


@pytest.mark.parametrize("said, why", [("378282246310005", "card"), ("4111111111111111", "card"),
                                       ("5550123", "incomplete"), ("123456789", "incomplete")])
def test_why_digits_are_not_a_number_to_call(said, why):
    assert why_not_a_phone(said, "US") == why


def test_a_correction_of_the_last_digits_keeps_the_area_code():
    assert corrected("5550199", "+16175550123", "US") == "+16175550199"
    assert corrected("0199", "+16175550123", "US") == "+16175550199"
    assert corrected("5550199", None, "US") is None
    assert corrected("2125550100", "+16175550123", "US") == "+12125550100"


def to_the_phone_question(api):
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: SUNDAY_EVENING)
    for turn in ("can I speak to someone", "yes please, have them call me back", "Jamie"):
        agent.handle(turn)
    return agent


@pytest.mark.parametrize("said, words", [
    ("my card number is 3782 822463 10005", "card"),
    ("4111 1111 1111 1111", "card"),  # 16 digits: masked on the way in, never a phone number
    ("my social is 123-45-6789", "area code"),
    ("555 0123", "area code"),
])
def test_what_is_no_phone_number_is_asked_again_and_never_kept(said, words):
    api = ClinicAPI()
    agent = to_the_phone_question(api)
    reply = agent.handle(said)
    assert reply["state"] == "ASK_NAME" and words in reply["say"] and "number" in reply["say"]
    digits = "".join(c for c in said if c.isdigit())
    assert digits[-4:] not in reply["say"].replace(" ", "")  # never read back, not even its end
    assert agent.handle("yes")["tool_calls"] == [] and api.callbacks == []


def test_the_whole_number_is_kept_as_e164_beside_what_was_said():
    api = ClinicAPI()
    agent = to_the_phone_question(api)
    assert agent.handle("six one seven, five five five, oh one two three")["state"] == "CONFIRM"
    agent.handle("yes")
    assert [c["phone"] for c in api.callbacks] == ["+16175550123"]


def test_a_clinic_abroad_reads_numbers_in_its_own_country():
    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: SUNDAY_EVENING,
                       profile=ClinicProfile(country="GB", timezone="Europe/London"))
    for turn in ("can I speak to someone", "yes please, have them call me back", "Jamie", "020 7946 0958", "yes"):
        agent.handle(turn)
    assert [c["phone"] for c in api.callbacks] == ["+442079460958"]
