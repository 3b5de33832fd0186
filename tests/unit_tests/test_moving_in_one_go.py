"""Issue 38 item 8 (SPEC 7.6): moving an appointment is one request, one read-back and one yes for two writes.

Reproduction: "move my Friday appointment to Tuesday" asked again for the day it was told ("Which day is the old
one?") and booked the new appointment before the caller's number was checked for the old. Now the number is
checked first, one read-back names both appointments, and one yes covers exactly the two writes it read back:
book the new, then cancel the old, each with its own idempotency key under that one confirmation.
"""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from agent import VoiceAgent
from tests.unit_tests.phone_clinic import ATTACKER, FRIDAY, VICTIM, call, cancelled, never_read_out, play
from voicekit.clinic import ClinicAPI

MOVE = "move my Friday appointment to Tuesday at 10, my name is Jamie"


def booked(api):
    return sorted((b["day"], b["time"]) for b in api.bookings)


def writes(api):
    return [c[0] for c in api.calls if c[0] in ("book", "cancel")]


def test_the_day_told_is_never_asked_again_and_one_read_back_names_both():
    agent, api = call([FRIDAY], VICTIM)
    reply = agent.handle("move my Friday appointment to Tuesday, my name is Jamie")
    assert reply["state"] == "ASK_TIME" and reply["tool_calls"] == ["find_bookings", "find_slots"]
    assert "which day" not in reply["say"].lower()
    read_back = agent.handle("10 am")
    assert read_back["state"] == "CONFIRM" and read_back["tool_calls"] == []
    say = read_back["say"]
    assert "Friday at 2:30 pm" in say and "Tuesday at 10 am" in say and "Shall I move it?" in say
    assert say.index("Friday") < say.index("Tuesday")
    done = agent.handle("yes")
    assert done["state"] == "DONE" and done["tool_calls"] == ["book", "cancel"]
    assert booked(api) == [("tuesday", "10:00")]
    assert "Tuesday" in done["say"] and "cancelled" in done["say"].lower()


def test_the_number_is_checked_before_anything_is_looked_up_or_booked():
    agent, api = call([FRIDAY], None)
    asked = agent.handle(MOVE)
    assert asked["state"] == "ASK_NAME" and asked["tool_calls"] == [] and "for your security" in asked["say"].lower()
    read_back = agent.handle("617 555 0123")
    assert read_back["state"] == "CONFIRM" and read_back["tool_calls"] == ["find_bookings", "find_slots"]
    assert agent.handle("yes")["tool_calls"] == ["book", "cancel"]
    assert booked(api) == [("tuesday", "10:00")]
    assert [b.get("phone") for b in api.bookings] == [VICTIM]  # the new one carries the number that was checked


def test_someone_elses_appointment_is_never_moved_and_nothing_is_booked():
    agent, api = call([FRIDAY], ATTACKER)
    replies = play(agent, MOVE, "617 555 0199")
    assert replies[-1]["state"] == "HANDOFF" and writes(api) == []
    assert booked(api) == [("friday", "14:30")] and never_read_out(replies)


def test_one_yes_covers_exactly_the_two_writes_each_with_its_own_key_under_one_confirmation():
    agent, api = call([FRIDAY], VICTIM)
    agent.handle(MOVE)
    agent.handle("yes")
    (book, book_key), (cancel, cancel_key) = api.keys
    assert (book, cancel) == ("book", "cancel") and book_key != cancel_key
    confirmation = book_key.rsplit(":", 1)[0]
    assert cancel_key.rsplit(":", 1)[0] == confirmation and confirmation.endswith(":1")
    assert cancelled(api) == [("cancel", {"booking_id": "b1"}, "ok")]  # the old one, never the one just booked


@pytest.mark.parametrize("answer", ["no", "never mind", "yes?", "book it", "cancel it", "I guess"])
def test_anything_but_a_plain_yes_at_the_move_read_back_writes_nothing(answer):
    agent, api = call([FRIDAY], VICTIM)
    agent.handle(MOVE)
    agent.handle(answer)
    assert writes(api) == [] and booked(api) == [("friday", "14:30")]


@pytest.mark.parametrize("yes", ["yes", "move it", "yes please move it", "[DTMF] 1"])
def test_a_plain_yes_or_move_it_moves_it(yes):
    agent, api = call([FRIDAY], VICTIM)
    agent.handle(MOVE)
    assert agent.handle(yes)["tool_calls"] == ["book", "cancel"]


def test_a_failed_cancel_tells_the_caller_what_stands_and_staff_get_both():
    agent, api = call([FRIDAY], VICTIM, plan={"cancel": ["error"]})
    agent.handle(MOVE)
    reply = agent.handle("yes")
    assert reply["state"] == "HANDOFF" and reply["tool_calls"] == ["book", "cancel"]
    say = reply["say"].lower()
    assert "tuesday at 10 am" in say and "booked" in say and "friday at 2:30 pm" in say and "still" in say
    assert agent.handoff["reason"] == "tool_failure"
    record = agent.move
    assert (record["new"]["day"], record["new"]["time"], record["booked"]) == ("tuesday", "10:00", True)
    assert (record["old"]["day"], record["old"]["time"]) == ("friday", "14:30") and record["old_cancelled"] is False
    assert booked(api) == [("friday", "14:30"), ("tuesday", "10:00")]


def test_a_cancel_that_times_out_is_never_re_sent_and_staff_check_it():
    agent, api = call([FRIDAY], VICTIM, plan={"cancel": ["timeout"]})
    agent.handle(MOVE)
    reply = agent.handle("yes")
    assert reply["state"] == "HANDOFF" and writes(api) == ["book", "cancel"]
    assert agent.move["old_cancelled"] is None  # it may have gone through
    assert agent.handle("yes")["tool_calls"] == []


def test_a_taken_new_slot_cancels_nothing_and_offers_other_times():
    agent, api = call([FRIDAY], VICTIM, plan={"book": ["taken"]})
    agent.handle(MOVE)
    reply = agent.handle("yes")
    assert reply["state"] == "ASK_TIME" and writes(api) == ["book"] and booked(api) == [("friday", "14:30")]
    read_back = agent.handle("11:30")
    assert read_back["state"] == "CONFIRM" and "11:30 am" in read_back["say"] and "Friday" in read_back["say"]
    assert agent.handle("yes")["tool_calls"] == ["book", "cancel"]
    assert booked(api) == [("tuesday", "11:30")]


def test_a_book_that_times_out_cancels_nothing_and_says_the_old_one_stands():
    agent, api = call([FRIDAY], VICTIM, plan={"book": ["timeout"]})
    agent.handle(MOVE)
    reply = agent.handle("yes")
    assert reply["state"] == "HANDOFF" and writes(api) == ["book"]
    assert "friday at 2:30 pm" in reply["say"].lower() and "still" in reply["say"].lower()
    assert agent.move["old_cancelled"] is False


def test_a_move_asked_step_by_step_asks_the_old_one_then_the_new_one():
    agent, api = call([FRIDAY], VICTIM)
    replies = play(agent, "I'd like to move my appointment", "Jamie", "Friday", "Tuesday", "10 am", "yes")
    assert [r["state"] for r in replies] == ["ASK_NAME", "ASK_DAY", "ASK_DAY", "ASK_TIME", "CONFIRM", "DONE"]
    assert "move it to" in replies[2]["say"].lower()  # the old one found: now where to
    assert booked(api) == [("tuesday", "10:00")]


def test_the_read_back_names_both_dates_on_a_dated_clinic():
    wednesday = datetime(2026, 12, 2, 9, 0, tzinfo=ZoneInfo("America/New_York"))
    api = ClinicAPI(bookings=[{"day": "friday", "date": "2026-12-04", "time": "10:00", "name": "Jamie",
                               "phone": VICTIM}])
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: wednesday, caller_number=VICTIM)
    reply = agent.handle("move my Friday appointment to Tuesday at 10, my name is Jamie")
    assert ("Your appointment on Friday, December 4 at 10 am moves to Tuesday, December 8 at 10 am. "
            "Shall I move it?") in reply["say"]
    agent.handle("yes")
    assert [(b["date"], b["time"]) for b in api.bookings] == [("2026-12-08", "10:00")]


class LineDown(BaseException):
    """The process dies between the two writes (a BaseException: nothing in the turn catches it)."""


class KeylessClinic:
    """A calendar whose writes take no idempotency key, whose first cancel never returns (the process dies)."""

    def __init__(self):
        self.calls, self.booked, self.cancels = [], [dict(FRIDAY, booking_id="b1")], 0

    def find_slots(self, day):
        self.calls.append(("find_slots", {"day": day}, "ok"))
        return ["09:00", "10:00", "11:30"]

    def book(self, day, time, name, phone=None):
        self.calls.append(("book", {"day": day, "time": time, "name": name}, "ok"))
        self.booked.append({"booking_id": "b2", "day": day, "time": time, "name": name, "phone": phone})
        return {"booking_id": "b2", "day": day, "time": time, "name": name}

    def find_bookings(self, name):
        self.calls.append(("find_bookings", {"name": name}, "ok"))
        return [dict(b) for b in self.booked]

    def cancel(self, booking_id):
        self.cancels += 1
        raise LineDown


def test_a_hand_off_between_the_two_writes_tells_the_caller_and_staff_what_was_booked_and_what_stands():
    from checkpoints import memory_checkpointer

    api, saver = KeylessClinic(), memory_checkpointer()
    agent = VoiceAgent(api, sleep=lambda s: None, caller_number=VICTIM, checkpointer=saver, thread_id="move-1")
    agent.handle(MOVE)
    with pytest.raises(LineDown):
        agent.handle("yes")
    again = VoiceAgent(api, sleep=lambda s: None, caller_number=VICTIM, checkpointer=saver, thread_id="move-1")
    reply = again.handle("yes")  # the phone line re-sends the turn that got no answer
    assert reply["state"] == "HANDOFF" and api.cancels == 1  # a keyless cancel is never re-sent
    say = reply["say"].lower()
    assert "tuesday at 10 am is booked" in say and "friday at 2:30 pm" in say and "check" in say
    assert again.move["booked"] is True and again.move["old_cancelled"] is None
    assert (again.move["old"]["day"], again.move["old"]["time"]) == ("friday", "14:30")


def test_the_agent_says_which_confirmation_the_writes_of_a_turn_are_under():
    agent, api = call([FRIDAY], VICTIM)
    assert agent.confirmation == {"number": 0, "key": None}
    agent.handle(MOVE)
    agent.handle("yes")
    key = agent.confirmation["key"]
    assert agent.confirmation["number"] == 1 and [k for _, k in api.keys] == [f"{key}:book", f"{key}:cancel"]
