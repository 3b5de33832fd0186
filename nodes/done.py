"""DONE: the call ends without a person: booked, cancelled, or stopped with nothing booked."""

from __future__ import annotations

from graph.state import CallState
from nodes.common import spoken_day, spoken_time


def farewell(state: CallState) -> str:
    if state.ended == "booked":
        return (f"You're booked, {state.name}: {spoken_day(state.day)} at {spoken_time(state.time)}. "
                f"Your booking number is {(state.result or {}).get('booking_id', 'on its way by text')}. Goodbye!")
    if state.ended == "cancelled":
        return (f"Done: your appointment on {spoken_day(state.day)} at {spoken_time(state.time)} is cancelled. "
                "Goodbye!")
    return "No problem. Nothing has been booked or changed. Goodbye!"


def done(state: CallState) -> dict:
    return {"dialog_state": "DONE", "say": " ".join([*state.notes, farewell(state)]), "notes": []}
