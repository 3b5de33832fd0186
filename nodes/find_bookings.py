"""find_bookings: the caller's existing appointments, for cancelling or moving one (a read tool: retried on timeout).

Reached once the caller has said whose appointment, which one, and the number it is under (or the line passed a
caller id). Only bookings whose phone is one of the caller's numbers are kept: nothing else is ever read out,
matched or even kept in the call, and every way of not finding one sounds the same.
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

from langgraph.runtime import Runtime

from dialog.bookings import lookup_key, numbers_to_check, the_callers, theirs_to_cancel
from dialog.context import Context
from dialog.handoff import handoff_update
from dialog.language import phrases, security_phrases
from dialog.moving import described_filters
from dialog.state import CallState, CallUpdate
from nodes.common import clinic, read_tool
from voicekit.clinic import Booking
from voicekit.clinics.checks import as_hhmm


def find_bookings(state: CallState, runtime: Runtime[Context]) -> CallUpdate:
    """Fetch the appointments under the name and keep the caller's own; none of theirs goes to staff."""
    api = clinic(runtime)
    if not hasattr(api, "find_bookings"):
        return handoff_update(state, "tool_failure", phrases.NO_LOOKUP_HERE)
    try:
        found = [dict(b) for b in read_tool(runtime, api.find_bookings, state.name)]
        for booking in found:  # "10:00:00" from a calendar that adds seconds is the 10 am the caller describes
            booking["time"] = as_hhmm(booking.get("time")) or booking.get("time")
    except Exception:  # timeouts already retried; a refusal or a broken backend goes to a person
        return handoff_update(state, "tool_failure", phrases.UNAVAILABLE)
    country = runtime.context.profile.country
    theirs = theirs_to_cancel(state, [cast(Booking, b) for b in the_callers(found, numbers_to_check(state), country)])
    update: CallUpdate = {"bookings_found": theirs, "bookings_looked_up": lookup_key(state)}
    if not theirs and state.booking_phone is None:
        return update  # only the caller id was checked: the number the appointment is under is asked next
    if not theirs:
        # Nothing under the name, nothing with this number, or an old booking with no number on file: one answer
        # for all three, so a stranger learns nothing; a person can check who is calling.
        return update | handoff_update(state, "tool_failure", security_phrases.NO_MATCHING_APPOINTMENT)
    return update | described_filters(replace(state, bookings_found=theirs))
