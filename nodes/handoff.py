"""HANDOFF: a person takes over; the caller hears why and what will be passed on."""

from __future__ import annotations

from dialog import phrases
from dialog.handoff import summary
from dialog.state import CallState, Handoff


def handoff(state: CallState) -> dict:
    """End the call with the hand-off: why, and what a person will be told."""
    ticket = state.handoff or Handoff(reason="user_request", summary=summary(state))
    because = phrases.HANDOFF_BECAUSE.get(ticket["reason"], phrases.HANDOFF_BECAUSE["user_request"])
    collected = ticket["summary"]
    passed_on = phrases.passed_on(collected.get("day"), collected.get("time"), collected.get("name"))
    say = " ".join(p for p in [*state.notes, because, passed_on] if p)
    return {"dialog_state": "HANDOFF", "say": say, "notes": []}
