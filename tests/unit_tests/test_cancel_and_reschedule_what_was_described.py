"""Cancel only what the caller described; reschedule never leaves two appointments silently.

Reproductions first: "cancel, my name is Jamie" used to read out (and, on "yes", cancel) whatever was booked
under that name; "reschedule my Friday appointment to Tuesday at 10" + "yes" kept both appointments and the
read-back never mentioned Friday.
"""

import pytest

from agent import VoiceAgent
from voicekit.clinic import ClinicAPI

PHONE = "+16175550123"
FRIDAY = {"day": "friday", "time": "14:30", "name": "Jamie", "phone": PHONE}
# Every way the agent could say Friday's appointment out loud (the day or its time).
FRIDAY_SPOKEN = ("friday", "2:30", "14:30", "half past two")


def agent_for(*bookings):
    # The line cancels only bookings under the caller's number, so these callers call from it
    # (tests/unit_tests/test_cancel_checks_the_callers_number.py is about callers who do not).
    api = ClinicAPI(bookings=[{"phone": PHONE, **b} for b in bookings])
    return VoiceAgent(api, sleep=lambda s: None, caller_number=PHONE), api


def booked(api):
    return sorted((b["day"], b["time"], b["name"]) for b in api.bookings)


def test_cancel_by_name_alone_asks_for_the_day_and_reads_nothing_out():
    agent, api = agent_for(FRIDAY)
    reply = agent.handle("I need to cancel my appointment, my name is Jamie")
    assert reply["state"] == "ASK_DAY"
    assert not any(word in reply["say"].lower() for word in FRIDAY_SPOKEN)
    assert agent.handle("yes")["tool_calls"] == [] and booked(api) == [("friday", "14:30", "Jamie")]


def test_the_described_appointment_is_read_back_and_cancelled_on_yes():
    agent, api = agent_for(FRIDAY)
    agent.handle("I need to cancel my appointment, my name is Jamie")
    reply = agent.handle("it's on Friday")
    assert reply["state"] == "CONFIRM" and "Friday" in reply["say"] and "2:30 pm" in reply["say"]
    assert agent.handle("yes")["tool_calls"] == ["cancel"] and api.bookings == []


def test_a_description_in_the_first_turn_is_enough():
    agent, api = agent_for(FRIDAY)
    assert agent.handle("cancel my Friday appointment, my name is Jamie")["state"] == "CONFIRM"


def test_answering_with_the_appointment_noun_stays_a_cancellation():
    # "my Friday appointment" has a booking word in it; it describes what to cancel, it asks for no booking.
    agent, api = agent_for(FRIDAY)
    agent.handle("I need to cancel my appointment, my name is Jamie")
    assert agent.handle("my Friday appointment")["state"] == "CONFIRM"
    assert agent.handle("yes")["tool_calls"] == ["cancel"]


def test_a_caller_who_cannot_describe_the_appointment_is_handed_to_staff():
    agent, api = agent_for(FRIDAY)
    agent.handle("I need to cancel my appointment, my name is Jamie")
    first = agent.handle("Monday")
    assert first["state"] == "ASK_DAY" and "Monday" in first["say"]
    second = agent.handle("Wednesday then")
    assert second["state"] == "HANDOFF" and agent.handoff["reason"] == "not_understood"
    for said in (first["say"], second["say"]):
        assert not any(word in said.lower() for word in FRIDAY_SPOKEN)
    assert booked(api) == [("friday", "14:30", "Jamie")]
    assert "cancel" not in [name for name, _, _ in api.calls]


def test_several_on_the_described_day_ask_for_the_time_without_listing_them():
    morning = {"day": "friday", "time": "09:00", "name": "Jamie"}
    agent, api = agent_for(morning, FRIDAY)
    agent.handle("I need to cancel my appointment, my name is Jamie")
    reply = agent.handle("Friday")
    assert reply["state"] == "ASK_TIME"
    assert not any(t in reply["say"].lower() for t in ("9 am", "9:00", "2:30", "14:30"))
    reply = agent.handle("the 2:30 one")
    assert reply["state"] == "CONFIRM" and "2:30 pm" in reply["say"]
    agent.handle("yes")
    assert booked(api) == [("friday", "09:00", "Jamie")]


def test_someone_elses_appointment_is_never_read_out():
    agent, api = agent_for({"day": "friday", "time": "14:30", "name": "Sam"})
    reply = agent.handle("cancel my appointment, my name is Jamie")
    assert "Sam" not in reply["say"] and "2:30" not in reply["say"]
    assert booked(api) == [("friday", "14:30", "Sam")]


# -- reschedule -------------------------------------------------------------------------------------------

RESCHEDULE = "reschedule my Friday appointment to Tuesday at 10, my name is Jamie"


def test_reschedule_reads_back_both_appointments_in_one_read_back():
    agent, api = agent_for(FRIDAY)
    reply = agent.handle(RESCHEDULE)
    assert reply["state"] == "CONFIRM"
    say = reply["say"]
    assert "Friday" in say and "2:30 pm" in say and "Tuesday" in say and "10 am" in say and "move it" in say


def test_reschedule_books_the_new_one_then_cancels_the_described_old_one_on_one_yes():
    agent, api = agent_for(FRIDAY)
    agent.handle(RESCHEDULE)
    reply = agent.handle("yes")
    assert reply["tool_calls"] == ["book", "cancel"] and reply["state"] == "DONE"
    assert booked(api) == [("tuesday", "10:00", "Jamie")]
    assert "Tuesday" in reply["say"]  # the farewell names the appointment the caller now has


@pytest.mark.parametrize("ending", ["never mind", "bye"])
def test_stopping_at_the_read_back_keeps_the_old_appointment_and_books_nothing(ending):
    agent, api = agent_for(FRIDAY)
    agent.handle(RESCHEDULE)
    reply = agent.handle(ending)
    assert reply["state"] == "DONE" and booked(api) == [("friday", "14:30", "Jamie")]


def test_a_booking_request_inside_a_reschedule_stays_a_reschedule():
    agent, api = agent_for(FRIDAY)
    agent.handle("I'd like to reschedule my appointment")
    agent.handle("please book it for Tuesday at 10")
    reply = agent.handle("Jamie")
    assert agent.slots["task"] == "reschedule" and reply["state"] == "ASK_DAY" and "move" in reply["say"]
    reply = agent.handle("Friday")  # the one to move: looked up, then the Tuesday asked for is read back with it
    assert reply["state"] == "CONFIRM" and "Friday" in reply["say"] and "10 am" in reply["say"].split("moves to")[1]


def test_a_taken_new_slot_changes_nothing_and_offers_other_times():
    api = ClinicAPI(plan={"book": ["taken"]}, bookings=[FRIDAY])
    agent = VoiceAgent(api, sleep=lambda s: None, caller_number=PHONE)
    agent.handle(RESCHEDULE)
    reply = agent.handle("yes")
    assert reply["state"] == "ASK_TIME" and booked(api) == [("friday", "14:30", "Jamie")]
