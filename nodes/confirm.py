"""CONFIRM: read the booking (or cancellation) back and wait. The only door to book and cancel.

The consent gate of the call's language (``dialog.consent``, ``dialog.consent_ko``) opens it: a turn that is,
as a whole, an explicit yes (or only the keypad key 1). A "yes" that also changes a value is a correction (the
caller has not heard the new values read back), and no parser or LLM takes part: anything but consent goes to
``understand``, which applies a "no" or a correction, and answers anything else with one short re-ask.
"""

from __future__ import annotations

from langchain_core.runnables import RunnableConfig

from dialog.context import Context
from dialog.language import Language, consent_gate
from dialog.state import CallState, CallUpdate
from dialog.tasks import task_named
from nodes.common import waiting_node


def is_consent(text: str, write: str, language: Language = "en") -> bool:
    """The consent gate of the call's language: each language has its own allow-list (English's: dialog.consent)."""
    return bool(consent_gate(language).is_consent(text, write))


def key_said(text: str, language: Language = "en") -> str | None:
    """The keypad key the turn says and nothing else, in the call's language ("one", "1번"), or None."""
    key = consent_gate(language).key_said(text)
    return str(key) if key is not None else None


def judge(state: CallState, text: str, context: Context, config: RunnableConfig) -> CallUpdate:
    """Open the gate for one write (numbered, for its idempotency key), or keep it shut."""
    key = key_said(text, context.language)
    if key is not None:
        # "two" after "press ... two for no" is that key, a no; "one" is heard as the key too, never 1 pm, but only
        # a pressed 1 opens the gate (SPEC 5.1), so a spoken one gets the short re-ask with the read-back unchanged.
        return {"confirmed": False, "utterance": f"[DTMF] {key}"}
    if context.line_paused() and state.task != "callback":  # staff paused booking: this yes books nothing
        return {"confirmed": False}
    if not is_consent(text, task_named(state.task).consent, context.language):
        return {"confirmed": False}
    accepted = state.confirmations + 1
    # Never a key another call could share (a thread id reused, or "None"): a call without an id gets one now.
    call_id = state.call_id or context.new_call_id()
    return {"confirmed": True, "confirmations": accepted, "misunderstood": 0, "call_id": call_id,
            "write_key": f"{call_id}:{state.task}:{accepted}"}


def question(state: CallState, context: Context) -> str:
    """The full read-back; after an answer that was neither yes nor no, the short re-ask."""
    task = task_named(state.task)
    return task.re_ask(state) if state.misunderstood else task.read_back(state)


confirm = waiting_node("CONFIRM", question, on_answer=judge)
