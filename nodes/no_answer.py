"""no_answer: the warm transfer rang out. Staff get a callback request with the hand-off's summary.

The phone line reports it (``VoiceAgent.transfer_unanswered``) after the call ended in HANDOFF; the
hand-off record itself stays as the lab defines it. Keyed by the call, so a second report writes nothing.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from dialog import phrases
from dialog.context import Context
from dialog.handoff import callback_record, for_staff, summary
from dialog.state import CallState
from nodes.common import clinic
from tools.writes import call_write_tool


def no_answer(state: CallState, runtime: Runtime[Context]) -> dict:
    """Leave the callback request (once), tell the caller, and end politely; the call stays in HANDOFF."""
    ticket = state.handoff
    reason = ticket["reason"] if ticket else "user_request"
    about = for_staff(state, ticket["summary"] if ticket else summary(state))
    reported = {"transfer": "reported", "notes": []}
    try:
        answer = call_write_tool(clinic(runtime).request_callback, about.get("name"), state.phone, reason, about,
                                 idempotency_key=f"{state.call_id}:transfer")
    except Exception:  # a timeout may have recorded it; either way nothing is re-sent and the caller is told
        return reported | {"say": phrases.nobody_answered(False, None)}
    return reported | {"callback": callback_record(answer), "say": phrases.nobody_answered(True, state.phone)}
