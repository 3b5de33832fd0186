"""CONFIRM: read the booking (or cancellation) back and wait. The only door to book and cancel.

A plain, rule-heard "yes" (or keypad 1) that changes nothing opens it. A "yes" that also changes a
value is a correction (the caller has not heard the new values read back), and the LLM can never
open it: anything but a plain yes goes to ``understand``.
"""

from __future__ import annotations

from dataclasses import replace

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime
from langgraph.types import interrupt

from graph.context import Context
from graph.hearing import hear
from graph.routing import matching_bookings
from graph.state import CallState
from nodes.common import spoken_day, spoken_time, thread_id
from voicekit.nlu import Understanding, mask_sensitive


def prompt(state: CallState) -> str:
    if state.task == "cancel":
        target = matching_bookings(state)[0]
        return (f"Let me read that back: cancel the appointment for {target['name']} on "
                f"{spoken_day(target['day'])} at {spoken_time(target['time'])}. Shall I cancel it? "
                "Please say yes or no, or press 1 for yes and 2 for no.")
    return (f"Let me read that back: an appointment for {state.name} on {spoken_day(state.day)} at "
            f"{spoken_time(state.time)}. Shall I book it? Please say yes or no, or press 1 for yes and 2 for no.")


def is_plain_yes(heard: Understanding, state: CallState) -> bool:
    """An explicit yes that changes nothing the caller heard read back."""
    changes = (
        (heard.day is not None and heard.day != state.day)
        or (heard.time is not None and heard.time != state.time)
        or (heard.name is not None and heard.name != state.name)
        or heard.ambiguous is not None
        or len(set(heard.days)) > 1
        or len(set(heard.times)) > 1
    )
    return heard.intent == "yes" and heard.act is None and not changes


def confirm(state: CallState, runtime: Runtime[Context], config: RunnableConfig) -> dict:
    question = state.last_prompt if state.repeat else prompt(state)
    say = question if state.repeat else " ".join([*state.notes, question])
    answer = interrupt({"say": say, "state": "CONFIRM"})
    text = mask_sensitive(answer if isinstance(answer, str) else str(answer or ""))
    update = {"utterance": text, "dialog_state": "CONFIRM", "last_prompt": question, "say": say,
              "notes": [], "repeat": False, "confirmed": False}
    waiting = replace(state, dialog_state="CONFIRM")
    # The rules alone decide the gate: an LLM's guess must never authorise an irreversible tool.
    rule_context = replace(runtime.context, nlu="rule")
    if is_plain_yes(hear(text, waiting, rule_context), waiting):
        accepted = state.confirmations + 1
        update |= {
            "confirmed": True,
            "confirmations": accepted,
            "misunderstood": 0,
            "write_key": f"{thread_id(config)}:{state.task}:{accepted}",
        }
    return update
