"""book: the irreversible write. Reached only from CONFIRM's plain yes; called once, never re-sent."""

from __future__ import annotations

from typing import cast

from langgraph.runtime import Runtime

from dialog import calendar_phrases, phrases
from dialog.calendar import still_bookable
from dialog.context import Context
from dialog.handoff import handoff_update
from dialog.slots import start_over
from dialog.state import CallState, CallUpdate
from dialog.tasks import said_date, task_named
from nodes.common import clinic
from tools.writes import call_write_tool
from voicekit.clinic import Booking, ToolError, ToolTimeout


def book(state: CallState, runtime: Runtime[Context]) -> CallUpdate:
    """Book what was read back; a taken slot offers new times, any other failure goes to a person."""
    api = clinic(runtime)
    spent: CallUpdate = {"confirmed": False}  # this confirmation is used up whatever happens next
    if not still_bookable(state, runtime.context):  # the time passed while the caller made up their mind
        passed = calendar_phrases.time_passed(str(state.time))
        return spent | {"time": None, "offered_day": None, "offered_date": None, "offered_times": [],
                        "notes": [*state.notes, passed]}
    dated = state.date if runtime.context.dated_backend() else None
    try:
        # The booking carries the caller's number (given, else the caller id): what a later cancel is checked by.
        phone = state.booking_phone or state.phone or state.caller_id
        result = call_write_tool(api.book, state.day, state.time, state.name, idempotency_key=state.write_key,
                                 date=dated, phone=phone, provider=state.provider, reason=state.reason)
    except ToolTimeout:  # the booking may exist: never re-sent, a person checks
        return spent | handoff_update(state, "tool_failure", phrases.MAY_HAVE_GONE_THROUGH)
    except Exception as failure:
        if isinstance(failure, ToolError) and failure.code == "taken":
            # The slot is gone: forget the time and the stale offers, so find_slots runs again.
            taken = phrases.just_taken(state.day, str(state.time))
            return spent | {"time": None, "offered_day": None, "offered_date": None, "offered_times": [],
                            "notes": [*state.notes, taken]}
        return spent | handoff_update(state, "tool_failure", phrases.BOOKING_REFUSED)
    then = task_named(state.task).then
    if then is not None:  # a reschedule: the new appointment is booked, now the old one is cancelled
        news = phrases.rebooked_now_cancel(state.day, str(state.time), result.get("booking_id"), said_date(state))
        # The read-back this write followed named the day, time and name, so the booking has all three.
        booked = {"booking_id": str(result.get("booking_id", "")), "day": state.day, "time": state.time,
                  "name": state.name} | ({"date": state.date} if state.date else {})
        rebooked = cast(Booking, booked)
        return spent | start_over() | {"task": then, "name": state.name, "rebooked": rebooked, "result": result,
                                       "notes": [*state.notes, news]}
    return spent | {"result": result, "ended": "booked"}
