"""The hours gate, and what a hand-off means when nobody is at the desk.

Open or closed is decided from the injected clock once, when the call starts: holidays first, then the
weekday's opening hours, else closed. With no clock the line counts as open (the lab's scenarios).
"""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from agent import VoiceAgent
from dialog.profile import ClinicProfile, is_open, next_opening
from voicekit.clinic import ClinicAPI

NEW_YORK = ZoneInfo("America/New_York")
WEEK = {day: ("10:00", "18:00") for day in ("monday", "tuesday", "wednesday", "thursday", "friday", "sunday")}
PROFILE = ClinicProfile(hours=WEEK | {"saturday": None}, holidays=("2026-12-25",))


@pytest.mark.parametrize(("now", "open_"), [
    (datetime(2026, 11, 30, 9, 59, tzinfo=NEW_YORK), False),   # Monday, a minute before opening
    (datetime(2026, 11, 30, 10, 0, tzinfo=NEW_YORK), True),    # opening time: open
    (datetime(2026, 11, 30, 17, 59, tzinfo=NEW_YORK), True),
    (datetime(2026, 11, 30, 18, 0, tzinfo=NEW_YORK), False),   # closing time: closed
    (datetime(2026, 12, 5, 12, 0, tzinfo=NEW_YORK), False),    # Saturday: no hours
    (datetime(2026, 12, 25, 12, 0, tzinfo=NEW_YORK), False),   # a holiday on a Friday
    (datetime(2026, 12, 24, 12, 0, tzinfo=NEW_YORK), True),    # the day before it
    # 8 March 2026, clocks go forward in New York: 14:00 UTC is 10:00 EDT (open), 13:59 UTC is 09:59 EDT.
    (datetime(2026, 3, 8, 14, 0, tzinfo=UTC), True),
    (datetime(2026, 3, 8, 13, 59, tzinfo=UTC), False),
    (datetime(2026, 11, 30, 10, 30), True),                    # a naive clock is the clinic's own time
])
def test_the_hours_gate(now, open_):
    assert is_open(PROFILE, now) is open_


def test_the_next_opening_skips_closed_days_and_holidays():
    assert next_opening(PROFILE, datetime(2026, 12, 24, 19, 0, tzinfo=NEW_YORK)) == ("sunday", "10:00")
    assert next_opening(PROFILE, datetime(2026, 11, 30, 8, 0, tzinfo=NEW_YORK)) == ("monday", "10:00")
    assert next_opening(ClinicProfile(hours=dict.fromkeys(WEEK)), datetime(2026, 11, 30, tzinfo=NEW_YORK)) is None


def test_profile_settings_are_checked():
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        ClinicProfile(holidays=("25/12/2026",))


def agent_at(now, **kwargs):
    api = ClinicAPI()
    clock = [now]
    return VoiceAgent(api, sleep=lambda s: None, clock=lambda: clock[0], profile=PROFILE, **kwargs), api, clock


SUNDAY_NIGHT = datetime(2026, 11, 29, 20, 0, tzinfo=NEW_YORK)
MONDAY_NOON = datetime(2026, 11, 30, 12, 0, tzinfo=NEW_YORK)


def test_open_a_request_for_a_person_is_a_transfer():
    agent, _, _ = agent_at(MONDAY_NOON)
    reply = agent.handle("can I talk to a person")
    assert reply["state"] == "HANDOFF" and agent.handoff["reason"] == "user_request"
    assert "put you through" in reply["say"]


def test_closed_a_request_for_a_person_is_told_when_staff_are_in_and_the_booking_goes_on():
    agent, api, _ = agent_at(SUNDAY_NIGHT)
    agent.handle("I'd like to book on Tuesday")
    reply = agent.handle("can I talk to a person")
    assert reply["state"] == "ASK_TIME" and agent.handoff is None
    assert "Monday at 10 am" in reply["say"] and "put you through" not in reply["say"]
    assert agent.handle("ten a m")["state"] == "ASK_NAME"  # the booking carries on


def test_closed_the_keypad_nine_is_answered_the_same_way():
    agent, _, _ = agent_at(SUNDAY_NIGHT)
    reply = agent.handle("[DTMF] 9")
    assert reply["state"] == "LISTEN" and agent.handoff is None and "Monday at 10 am" in reply["say"]


def test_closed_a_hand_off_never_promises_a_transfer():
    agent, _, _ = agent_at(SUNDAY_NIGHT)
    agent.handle("hmm")
    reply = agent.handle("blah blah")
    assert reply["state"] == "HANDOFF" and agent.handoff["reason"] == "not_understood"
    assert "put you through" not in reply["say"] and "Monday at 10 am" in reply["say"]


def test_closed_an_emergency_gets_the_emergency_number_and_no_promise_of_staff():
    agent, _, _ = agent_at(SUNDAY_NIGHT)
    reply = agent.handle("my husband collapsed")
    assert reply["state"] == "HANDOFF" and "911" in reply["say"]
    assert "staff" not in reply["say"]


def test_open_or_closed_is_decided_once_when_the_call_starts():
    agent, _, clock = agent_at(datetime(2026, 11, 30, 17, 58, tzinfo=NEW_YORK))
    agent.handle("I'd like to book on Tuesday")
    clock[0] = datetime(2026, 11, 30, 18, 5, tzinfo=NEW_YORK)  # closing time passes during the call
    assert agent.handle("can I talk to a person")["state"] == "HANDOFF"


def test_without_a_clock_the_line_counts_as_open():
    agent = VoiceAgent(ClinicAPI(), sleep=lambda s: None, profile=PROFILE)
    assert agent.handle("can I talk to a person")["state"] == "HANDOFF"


def test_closed_silence_ends_the_call_politely_after_the_profiles_count():
    agent, api, _ = agent_at(SUNDAY_NIGHT)
    assert agent.handle("")["state"] == "LISTEN"
    assert agent.handle("   ")["state"] == "LISTEN"  # no hand-off at the second: nobody is there to take it
    reply = agent.handle("")
    assert reply["state"] == "DONE" and agent.handoff is None and "call again" in reply["say"]


def test_closed_silence_count_is_a_profile_setting_and_speech_resets_it():
    agent, _, _ = agent_at(SUNDAY_NIGHT)
    agent.context.profile = ClinicProfile(hours=PROFILE.hours, silent_turns_to_end=2)
    agent.handle("")
    agent.handle("I'd like to book")  # the caller spoke: the count starts again
    assert agent.handle("")["state"] == "ASK_DAY"
    assert agent.handle("")["state"] == "DONE"


def test_open_silence_follows_the_lab_rule():
    agent, _, _ = agent_at(MONDAY_NOON)
    agent.handle("")
    assert agent.handle("")["state"] == "HANDOFF" and agent.handoff["reason"] == "not_understood"
