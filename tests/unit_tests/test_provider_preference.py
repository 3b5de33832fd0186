"""Issue 30, item 1: a doctor named ("with Dr. Johnson") is a preference the booking carries, not a name, not a miss.

Through the real VoiceAgent, with a fixed clock (Monday 4 March 2024, 9 am). A backend whose ``book`` takes
``provider=`` gets it (detected by signature, like ``date=``); the lab's weekday-only signature never does.
"""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from graph.voice_agent import VoiceAgent
from voicekit.clinic import ClinicAPI

MONDAY_9AM = datetime(2024, 3, 4, 9, 0, tzinfo=ZoneInfo("America/New_York"))


def call(*turns, api=None):
    api = api or ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: MONDAY_9AM)
    replies = [agent.handle(t) for t in turns]
    return agent, api, replies


@pytest.mark.parametrize("said", ["with Dr. Johnson", "I'd like to see Dr Johnson"])
def test_a_doctor_named_at_the_day_question_is_understood_and_not_the_callers_name(said):
    agent, api, replies = call("I'd like to book an appointment", said, said)
    assert [r["state"] for r in replies] == ["ASK_DAY", "ASK_DAY", "ASK_DAY"]
    assert agent.handoff is None and agent.slots["name"] is None
    assert agent.handle("hmm")["state"] == "ASK_DAY"  # the doctor's turns were understood: no hand-off now


def test_the_booking_carries_the_doctor_asked_for():
    agent, api, replies = call("I'd like to see Dr Johnson on Tuesday at 10 am", "Jamie", "yes")
    assert replies[0]["state"] == "ASK_NAME"  # the doctor's name is not the caller's
    assert "Dr. Johnson" in replies[1]["say"]  # the read-back says whom they will see
    assert replies[-1]["state"] == "DONE"
    assert [(b["time"], b["name"], b.get("provider")) for b in api.bookings] == [("10:00", "Jamie", "Dr. Johnson")]
    assert api.calls[-1][1]["provider"] == "Dr. Johnson"


def test_the_surname_again_after_the_doctor_is_the_doctor_not_the_caller():
    agent, api, replies = call("I'd like to book with Dr. Johnson", "Johnson", "Tuesday at 10 am")
    assert replies[1]["state"] == "ASK_DAY" and agent.slots["name"] is None
    assert replies[-1]["state"] == "ASK_NAME"


def test_a_booking_without_a_doctor_has_none():
    agent, api, replies = call("Book me on Tuesday at ten a m, my name is Jamie", "yes")
    assert "provider" not in api.bookings[0] and "provider" not in api.calls[-1][1]


class WeekdayClinic:
    """The lab's signature: ``book(day, time, name)`` only."""

    def __init__(self):
        self.inner, self.calls = ClinicAPI(), []

    def find_slots(self, day):
        return self.inner.find_slots(day)

    def book(self, day, time, name):
        self.calls.append(("book", {"day": day, "time": time, "name": name}, "ok"))
        return self.inner.book(day, time, name)


def test_a_backend_that_takes_no_provider_is_booked_as_before():
    clinic = WeekdayClinic()
    agent, _, replies = call("I'd like to see Dr Johnson on Tuesday at 10 am", "Jamie", "yes", api=clinic)
    assert replies[-1]["state"] == "DONE"
    assert clinic.calls == [("book", {"day": "tuesday", "time": "10:00", "name": "Jamie"}, "ok")]


def test_a_doctor_is_read_back_only_where_the_booking_can_carry_one():
    clinic = WeekdayClinic()
    agent, _, replies = call("I'd like to see Dr Johnson on Tuesday at 10 am", "Jamie", api=clinic)
    assert replies[-1]["state"] == "CONFIRM" and "Johnson" not in replies[-1]["say"]  # nothing promised


def test_a_clinic_in_a_sqlite_file_keeps_the_provider(tmp_path):
    path = str(tmp_path / "clinic.sqlite")
    agent, api, replies = call("I'd like to see Dr Johnson on Tuesday at 10 am", "Jamie", "yes",
                               api=ClinicAPI(path=path))
    assert replies[-1]["state"] == "DONE"
    assert [b.get("provider") for b in ClinicAPI(path=path).bookings] == ["Dr. Johnson"]
