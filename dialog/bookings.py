"""The cancel flow's view of the caller's existing appointments (what find_bookings returned)."""

from __future__ import annotations

from dialog import phrases
from dialog.state import CallState
from voicekit.clinic import Booking


def matching_bookings(state: CallState) -> list[Booking]:
    """The found appointments that fit the day and time the caller gave."""
    return [
        b for b in state.bookings_found
        if (state.day is None or b["day"] == state.day) and (state.time is None or b["time"] == state.time)
    ]


def lookup_key(state: CallState) -> str:
    """What a find_bookings result is valid for: the caller's name (day and time only filter it)."""
    return str(state.name)


def unmatched_filters(state: CallState) -> dict:
    """If the day/time the caller gave fit none of their appointments, say so and drop them."""
    if not state.bookings_found or matching_bookings(state) or (state.day is None and state.time is None):
        return {}
    return {"day": None, "time": None, "notes": [*state.notes, phrases.no_appointment_on(state.day, state.time)]}
