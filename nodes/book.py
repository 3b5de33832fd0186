"""book: the irreversible write. Reached only from CONFIRM's plain yes; called once, never re-sent.

In a move (SPEC 7.6) the same yes covers a second write: on success ``confirmed`` stays set for the ``cancel``
that follows in this same run, and for nothing else; a failure spends it, so the old appointment is never
cancelled unless the new one was booked.
"""

from __future__ import annotations

from typing import cast

from langgraph.runtime import Runtime

from dialog import moving
from dialog.calendar import still_bookable
from dialog.context import Context
from dialog.handoff import handoff_update
from dialog.language import calendar_phrases, phrases
from dialog.state import CallState, CallUpdate
from dialog.tasks import task_named
from nodes.common import clinic
from tools.writes import call_write_tool
from voicekit.clinic import Booking, ToolError, ToolTimeout


def book(state: CallState, runtime: Runtime[Context]) -> CallUpdate:
    """Book what was read back; a taken slot offers new times, any other failure goes to a person."""
    api = clinic(runtime)
    spent: CallUpdate = {"confirmed": False}  # this confirmation is used up whatever happens next
    if not state.confirmed:  # never reached without the read-back's yes (the graph's proof); refused if it were
        return spent | handoff_update(state, "tool_failure", phrases.BOOKING_REFUSED)
    task = task_named(state.task)
    moves = task.second_write is not None
    if not still_bookable(state, runtime.context):  # the time passed while the caller made up their mind
        passed = calendar_phrases.time_passed(str(state.time))
        return spent | {"time": None, "offered_day": None, "offered_date": None, "offered_times": [],
                        "notes": [*state.notes, passed]}
    dated = state.date if runtime.context.dated_backend() else None
    try:
        # The booking carries the caller's number (given, else the caller id): what a later cancel is checked by.
        phone = state.booking_phone or state.phone or state.caller_id
        result = call_write_tool(api.book, state.day, state.time, state.name, date=dated, phone=phone,
                                 idempotency_key=moving.key_for(state, "book"), provider=state.provider,
                                 reason=state.reason)
    except ToolTimeout:  # the booking may exist: never re-sent, a person checks
        if moves:  # the old appointment is untouched: the caller hears it still stands
            return spent | moving.record(state, booked=None) | handoff_update(state, "tool_failure",
                                                                             moving.cut_short(state, "book"))
        return spent | handoff_update(state, "tool_failure", phrases.MAY_HAVE_GONE_THROUGH)
    except Exception as failure:
        if isinstance(failure, ToolError) and failure.code == "taken":
            # The slot is gone: forget the time and the stale offers, so find_slots runs again.
            taken = phrases.just_taken(state.day, str(state.time))
            return spent | {"time": None, "offered_day": None, "offered_date": None, "offered_times": [],
                            "notes": [*state.notes, taken]}
        refused = phrases.BOOKING_REFUSED
        if moves:
            refused = f"{refused} {phrases.old_still_stands(moving.both(state)[0])}"
            return spent | moving.record(state, booked=False) | handoff_update(state, "tool_failure", refused)
        return spent | handoff_update(state, "tool_failure", refused)
    if moves:  # the new appointment is booked; the same yes now cancels the old one, in this same run
        booked = {"booking_id": str(result.get("booking_id", "")), "day": state.day, "time": state.time,
                  "name": state.name} | ({"date": state.date} if state.date else {})
        return {"confirmed": True, "result": result, "rebooked": cast(Booking, booked)} \
            | moving.record(state, booked=True, booking_id=booked["booking_id"])
    return spent | {"result": result, "ended": "booked"}
