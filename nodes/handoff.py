"""HANDOFF: a person takes over; the caller hears why and what will be passed on."""

from __future__ import annotations

from dialog import line_callback
from dialog.handoff import summary
from dialog.language import phrases
from dialog.state import CallState, CallUpdate, Handoff


def handoff(state: CallState) -> CallUpdate:
    """End the call with the hand-off: why, and what a person will be told."""
    if line_callback.asking(state):  # the line's callback question after the transfer rang out is over
        return {"dialog_state": "HANDOFF", "say": line_callback.ending(state), "notes": []}
    ticket = state.handoff or Handoff(reason="user_request", summary=summary(state))
    if state.staff_in:
        because = phrases.HANDOFF_BECAUSE.get(ticket["reason"], phrases.HANDOFF_BECAUSE["user_request"])
    else:  # nobody to put the caller through to: say when staff are back instead (never for an emergency)
        because = phrases.HANDOFF_WHEN_CLOSED.get(ticket["reason"], "")
        because += phrases.staff_back_at(state.staff_back) if because else ""
    collected = ticket["summary"]
    passed_on = phrases.passed_on(collected.get("day"), collected.get("time"), collected.get("name"))
    say = " ".join(p for p in [*state.notes, because, passed_on] if p)
    return {"dialog_state": "HANDOFF", "say": say, "notes": []}
