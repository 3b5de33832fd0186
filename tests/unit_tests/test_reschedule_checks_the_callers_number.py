"""Bookings carry the caller's number, and moving an appointment is checked by it.

Reproduction: a reschedule cancelled the old appointment on a name and a day; now the old one is cancelled only
once the caller's number matched it, and the new one carries the number (so the caller can change it later).
"""

from tests.conftest import LookAlikeClinic
from tests.unit_tests.phone_clinic import ATTACKER, FRIDAY, VICTIM, call, cancelled, never_read_out, play
from voicekit.clinic import ClinicAPI

# -- bookings carry the caller's number --------------------------------------------------------------------


def test_a_booking_carries_the_caller_id():
    agent, api = call([], "+1 617 555 0123")
    play(agent, "Book me on Tuesday at ten a m, my name is Jamie", "yes")
    assert [c[1]["phone"] for c in api.calls if c[0] == "book"] == [VICTIM]
    agent, api = call([], None)
    play(agent, "Book me on Tuesday at ten a m, my name is Jamie", "yes")
    assert [c[1]["phone"] for c in api.calls if c[0] == "book"] == [None]


def test_the_demo_clinic_keeps_the_number_and_a_backend_without_phone_is_not_sent_one():
    api = ClinicAPI()
    agent, _ = call(api=api, caller_number=VICTIM)
    play(agent, "Book me on Tuesday at ten a m, my name is Jamie", "yes")
    assert [b.get("phone") for b in api.bookings] == [VICTIM]
    plain = LookAlikeClinic()  # book(day, time, name): the lab's signature
    agent, _ = call(api=plain, caller_number=VICTIM)
    assert play(agent, "Book me on Tuesday at ten a m, my name is Jamie", "yes")[-1]["state"] == "DONE"


def test_the_demo_clinic_cancels_a_booking_it_made_for_the_same_caller():
    api = ClinicAPI()
    first, _ = call(api=api, caller_number=VICTIM)
    play(first, "Book me on Tuesday at ten a m, my name is Jamie", "yes")
    again, _ = call(api=api, caller_number=VICTIM)
    replies = play(again, "cancel my Tuesday appointment, my name is Jamie", "yes")
    assert replies[-1]["tool_calls"] == ["cancel"] and api.bookings == []


# -- moving an appointment ------------------------------------------------------------------------------

RESCHEDULE = "reschedule my Friday appointment to Tuesday at 10, my name is Jamie"


def test_a_verified_reschedule_books_the_new_one_with_the_number_then_cancels_the_old():
    agent, api = call([FRIDAY], VICTIM)
    read_back = agent.handle(RESCHEDULE)
    assert read_back["state"] == "CONFIRM" and "2:30 pm" in read_back["say"]  # the old one, checked by number
    moved = agent.handle("yes")
    assert (moved["state"], moved["tool_calls"]) == ("DONE", ["book", "cancel"])
    assert [(b["day"], b["time"], b.get("phone")) for b in api.bookings] == [("tuesday", "10:00", VICTIM)]


def test_an_unverified_reschedule_keeps_the_old_appointment_and_books_nothing():
    agent, api = call([FRIDAY], ATTACKER)
    replies = play(agent, RESCHEDULE, "617 555 0199")
    assert replies[0]["state"] == "ASK_NAME" and replies[-1]["state"] == "HANDOFF"
    assert cancelled(api) == [] and [(b["day"], b["time"]) for b in api.bookings] == [("friday", "14:30")]
    assert never_read_out(replies)
