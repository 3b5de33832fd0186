"""HANDOFF: a person takes over; the caller hears why and what will be passed on."""

from __future__ import annotations

from dialog import phrases
from dialog.state import CallState


def handoff(state: CallState) -> dict:
    """End the call with the hand-off: why, and what a person will be told."""
    ticket = state.handoff or {"reason": "user_request", "summary": {}}
    because = phrases.HANDOFF_BECAUSE.get(ticket["reason"], phrases.HANDOFF_BECAUSE["user_request"])
    say = " ".join(p for p in [*state.notes, because, phrases.passed_on(ticket["summary"])] if p)
    return {"dialog_state": "HANDOFF", "say": say, "notes": []}
