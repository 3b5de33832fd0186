"""Moving an appointment in one go (SPEC 7.6, issue 38 item 8): which one, checked by number, then where to.

The caller says whose appointment and which one ("my Friday appointment": ``CallState.moving_from``); the line
checks the number it is under (the caller id, else "For your security, what phone number...?") and looks it up;
only then is the new day and time asked for and looked up, and one read-back names both appointments. One yes
covers exactly the two writes it read back: ``book`` the new, then ``cancel`` the old, each with its own
idempotency key under that one confirmation (``write_key``: ``call:reschedule:n``, then ``:book`` / ``:cancel``).
Booking first means a failure halfway leaves the caller an appointment; what stands is said, and staff get both.

The old appointment is found with the cancel flow's own rules (``dialog.bookings``), on a view of the call whose
day, date and time are the old one's description.
"""

from __future__ import annotations

from dataclasses import replace

from dialog.bookings import described, lookup_key, matching_bookings, numbers_to_check, unmatched_filters
from dialog.language import phrases
from dialog.state import CallState, CallUpdate, MoveRecord, Step, Summary, WriteNode
from dialog.steps import new_appointment_step
from voicekit.clinic import Booking
from voicekit.nlu import Understanding
from voicekit.nlu.types import MovedFrom

When = tuple[str, str, str | None]
"""(day, time, date) as a read-back says an appointment."""
NewWhen = tuple[str | None, str, str | None]
"""The same of the new appointment (its day is known once it is read back)."""


def old_view(state: CallState) -> CallState:
    """The call as the cancel flow would see it: its day, date and time are the old appointment's description."""
    old = state.moving_from or MovedFrom()
    return replace(state, day=old.get("day"), time=old.get("time"), date=old.get("date"),
                   date_named=old.get("date") is not None)


def old_appointment(state: CallState) -> Booking | None:
    """The one appointment on file the description fits (the caller's own, checked by number), else None."""
    if not state.bookings_found or state.bookings_looked_up != lookup_key(state):
        return None
    view = old_view(state)
    found = matching_bookings(view) if described(view) else []
    return found[0] if len(found) == 1 else None


def next_step(state: CallState) -> Step:
    """Whose, which (and its number) before anything is looked up for the new one; then where to; then the read-back."""
    if state.name is None:
        return "ask_name"
    if old_appointment(state) is None:
        view = old_view(state)
        if not described(view):
            return "ask_day"  # the caller describes the appointment; nothing on file is read out to them
        if not numbers_to_check(state):
            return "ask_phone"
        if state.bookings_looked_up != lookup_key(state):
            return "find_bookings"
        if not state.bookings_found:
            return "ask_phone"  # the caller id fits nothing under that name: the number the appointment is under
        if view.day is not None and view.time is not None:
            return "ask_day"  # the same weekday and time on two dates: the date tells them apart
        return "ask_time" if view.day is not None else "ask_day"
    return new_appointment_step(state) or "confirm"


def sort_heard(state: CallState, heard: Understanding) -> tuple[Understanding, CallUpdate]:
    """Which appointment the turn's values are for: the old one while it is asked about, else the new one.

    "Friday" answering "Which day is the appointment you'd like to move?" describes the old one (and is then no
    value of the new one's); "my Friday appointment" always does (the parser's ``moving``); any other day or time
    is the new one's.
    """
    if heard.moving:
        return heard, _described(state, heard.moving)
    asked_about_the_old = state.dialog_state in ("ASK_DAY", "ASK_TIME") and old_appointment(state) is None
    if not asked_about_the_old or not (heard.day or heard.time or heard.date):
        return heard, {}
    old = dict(state.moving_from or {}) | {key: value for key, value in
                                          (("day", heard.day), ("time", heard.time), ("date", heard.date)) if value}
    if heard.day and not heard.date:
        old.pop("date", None)  # another weekday said: the date said before was another day's
    for_the_old = replace(heard, day=None, days=[], time=None, times=[], date=None, relative_day=None, ambiguous=None)
    return for_the_old, _described(state, MovedFrom(**old))  # type: ignore[typeddict-item]


def _described(state: CallState, old: MovedFrom) -> CallUpdate:
    """The new description, said and dropped at once if it fits none of the appointments already found."""
    update: CallUpdate = {"moving_from": old}
    return update | described_filters(replace(state, moving_from=old)) if state.bookings_found else update


def described_filters(state: CallState) -> CallUpdate:
    """After a lookup, or a new description: one that fits none is said and dropped; the second such hands off."""
    if state.task != "reschedule":
        return unmatched_filters(state)
    dropped = unmatched_filters(old_view(state))
    if "day" in dropped:
        dropped.pop("day")
        dropped.pop("time", None)
        dropped["moving_from"] = None
    return dropped


def ask_day(state: CallState) -> str:
    """Which day: of the appointment to move until it is found, then of the new one."""
    if old_appointment(state) is None:
        view = old_view(state)
        several = view.day is not None and view.time is not None and len(matching_bookings(view)) > 1
        return phrases.which_date_to_move(view.day) if several else phrases.WHICH_DAY_TO_MOVE
    return phrases.which_day_of(state.choices) if state.choices else phrases.WHICH_NEW_DAY


def ask_time(state: CallState) -> str:
    """Which time: of the appointment to move until it is found, then the new day's open times."""
    if old_appointment(state) is None:
        return phrases.which_time_to_move(old_view(state).day)
    if state.choices:
        return phrases.which_time_of(state.choices)
    return phrases.open_times(state.offered_day, state.offered_times)


def both(state: CallState) -> tuple[When, NewWhen]:
    """The old and the new appointment as the read-back says them (the new one's date where the old has one)."""
    old = old_appointment(state)
    assert old is not None and state.time is not None, "the move is read back only once both are known"
    on = state.date if (old.get("date") or state.date_named) else None
    return (old["day"], old["time"], old.get("date")), (state.day, state.time, on)


def read_back(state: CallState) -> str:
    """The one read-back of a move."""
    return phrases.moving_read_back(*both(state))


def re_ask(state: CallState) -> str:
    """The move's short re-ask."""
    return phrases.moving_re_ask(*both(state))


def farewell(state: CallState) -> str:
    """Both writes went through."""
    old, new = both(state)
    return phrases.moved(old, new, booking_number(state))


def key_for(state: CallState, write: WriteNode) -> str | None:
    """Each write's own idempotency key: the confirmation's, with the step for a move's two (one yes, two keys)."""
    if state.task != "reschedule" or state.write_key is None:
        return state.write_key
    return f"{state.write_key}:{write}"


def record(state: CallState, booked: bool | None, booking_id: str | None = None,
           old_cancelled: bool | None = False) -> CallUpdate:
    """The move's record after a write (the old appointment as found; the new one as read back)."""
    old = old_appointment(state) if state.move is None else state.move["old"]
    assert old is not None, "a move writes only once the old appointment is found"
    new = state.move["new"] if state.move else Summary(day=state.day, time=state.time, name=state.name)
    date = state.move["date"] if state.move else state.date
    kept = booking_id or booking_number(state)
    return {"move": MoveRecord(new=new, date=date, booking_id=kept, booked=booked, old=old,
                               old_cancelled=old_cancelled)}


def cut_short(state: CallState, write: WriteNode) -> str:
    """What the caller hears when a move's write failed or was cut off: what stands now."""
    old, new = both(state)
    if write == "book":
        return f"{phrases.MAY_HAVE_GONE_THROUGH} {phrases.old_still_stands(old)}"
    return phrases.new_booked_old_unsure(old, new, booking_number(state))


def booking_number(state: CallState) -> str | None:
    """The move's new booking id, once booked."""
    return state.move["booking_id"] if state.move else None
