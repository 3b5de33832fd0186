"""What each kind of request needs, in one table: a new kind of request is one entry here.

A task says what to ask or look up next, how to word its questions and its read-back, which
irreversible node CONFIRM's plain yes leads to, how the call ends once that write went through, what a
plain "no" to the read-back does, and which heard values it cannot use.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from dialog import line_callback, moving
from dialog.bookings import described, lookup_key, matching_bookings, numbers_to_check, unmatched_filters
from dialog.language import phrases, security_phrases
from dialog.state import CallState, CallUpdate, Ending, Step, TaskName, WriteNode
from dialog.steps import new_appointment_step
from voicekit.nlu import Understanding
from voicekit.schedule import minutes

Said = Callable[[], str]
"""A sentence looked up when it is said, in the call's language (``dialog.language``), never once at import."""
CheckValues = Callable[[CallState, str | None, str | None, list[str]], CallUpdate]
"""(call before the turn, heard day, heard time, notes) -> the update with the usable "day" and "time"."""


@dataclass(frozen=True)
class PlainNo:
    """What a plain "no" to the read-back (one that gives no new value) does."""

    say: Said
    """What the caller hears first."""
    start_over: bool
    """True: drop the whole request; False: forget only the time and offer the open times again."""


@dataclass(frozen=True)
class Task:
    """One kind of request the line carries out, with everything that differs between kinds."""

    name: TaskName
    """The task's key in ``TASKS`` and its value in ``CallState.task``."""
    requested_by: Callable[[Understanding], bool]
    """Whether a turn asks for this task (``TASKS`` is in priority order: the first that matches wins)."""
    next_step: Callable[[CallState], Step]
    """What to ask or look up next, from the slots alone (SPEC's ``_next`` for this task)."""
    ask_day: Callable[[CallState], str]
    """The ASK_DAY question."""
    ask_time: Callable[[CallState], str]
    """The ASK_TIME question."""
    ask_name: Said
    """The ASK_NAME question."""
    read_back: Callable[[CallState], str]
    """The CONFIRM read-back: every value the write will use, and the yes/no question."""
    re_ask: Callable[[CallState], str]
    """The short question again, after an answer to the read-back that was neither yes nor no."""
    write: WriteNode
    """The irreversible node that CONFIRM's plain yes leads to."""
    second_write: WriteNode | None
    """The write the same yes covers right after the first (a move: book the new, then cancel the old), or None."""
    consent: str
    """What the read-back asks to do, for the consent gate ("book it" agrees to a booking only, "move it" to a move)."""
    ended: Ending
    """How the call ends once the write went through."""
    farewell: Callable[[CallState], str]
    """What the caller hears at DONE after the write."""
    plain_no: PlainNo
    """What a plain "no" to the read-back does."""
    check_values: CheckValues
    """Drops a heard day/time the task cannot use and notes why (and may count a miss or hand off)."""
    ask_phone: Said = lambda: phrases.PHONE_FOR_CALLBACK
    """The phone-number question (ASK_NAME, ``asking="phone"``)."""


# -- booking a new appointment -------------------------------------------------------------------


def said_date(state: CallState, on: str | None = None) -> str | None:
    """The date to say with the weekday (``on``, else the request's): always on a clinic's line (its own clock).

    The weekday cross-checks the date ("Friday" said on a Friday is next week's: the caller hears "Friday,
    December 11"). Without a clock of its own (the lab contract's ``VoiceAgent(api, sleep)``) a weekday said
    alone is read back alone, as the lab's traces have it; a date the caller named is read back on every line.
    """
    if state.reads_dates:
        return on or state.date
    return state.date if state.date_named and on in (None, state.date) else None


def _next_for_booking(state: CallState) -> Step:
    needs = new_appointment_step(state)
    if needs is not None:
        return needs
    if state.name is None:
        return "ask_name"
    if state.contact_wanted and state.phone is None:
        return "ask_phone"  # no caller id: the number the caller can later change the booking with
    return "confirm"


def closest_open(time: str, open_times: list[str]) -> str | None:
    """The open time nearest to ``time`` (the earlier of two as near), or None when nothing is open."""
    return min(open_times, key=lambda t: (abs(minutes(t) - minutes(time)), minutes(t)), default=None)


def not_open(day: str | None, time: str, open_times: list[str], notes: list[str]) -> CallUpdate:
    """Say a time is not open and which open one is closest; remember it for another day.

    The closest time is told, not proposed: a bare "yes" never picks a time (replayed real callers showed
    a "yes" meant for something else turning into a time choice, and then into a booking).
    """
    notes.append(phrases.not_open(day, time, closest_open(time, open_times)))
    return {"time": None, "wanted_time": time}


def _only_open_times(state: CallState, day: str | None, time: str | None, notes: list[str]) -> CallUpdate:
    # A time said before any day is kept: find_slots checks it once the day is known.
    if time is not None and day is not None and day == state.offered_day and time not in state.offered_times:
        return {"day": day} | not_open(day, time, state.offered_times, notes)
    return {"day": day, "time": time}


def _offered_times(state: CallState) -> str:
    """Two times the caller named, or the day's open times."""
    if state.choices:
        return phrases.which_time_of(state.choices)
    return phrases.open_times(state.offered_day, state.offered_times, said_date(state, state.offered_date))


def _chosen_time(state: CallState) -> str:
    assert state.time is not None, "CONFIRM and DONE are reached only with a checked time"
    return state.time


BOOKING = Task(
    name="book",
    requested_by=lambda heard: heard.intent == "book" or heard.booking_words,
    next_step=_next_for_booking,
    ask_day=lambda state: phrases.which_day_of(state.choices) if state.choices else phrases.WHICH_DAY,
    ask_time=_offered_times,
    ask_name=lambda: phrases.NAME_FOR_BOOKING,
    read_back=lambda state: phrases.booking_read_back(state.name, state.day, _chosen_time(state), said_date(state),
                                                      state.provider, state.phone, state.extension),
    re_ask=lambda state: phrases.booking_re_ask(state.name, state.day, _chosen_time(state), said_date(state),
                                                state.provider),
    write="book",
    second_write=None,
    consent="book",
    ended="booked",
    farewell=lambda state: phrases.booked(state.name, state.day, _chosen_time(state),
                                          (state.result or {}).get("booking_id"), said_date(state)),
    plain_no=PlainNo(say=lambda: phrases.ANOTHER_TIME, start_over=False),
    check_values=_only_open_times,
    ask_phone=lambda: phrases.CONTACT_NUMBER,
)


# -- cancelling an existing appointment ----------------------------------------------------------


def _next_for_cancelling(state: CallState) -> Step:
    # Whose, which and the number come before any lookup: until the number matched a booking, what the caller
    # hears never depends on what is on file (nothing is even looked up on a name alone).
    if state.name is None:
        return "ask_name"
    if not described(state):
        return "ask_day"  # the caller describes the appointment; nothing on file is read out to them
    if not numbers_to_check(state):
        return "ask_phone"  # no caller id: "for your security, what phone number is the appointment under?"
    if state.bookings_looked_up != lookup_key(state):
        return "find_bookings"
    if not state.bookings_found:
        return "ask_phone"  # the caller id fits nothing under that name: the number the appointment is under
    if len(matching_bookings(state)) == 1:
        return "confirm"
    if state.day is not None and state.time is not None:
        return "ask_day"  # the same weekday and time on two dates: the date tells them apart
    return "ask_time" if state.day is not None else "ask_day"  # several fit: the rest of the description


def _only_own_appointments(state: CallState, day: str | None, time: str | None, notes: list[str]) -> CallUpdate:
    if state.task == "cancel" and state.bookings_found:
        dropped = unmatched_filters(replace(state, day=day, time=time, notes=[]))
        if dropped:
            notes.extend(dropped.pop("notes", []))
            return dropped
    return {"day": day, "time": time}


def _cancelling_read_back(state: CallState) -> str:
    target = matching_bookings(state)[0]
    return phrases.cancelling_read_back(target["name"], target["day"], target["time"], target.get("date"))


def _cancelling_re_ask(state: CallState) -> str:
    target = matching_bookings(state)[0]
    return phrases.cancelling_re_ask(target["name"], target["day"], target["time"], target.get("date"))


def _which_day_to_cancel(state: CallState) -> str:
    several = state.day is not None and state.time is not None and len(matching_bookings(state)) > 1
    return phrases.which_date_to_cancel(state.day) if several else phrases.WHICH_DAY_TO_CANCEL


CANCELLING = Task(
    name="cancel",
    requested_by=lambda heard: heard.intent == "cancel",
    next_step=_next_for_cancelling,
    ask_day=_which_day_to_cancel,
    ask_time=lambda state: phrases.which_time_to_cancel(state.day),
    ask_name=lambda: phrases.NAME_FOR_CANCELLING,
    read_back=_cancelling_read_back,
    re_ask=_cancelling_re_ask,
    write="cancel",
    second_write=None,
    consent="cancel",
    ended="cancelled",
    farewell=lambda state: phrases.cancelled(state.day, _chosen_time(state), said_date(state)),
    plain_no=PlainNo(say=lambda: phrases.NOTHING_CANCELLED, start_over=True),
    check_values=_only_own_appointments,
    ask_phone=lambda: security_phrases.PHONE_FOR_CHECK,
)


# -- moving an appointment in one go: which one (checked by number), where to, one read-back, one yes ---------

RESCHEDULING = replace(
    BOOKING,
    name="reschedule",
    requested_by=lambda heard: heard.reschedule,
    next_step=moving.next_step,
    ask_day=moving.ask_day,
    ask_time=moving.ask_time,
    ask_name=lambda: phrases.NAME_FOR_CANCELLING,
    read_back=moving.read_back,
    re_ask=moving.re_ask,
    second_write="cancel",
    consent="move",
    ended="moved",
    farewell=moving.farewell,
    ask_phone=lambda: security_phrases.PHONE_FOR_CHECK,
)

# -- a request for staff to call back (offered when nobody is in to take the call) -----------------


def _next_for_callback(state: CallState) -> Step:
    if state.name is None:
        return "ask_name"
    if state.phone is None:
        return "ask_phone"
    return "confirm"


def _about_the_call(state: CallState, day: str | None, time: str | None, notes: list[str]) -> CallUpdate:
    return {"day": day, "time": time}  # a day or time said is what the call is about: passed on, never checked


CALLBACK = Task(
    name="callback",
    requested_by=lambda heard: heard.callback,
    next_step=_next_for_callback,
    ask_day=lambda state: phrases.WHICH_DAY,  # never asked: a callback needs a name and a number only
    ask_time=lambda state: phrases.WHICH_DAY,
    ask_name=lambda: phrases.NAME_FOR_CALLBACK,
    read_back=lambda state: phrases.callback_read_back(state.name, state.phone, state.day, state.time,
                                                       state.extension),
    re_ask=lambda state: phrases.callback_re_ask(state.name, state.phone),
    write="request_callback",
    second_write=None,
    consent="request_callback",
    ended="callback_requested",
    farewell=lambda state: phrases.callback_left(state.name, state.phone, state.staff_back),
    plain_no=PlainNo(say=lambda: phrases.NO_CALLBACK_LEFT, start_over=True),
    check_values=_about_the_call,
)

# -- the phone line's own callback offer, after a hand-off's warm transfer rang out (dialog.line_callback) ----

TRANSFER_CALLBACK = replace(
    CALLBACK,
    name=line_callback.TASK,
    requested_by=lambda heard: False,  # only the phone line's report starts it, never a caller's words
    next_step=line_callback.step,
    read_back=line_callback.read_back,
    re_ask=line_callback.re_ask,
    farewell=line_callback.ending,
    plain_no=PlainNo(say=lambda: phrases.NO_CALLBACK_LEFT, start_over=False),
    ask_phone=lambda: security_phrases.NUMBER_TO_CALL_BACK,
)

# Priority order: "call me back about my appointment", "cancel my appointment" and "reschedule my
# appointment" have a booking word in them, so they are asked first.
TASKS: dict[TaskName, Task] = {task.name: task for task in (CALLBACK, CANCELLING, RESCHEDULING, BOOKING,
                                                            TRANSFER_CALLBACK)}


def task_named(name: TaskName | None) -> Task:
    """The task called ``name``; a request not yet named is worded and handled as a booking."""
    return BOOKING if name is None else TASKS.get(name, BOOKING)
