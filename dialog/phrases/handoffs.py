"""Tool failures and hand-offs: why a person takes over, what they are told, and the adapter's last resorts."""

from __future__ import annotations

from dialog.phrases.values import spoken_day, spoken_time

UNAVAILABLE = "I'm sorry, I can't reach our booking system right now."
NO_LOOKUP_HERE = "I can't look up appointments on this line."
MAY_HAVE_GONE_THROUGH = ("I didn't get an answer from our booking system, so I won't try again in case it went "
                         "through. A member of staff will check and confirm.")
BOOKING_REFUSED = "Our booking system couldn't take that booking."
CANCELLING_REFUSED = "Our booking system couldn't cancel that appointment."

# When the clinic is closed nobody can take the call: the caller hears when to call back instead. (An
# emergency is the only "user_request" hand-off then; the emergency number has been said already.)
HANDOFF_WHEN_CLOSED = {
    "user_request": "",
    "not_understood": "I'm sorry, I'm having trouble understanding, and our staff aren't in right now.",
    "tool_failure": "I can't finish this for you now, and our staff aren't in right now.",
}
HANDOFF_BECAUSE = {
    "user_request": "Of course, I'll put you through to a member of staff.",
    "not_understood": "I'm sorry, I'm having trouble understanding. Let me put you through to a member of staff.",
    "tool_failure": "Let me put you through to a member of staff who can finish this for you.",
}


def passed_on(day: str | None, time: str | None, name: str | None) -> str:
    """What the caller hears will reach the person taking over ("" when nothing was collected)."""
    parts = [f"day {spoken_day(day)}" if day else None, f"time {spoken_time(time)}" if time else None,
             f"name {name}" if name else None]
    said = [p for p in parts if p]
    return f"I'll pass on what we have so far: {', '.join(said)}." if said else ""


# -- the adapter's last resorts (graph/voice_agent.py) ---------------------------------------

SAY_AGAIN = "Sorry, could you say that again?"
BROKEN = "I'm sorry, something went wrong on my side. Let me put you through to a member of staff."
