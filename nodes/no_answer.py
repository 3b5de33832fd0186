"""no_answer: the warm transfer rang out. The caller is asked whether staff should call back; nothing is written.

The phone line reports it (``VoiceAgent.transfer_unanswered``) after the call ended in HANDOFF, and only that
report leads here (``dialog.routing.after_start``). The question is a read-back like any other (``confirm``, or
``ask_phone`` first when the line has no number), so the request is written only on a yes, by
``request_callback``, keyed by the call's id and its confirmation. The hand-off record stays as the lab defines it.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from dialog import line_callback
from dialog.context import Context
from dialog.state import CallState, CallUpdate


def no_answer(state: CallState, runtime: Runtime[Context]) -> CallUpdate:
    """Start the line's callback question (reported once: a second report finds the transfer dealt with)."""
    return line_callback.start(state, runtime.context)
