"""cancel: the irreversible cancellation. Reached only from CONFIRM's plain yes; never re-sent."""

from __future__ import annotations

from langgraph.runtime import Runtime

from dialog import phrases
from dialog.bookings import matching_bookings
from dialog.context import Context
from dialog.handoff import handoff_update
from dialog.state import CallState, CallUpdate, Summary
from nodes.common import canceller, clinic
from tools.writes import call_write_tool
from voicekit.clinic import ToolTimeout


def cancel(state: CallState, runtime: Runtime[Context]) -> CallUpdate:
    """Cancel the one appointment that was read back; any failure goes to a person."""
    api = clinic(runtime)
    target = matching_bookings(state)[0]
    spent: CallUpdate = {"confirmed": False}
    heard = Summary(day=target["day"], time=target["time"], name=target["name"])
    try:
        result = call_write_tool(canceller(api).cancel, target["booking_id"], idempotency_key=state.write_key)
    except ToolTimeout:  # the cancellation may have happened: never re-sent, a person checks
        return spent | handoff_update(state, "tool_failure", phrases.MAY_HAVE_GONE_THROUGH, **heard)
    except Exception:
        return spent | handoff_update(state, "tool_failure", phrases.CANCELLING_REFUSED, **heard)
    on = target.get("date")  # the farewell names the date that was cancelled
    return spent | {"result": result, "ended": "cancelled", **heard, "date": on, "date_named": on is not None}
