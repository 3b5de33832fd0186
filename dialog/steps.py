"""The steps a new appointment takes, shared by a booking and a move's new one: its day, its lookup, an open time."""

from __future__ import annotations

from dialog.state import CallState, Step
from dialog.time_wishes import soonest


def new_appointment_step(state: CallState) -> Step | None:
    """What the new appointment still needs (a day, the day's open times, one of them), or None when it has it."""
    if soonest(state):  # "as soon as possible" and no day: the calendar is searched from today
        return "find_slots"
    if state.day is None:
        return "ask_day"
    if state.offered_day != state.day or state.offered_date != state.date:
        return "find_slots"
    if state.time is None or state.time not in state.offered_times:
        return "ask_time"
    return None
