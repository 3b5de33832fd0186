"""find_slots: look up the open times of the chosen day (a read tool: timeouts are retried)."""

from __future__ import annotations

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from graph.context import Context, clinic_for
from graph.state import CallState
from nodes.common import handoff_update, spoken_day, spoken_time, thread_id
from tools.retry import call_read_tool
from voicekit.clinic import ToolTimeout

UNAVAILABLE = "I'm sorry, I can't reach our booking system right now."


def find_slots(state: CallState, runtime: Runtime[Context], config: RunnableConfig) -> dict:
    context = runtime.context
    api = clinic_for(context, thread_id(config))
    try:
        found = call_read_tool(api.find_slots, state.day, sleep=context.sleep,
                               max_retries=context.max_retries, backoff=context.backoff)
        open_times = [str(t) for t in found]
    except ToolTimeout:
        return handoff_update(state, "tool_failure", UNAVAILABLE)
    except Exception:  # a refusal (ToolError) or a broken backend: not worth retrying, a person takes over
        return handoff_update(state, "tool_failure", UNAVAILABLE)

    notes = list(state.notes)
    if not open_times:
        notes.append(f"I'm sorry, we have no open times on {spoken_day(state.day)}.")
        return {"day": None, "time": None, "offered_day": None, "offered_times": [], "notes": notes}
    time = state.time
    if time is not None and time not in open_times:
        notes.append(f"Sorry, {spoken_time(time)} isn't open on {spoken_day(state.day)}.")
        time = None
    return {"offered_day": state.day, "offered_times": open_times, "time": time, "notes": notes}
