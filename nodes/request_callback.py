"""request_callback: leave staff a request to call the caller back. Reached only from CONFIRM's plain yes.

It is a write like a booking: called once per accepted read-back, with its idempotency key, never re-sent. After
an unanswered transfer it carries the hand-off's reason and summary, and a failure keeps the hand-off as it was.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from dialog import line_callback
from dialog.context import Context
from dialog.handoff import callback_record
from dialog.language import phrases
from dialog.state import CallState, CallUpdate
from nodes.common import callback_taker, clinic
from tools.writes import call_write_tool
from voicekit.clinic import ToolTimeout


def request_callback(state: CallState, runtime: Runtime[Context]) -> CallUpdate:
    """Record the request that was read back; any failure goes to a person (who, closed, is told when back)."""
    api = clinic(runtime)
    spent: CallUpdate = {"confirmed": False}
    name, reason, about = line_callback.request_of(state)
    try:
        answer = call_write_tool(callback_taker(api).request_callback, name, state.phone, reason, about,
                                 idempotency_key=state.write_key)
    except ToolTimeout:  # the request may have been recorded: never re-sent
        return spent | line_callback.write_failed(state, phrases.MAY_HAVE_GONE_THROUGH)
    except Exception:
        return spent | line_callback.write_failed(state, phrases.CALLBACK_REFUSED)
    return spent | {"callback": callback_record(answer), "ended": "callback_requested"}
