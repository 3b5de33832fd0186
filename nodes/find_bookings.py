"""find_bookings: the caller's existing appointments, for cancelling (a read tool: retried on timeout)."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from langgraph.runtime import Runtime

from dialog import phrases
from dialog.bookings import lookup_key, theirs_to_cancel, unmatched_filters
from dialog.context import Context
from dialog.handoff import handoff_update
from dialog.slots import start_over
from dialog.state import CallState
from nodes.common import clinic, read_tool
from voicekit.clinic import Booking


def find_bookings(state: CallState, runtime: Runtime[Context]) -> dict:
    """Fetch the caller's appointments by name; none found offers a new booking instead."""
    api = clinic(runtime)
    if not hasattr(api, "find_bookings"):
        return handoff_update(state, "tool_failure", phrases.NO_LOOKUP_HERE)
    try:
        bookings = [cast(Booking, dict(b)) for b in read_tool(runtime, api.find_bookings, state.name)]
    except Exception:  # timeouts already retried; a refusal or a broken backend goes to a person
        return handoff_update(state, "tool_failure", phrases.UNAVAILABLE)
    if not theirs_to_cancel(state, bookings):
        none_found = phrases.no_appointment_for(state.name, state.staff_in)
        return start_over() | {"name": state.name, "notes": [*state.notes, none_found]}
    update = {"bookings_found": bookings, "bookings_looked_up": lookup_key(state)}
    return update | unmatched_filters(replace(state, bookings_found=bookings))
