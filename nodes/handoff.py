"""HANDOFF: a person takes over; the caller hears why and what will be passed on."""

from __future__ import annotations

from graph.state import CallState
from nodes.common import spoken_day, spoken_time

WHY = {
    "user_request": "Of course, I'll put you through to a member of staff.",
    "not_understood": "I'm sorry, I'm having trouble understanding. Let me put you through to a member of staff.",
    "tool_failure": "Let me put you through to a member of staff who can finish this for you.",
}


def passed_on(summary: dict) -> str:
    parts = [f"day {spoken_day(summary['day'])}" if summary.get("day") else None,
             f"time {spoken_time(summary['time'])}" if summary.get("time") else None,
             f"name {summary['name']}" if summary.get("name") else None]
    parts = [p for p in parts if p]
    return f"I'll pass on what we have so far: {', '.join(parts)}." if parts else ""


def handoff(state: CallState) -> dict:
    ticket = state.handoff or {"reason": "user_request", "summary": {}}
    say = " ".join(p for p in [*state.notes, WHY.get(ticket["reason"], WHY["user_request"]),
                               passed_on(ticket["summary"])] if p)
    return {"dialog_state": "HANDOFF", "say": say, "notes": []}
