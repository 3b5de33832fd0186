"""book: the irreversible write. Reached only from CONFIRM's plain yes; called once, never re-sent."""

from __future__ import annotations

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from graph.context import Context, clinic_for
from graph.state import CallState
from nodes.common import handoff_update, spoken_day, spoken_time, thread_id
from tools.writes import call_write_tool
from voicekit.clinic import ToolError, ToolTimeout

UNSURE = ("I didn't get an answer from our booking system, so I won't try again in case it went through. "
          "A member of staff will check and confirm.")
REFUSED = "Our booking system couldn't take that booking."


def book(state: CallState, runtime: Runtime[Context], config: RunnableConfig) -> dict:
    api = clinic_for(runtime.context, thread_id(config))
    spent = {"confirmed": False}  # this confirmation is used up whatever happens next
    try:
        result = call_write_tool(api.book, state.day, state.time, state.name, idempotency_key=state.write_key)
    except ToolTimeout:
        return spent | handoff_update(state, "tool_failure", UNSURE)
    except ToolError as refusal:
        if getattr(refusal, "code", None) != "taken":
            return spent | handoff_update(state, "tool_failure", REFUSED)
        taken = f"I'm sorry, {spoken_time(state.time)} on {spoken_day(state.day)} was just taken."
        # The slot is gone: forget the time and the stale offers, so find_slots runs again.
        return spent | {"time": None, "offered_day": None, "offered_times": [], "notes": [*state.notes, taken]}
    except Exception:
        return spent | handoff_update(state, "tool_failure", REFUSED)
    return spent | {"result": dict(result) if isinstance(result, dict) else {"answer": str(result)},
                    "ended": "booked"}
