"""The one function that decides what happens next (SPEC's ``_next``): pure, no graph needed.

One-shot and step-by-step callers go through the same decisions: whatever slots are filled,
the first missing or unchecked one is what the agent asks for next.
"""

from __future__ import annotations

from typing import Literal

from graph.state import CallState

Next = Literal[
    "listen", "ask_day", "ask_time", "ask_name", "confirm",
    "find_slots", "find_bookings", "done", "handoff",
]
AfterConfirm = Literal["book", "cancel", "understand"]
AfterWrite = Literal["find_slots", "done", "handoff"]

_NODE_OF_STATE = {"LISTEN": "listen", "ASK_DAY": "ask_day", "ASK_TIME": "ask_time",
                  "ASK_NAME": "ask_name", "CONFIRM": "confirm"}


def matching_bookings(state: CallState) -> list[dict]:
    """Cancel flow: the found appointments that fit the day and time the caller gave."""
    return [
        b for b in state.bookings_found
        if (state.day is None or b["day"] == state.day) and (state.time is None or b["time"] == state.time)
    ]


def lookup_key(state: CallState) -> str:
    """What a find_bookings result is valid for: the caller's name (day and time only filter it)."""
    return str(state.name)


def route(state: CallState) -> Next:
    """The next node after the caller was understood or a tool answered."""
    if state.handoff is not None:
        return "handoff"
    if state.ended is not None:
        return "done"
    if state.repeat:
        return _NODE_OF_STATE.get(state.dialog_state, "listen")
    if state.task == "cancel":
        return _route_cancel(state)
    if state.task != "book":
        return "listen"
    if state.day is None:
        return "ask_day"
    if state.offered_day != state.day:
        return "find_slots"
    if state.time is None or state.time not in state.offered_times:
        return "ask_time"
    if state.name is None:
        return "ask_name"
    return "confirm"


def _route_cancel(state: CallState) -> Next:
    if state.name is None:
        return "ask_name"
    if state.bookings_looked_up != lookup_key(state):
        return "find_bookings"
    if len(matching_bookings(state)) == 1:
        return "confirm"
    return "ask_day"  # several appointments fit: ask which (by day, or by time)


def after_confirm(state: CallState) -> AfterConfirm:
    """Out of CONFIRM: a plain yes goes to the write it was asked about, anything else is understood."""
    if state.confirmed:
        return "cancel" if state.task == "cancel" else "book"
    return "understand"


def after_write(state: CallState) -> AfterWrite:
    """After book/cancel: finished, look for other times (slot taken), or hand off."""
    if state.handoff is not None:
        return "handoff"
    if state.ended is not None:
        return "done"
    return "find_slots"
