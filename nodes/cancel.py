"""cancel: the irreversible cancellation. Reached only with a read-back's plain yes; never re-sent.

Its ways in: CONFIRM's yes to a cancel's read-back, or ``book`` right after it booked a move's new appointment,
under the same yes (``confirmed`` still set). A move cancels the old appointment it read back; if that fails the
caller hears what stands and the move's record tells staff both.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from dialog import moving
from dialog.bookings import matching_bookings
from dialog.context import Context
from dialog.handoff import handoff_update
from dialog.language import phrases
from dialog.state import CallState, CallUpdate, Summary
from dialog.tasks import task_named
from nodes.common import canceller, clinic
from tools.writes import call_write_tool
from voicekit.clinic import ToolTimeout


def cancel(state: CallState, runtime: Runtime[Context]) -> CallUpdate:
    """Cancel the one appointment that was read back; any failure goes to a person."""
    api = clinic(runtime)
    spent: CallUpdate = {"confirmed": False}
    moves = task_named(state.task).second_write == "cancel"
    target = moving.old_appointment(state) if moves else next(iter(matching_bookings(state)), None)
    if not state.confirmed or target is None:  # never reached so (the graph's proof); refused if it were
        return spent | handoff_update(state, "tool_failure", phrases.CANCELLING_REFUSED)
    heard = Summary(day=target["day"], time=target["time"], name=target["name"])
    try:
        result = call_write_tool(canceller(api).cancel, target["booking_id"],
                                 idempotency_key=moving.key_for(state, "cancel"))
    except ToolTimeout:  # the cancellation may have happened: never re-sent, a person checks
        if moves:
            return spent | moving.record(state, True, old_cancelled=None) \
                | handoff_update(state, "tool_failure", moving.cut_short(state, "cancel"))
        return spent | handoff_update(state, "tool_failure", phrases.MAY_HAVE_GONE_THROUGH, **heard)
    except Exception:
        if moves:  # the new one is booked, the old one stands: said, and staff get both
            old, new = moving.both(state)
            said = phrases.new_booked_old_stands(old, new, moving.booking_number(state))
            return spent | moving.record(state, True, old_cancelled=False) | handoff_update(state, "tool_failure", said)
        return spent | handoff_update(state, "tool_failure", phrases.CANCELLING_REFUSED, **heard)
    if moves:
        return spent | moving.record(state, True, old_cancelled=True) | {"result": result, "ended": "moved"}
    on = target.get("date")  # the farewell names the date that was cancelled
    return spent | {"result": result, "ended": "cancelled", **heard, "date": on, "date_named": on is not None}
