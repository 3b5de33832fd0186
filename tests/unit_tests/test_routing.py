"""The pure routing functions: what comes next is decided from the slots alone, no graph needed."""

from dataclasses import replace

import pytest

from dialog.bookings import lookup_key
from dialog.routing import after_book, after_cancel, after_confirm, after_start, route
from dialog.state import CallState

OPEN = ["09:00", "10:00", "14:30"]
BOOKING = CallState(task="book", day="tuesday", offered_day="tuesday", offered_times=OPEN)


@pytest.mark.parametrize("changes, expected", [
    ({"task": None}, "listen"),
    ({"day": None}, "ask_day"),
    ({"day": "friday"}, "find_slots"),              # a new day needs its own lookup
    ({"time": None}, "ask_time"),
    ({"time": "10:15"}, "ask_time"),                # not among the open times: offer again
    ({"time": "10:00"}, "ask_name"),
    ({"time": "10:00", "name": "Jamie"}, "confirm"),
    ({"time": "10:00", "name": "Jamie", "handoff": {"reason": "user_request"}}, "handoff"),
    ({"ended": "stopped"}, "done"),
    ({"repeat": True, "dialog_state": "ASK_NAME"}, "ask_name"),
])
def test_route_from_slots(changes, expected):
    assert route(replace(BOOKING, **changes)) == expected


def test_one_shot_and_step_by_step_reach_confirm_the_same_way():
    one_shot = CallState(task="book", day="tuesday", time="10:00", name="Jamie")
    assert route(one_shot) == "find_slots"  # a time given before the lookup is checked too
    checked = replace(one_shot, offered_day="tuesday", offered_times=OPEN)
    assert route(checked) == "confirm"


def test_cancel_flow():
    base = CallState(task="cancel", day="friday")
    assert route(base) == "ask_name"
    named = replace(base, name="Jamie")
    # Issue 28: the number the appointment is under comes before any lookup (no caller id: it is asked for).
    assert route(named) == "ask_phone"
    assert route(replace(named, day=None, caller_id="+16175550123")) == "ask_day"  # described before any lookup
    named = replace(named, caller_id="+16175550123")
    assert route(named) == "find_bookings"
    assert route(replace(named, bookings_looked_up=lookup_key(named))) == "ask_phone"  # none under the caller id
    two = [{"booking_id": "a", "day": "friday", "time": "09:00", "name": "Jamie"},
           {"booking_id": "b", "day": "friday", "time": "14:30", "name": "Jamie"}]
    found = replace(named, bookings_found=two, bookings_looked_up=lookup_key(named))
    assert route(replace(found, booking_phone="+16175550199")) == "find_bookings"  # another number: looked up again
    assert route(found) == "ask_time"  # two on the day described: ask its time (nothing is listed)
    assert route(replace(found, time="14:30")) == "confirm"
    assert route(replace(found, day=None)) == "ask_day"  # a name alone describes no appointment
    assert route(replace(found, day=None, time="14:30")) == "confirm"  # the time alone fits one


def test_only_a_confirmed_read_back_leads_to_a_write():
    ready = replace(BOOKING, time="10:00", name="Jamie", dialog_state="CONFIRM")
    assert after_confirm(ready) == "confirm"  # neither yes nor a change: the short re-ask
    assert after_confirm(replace(ready, time=None)) == "ask_time"  # "no" dropped the time: offer the times again
    assert after_confirm(replace(ready, day="friday")) == "find_slots"  # a correction: look the new day up
    assert after_confirm(replace(ready, confirmed=True)) == "book"
    assert after_confirm(replace(ready, confirmed=True, task="cancel")) == "cancel"


def test_only_a_confirmed_read_back_with_a_task_leads_to_a_write():
    # A stray "confirmed" flag on a call that has no request must not reach any write node.
    assert after_confirm(CallState(confirmed=True)) == "listen"


def test_after_book():
    assert after_book(replace(BOOKING, ended="booked")) == "done"
    assert after_book(replace(BOOKING, handoff={"reason": "tool_failure"})) == "handoff"
    assert after_book(BOOKING) == "find_slots"  # slot taken: look again


def test_a_moves_cancel_follows_its_booking_only_while_the_yes_is_unspent():
    moving = replace(BOOKING, task="reschedule")
    assert after_book(replace(moving, confirmed=True)) == "cancel"  # booked: the same yes cancels the old one
    assert after_book(replace(moving, confirmed=False)) == "find_slots"  # the booking failed: nothing is cancelled
    assert after_book(replace(BOOKING, confirmed=True)) == "find_slots"  # a booking has no second write
    assert after_book(replace(moving, confirmed=True, handoff={"reason": "tool_failure"})) == "handoff"


def test_after_cancel_ends_or_hands_off_and_never_loops_back():
    cancelling = CallState(task="cancel", name="Sam")
    assert after_cancel(replace(cancelling, ended="cancelled")) == "done"
    assert after_cancel(replace(cancelling, handoff={"reason": "tool_failure", "summary": {}})) == "handoff"


CALLBACK = CallState(task="callback", dialog_state="ASK_NAME")


@pytest.mark.parametrize("changes, expected", [
    ({}, "ask_name"),
    ({"name": "Jamie"}, "ask_phone"),
    ({"name": "Jamie", "phone": "5550123"}, "confirm"),
    ({"name": "Jamie", "repeat": True, "asking": "phone"}, "ask_phone"),  # "say that again" repeats the number question
])
def test_a_callback_needs_a_name_and_a_number(changes, expected):
    assert route(replace(CALLBACK, **changes)) == expected


TRANSFERRED = CallState(dialog_state="HANDOFF", staff_in=True, transfer="unanswered",
                        handoff={"reason": "user_request", "summary": {"day": None, "time": None, "name": None}})


@pytest.mark.parametrize("changes, expected", [
    ({}, "no_answer"),
    ({"staff_in": False}, "closed"),            # closed: nobody was rung, so nothing rang out
    ({"transfer": "reported"}, "closed"),       # reported once: a second report writes nothing
    ({"transfer": None}, "closed"),             # a caller turn after the end
    ({"dialog_state": "DONE", "handoff": None}, "closed"),
    ({"dialog_state": "CONFIRM"}, "understand"),  # a call still going: the turn is heard
])
def test_only_a_hand_off_while_open_can_report_an_unanswered_transfer(changes, expected):
    assert after_start(replace(TRANSFERRED, **changes)) == expected
