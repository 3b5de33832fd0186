"""find_slots: look up the open times of the chosen day (a read tool: timeouts are retried)."""

from __future__ import annotations

from langgraph.runtime import Runtime

from dialog import phrases
from dialog.context import Context
from dialog.handoff import handoff_update
from dialog.state import CallState
from dialog.tasks import not_open
from nodes.common import clinic, read_tool


def find_slots(state: CallState, runtime: Runtime[Context]) -> dict:
    """Offer the day's open times; a day with none asks for another; a time asked for is checked."""
    api = clinic(runtime)
    try:
        open_times = [str(t) for t in read_tool(runtime, api.find_slots, state.day)]
    except Exception:  # timeouts already retried; a refusal or a broken backend goes to a person
        return handoff_update(state, "tool_failure", phrases.UNAVAILABLE)
    notes = list(state.notes)
    # A time that is not open here is remembered: "then the 12th?" means the same time on another day.
    wanted = state.time or state.wanted_time
    if not open_times:
        notes.append(phrases.no_open_times(state.day))
        return {"day": None, "date": None, "time": None, "wanted_time": wanted, "offered_day": None,
                "offered_times": [], "notes": notes}
    found = {"offered_day": state.day, "offered_times": open_times, "notes": notes}
    if state.time is not None and state.time not in open_times:
        return found | not_open(state.day, state.time, open_times, notes)
    return found | {"time": state.time, "wanted_time": None if state.time else wanted}
