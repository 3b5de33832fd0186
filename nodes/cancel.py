"""cancel: the irreversible cancellation. Reached only from CONFIRM's plain yes; never re-sent."""

from __future__ import annotations

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from graph.context import Context, clinic_for
from graph.routing import matching_bookings
from graph.state import CallState
from nodes.book import UNSURE
from nodes.common import handoff_update, thread_id
from tools.writes import call_write_tool
from voicekit.clinic import ToolTimeout

REFUSED = "Our booking system couldn't cancel that appointment."


def cancel(state: CallState, runtime: Runtime[Context], config: RunnableConfig) -> dict:
    api = clinic_for(runtime.context, thread_id(config))
    target = matching_bookings(state)[0]
    spent = {"confirmed": False}
    heard = {"day": target["day"], "time": target["time"], "name": target["name"]}
    try:
        result = call_write_tool(api.cancel, target["booking_id"], idempotency_key=state.write_key)
    except ToolTimeout:
        return spent | handoff_update(state, "tool_failure", UNSURE, **heard)
    except Exception:
        return spent | handoff_update(state, "tool_failure", REFUSED, **heard)
    return spent | {"result": dict(result) if isinstance(result, dict) else {"answer": str(result)},
                    "ended": "cancelled", **heard}
