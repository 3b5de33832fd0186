"""find_bookings: the caller's existing appointments, for cancelling (a read tool: retried on timeout)."""

from __future__ import annotations

from dataclasses import replace

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from graph.context import Context, clinic_for
from graph.routing import lookup_key
from graph.state import CallState
from nodes.common import handoff_update, thread_id
from nodes.find_slots import UNAVAILABLE
from nodes.slots import start_over, unmatched_filters
from tools.retry import call_read_tool


def find_bookings(state: CallState, runtime: Runtime[Context], config: RunnableConfig) -> dict:
    context = runtime.context
    api = clinic_for(context, thread_id(config))
    if not hasattr(api, "find_bookings"):
        return handoff_update(state, "tool_failure", "I can't look up appointments on this line.")
    try:
        found = call_read_tool(api.find_bookings, state.name, sleep=context.sleep,
                               max_retries=context.max_retries, backoff=context.backoff)
        bookings = [dict(b) for b in found]
    except Exception:  # timeouts already retried; a refusal or broken backend goes to a person
        return handoff_update(state, "tool_failure", UNAVAILABLE)
    if not bookings:
        note = (f"I couldn't find an appointment under {state.name}. I can book a new one, "
                "or put you through to a member of staff.")
        return start_over() | {"name": state.name, "notes": [*state.notes, note]}
    update = {"bookings_found": bookings, "bookings_looked_up": lookup_key(state)}
    return update | unmatched_filters(replace(state, bookings_found=bookings))
