"""CONFIRM: read the booking (or cancellation) back and wait. The only door to book and cancel.

The consent gate (``dialog.consent``) opens it: a plain, rule-heard "yes" (or keypad 1) that changes
nothing. A "yes" that also changes a value is a correction (the caller has not heard the new values
read back), and the LLM can never open it: anything but a plain yes goes to ``understand``.
"""

from __future__ import annotations

from langchain_core.runnables import RunnableConfig

from dialog.consent import gives_consent
from dialog.context import Context
from dialog.state import CallState
from dialog.tasks import task_named
from nodes.common import thread_id, waiting_node


def judge(state: CallState, text: str, context: Context, config: RunnableConfig) -> dict:
    """Open the gate for one write (numbered, for its idempotency key), or keep it shut."""
    if not gives_consent(text, state, context):
        return {"confirmed": False}
    accepted = state.confirmations + 1
    return {"confirmed": True, "confirmations": accepted, "misunderstood": 0,
            "write_key": f"{thread_id(config)}:{state.task}:{accepted}"}


confirm = waiting_node("CONFIRM", lambda state, context: task_named(state.task).read_back(state), on_answer=judge)
