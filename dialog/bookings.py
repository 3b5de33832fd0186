"""The cancel flow's view of the caller's existing appointments (what find_bookings returned).

The caller describes the appointment (its day, and its time if several are on that day) and the number it is
under; only the bookings whose phone is the caller's are kept, and nothing on file is read out until it fits
what they said, so a name alone never reveals or cancels anyone's appointment.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from dialog.handoff import handoff_update
from dialog.language import phrases
from dialog.state import CallState, CallUpdate
from voicekit.clinic import Booking
from voicekit.phones import dialable


def numbers_to_check(state: CallState) -> list[str]:
    """The caller's numbers (E.164) a booking's must be one of: the caller id, and the one they said when asked."""
    return [number for number in (state.caller_id, state.booking_phone) if number]


def the_callers(found: Iterable[Mapping[str, Any]], numbers: list[str], country: str) -> list[Mapping[str, Any]]:
    """The bookings on file whose phone is one of ``numbers``, compared as E.164; one with no phone never is."""
    return [b for b in found if b.get("phone") and dialable(str(b["phone"]), country) in numbers]


def described(state: CallState) -> bool:
    """The caller has said something about the appointment (its day or time)."""
    return state.day is not None or state.time is not None


def theirs_to_cancel(state: CallState, found: list[Booking]) -> list[Booking]:
    """The appointments on file that the caller may cancel: not the one a reschedule just booked."""
    kept = state.rebooked["booking_id"] if state.rebooked else None
    return [b for b in found if b.get("booking_id") != kept]


def matching_bookings(state: CallState) -> list[Booking]:
    """The found appointments that fit the day, date and time the caller gave (never the one just rebooked).

    A weekday said alone fits that weekday on any date; a date the caller named fits that date only.
    """
    named = state.date if state.date_named else None
    return [
        b for b in theirs_to_cancel(state, state.bookings_found)
        if (state.day is None or b["day"] == state.day) and (state.time is None or b["time"] == state.time)
        and (named is None or b.get("date", named) == named)
    ]


def lookup_key(state: CallState) -> str:
    """What a find_bookings result is valid for: the name and the numbers checked (day and time only filter it)."""
    return json.dumps([state.name, *numbers_to_check(state)])


def unmatched_filters(state: CallState) -> CallUpdate:
    """If the day/time the caller gave fit none of their appointments, say so and drop them.

    Each such miss counts as a turn not understood: the second in a row goes to a member of staff, who can
    look the appointment up with the caller (the agent never lists what is on file to help them guess).
    """
    if not state.bookings_found or matching_bookings(state) or not described(state):
        return {}
    missed = state.misunderstood + 1
    notes = [*state.notes, phrases.no_appointment_on(state.day, state.time)]
    if missed >= 2:
        cleared = CallState(name=state.name, notes=[*notes, phrases.CANNOT_FIND_APPOINTMENT])
        return {"day": None, "time": None, "misunderstood": missed} | handoff_update(cleared, "not_understood")
    return {"day": None, "time": None, "notes": notes, "misunderstood": missed}
