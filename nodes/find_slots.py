"""find_slots: look up the open times of the chosen date (a read tool: timeouts are retried)."""

from __future__ import annotations

from langgraph.runtime import Runtime

from dialog import phrases
from dialog.calendar import date_refused, offered_on
from dialog.context import Context
from dialog.handoff import handoff_update
from dialog.state import CallState, CallUpdate
from dialog.tasks import not_open
from nodes.common import clinic, read_tool


def find_slots(state: CallState, runtime: Runtime[Context]) -> CallUpdate:
    """Offer the day's open times; a day with none asks for another; a time asked for is checked."""
    api = clinic(runtime)
    notes = list(state.notes)
    # A time that is not open here is remembered: "then the 12th?" means the same time on another day.
    wanted = state.time or state.wanted_time
    no_day: CallUpdate = {"day": None, "date": None, "date_named": False, "time": None, "wanted_time": wanted,
              "offered_day": None, "offered_date": None, "offered_times": [], "notes": notes}
    refused = date_refused(state, runtime.context)  # a holiday, a past date, beyond the horizon: never asked for
    if refused is not None:
        notes.append(refused)
        return no_day
    dated = {"date": state.date} if runtime.context.dated_backend() and state.date else {}
    try:
        found = [str(t) for t in read_tool(runtime, api.find_slots, state.day, **dated)]
    except Exception:  # timeouts already retried; a refusal or a broken backend goes to a person
        return handoff_update(state, "tool_failure", phrases.UNAVAILABLE)
    open_times = offered_on(state, runtime.context, found)
    if not open_times:
        notes.append(phrases.no_open_times(state.day))
        return no_day
    offered: CallUpdate = {"offered_day": state.day, "offered_date": state.date, "offered_times": open_times,
                           "notes": notes}
    if state.time is not None and state.time not in open_times:
        return offered | not_open(state.day, state.time, open_times, notes)
    return offered | {"time": state.time, "wanted_time": None if state.time else wanted}
