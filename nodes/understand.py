"""Understanding a turn: parse, apply the rules that override everything, then fill the slots.

Order matters and is the dialog policy: emergency and "a person" hand off at once, "stop" ends,
"repeat" re-asks, a side question is answered, two not-understood turns in a row hand off;
only then are day, time and name updated (see ``nodes.slots``).
"""

from __future__ import annotations

from dataclasses import replace

from langgraph.runtime import Runtime

from graph.context import Context
from graph.hearing import hear
from graph.state import CallState
from nodes.common import handoff_update
from nodes.slots import answer_question, fill_slots, name_from_last_word, start_over
from voicekit.nlu import mask_sensitive

SORRY = "Sorry, I didn't catch that."
PRIVACY = "For your privacy, please don't read out card or ID numbers; I don't need them to book."
NO_ADVICE = "I'm sorry, I can't give medical advice; a doctor or nurse can help with that."


def understand(state: CallState, runtime: Runtime[Context]) -> dict:
    context = runtime.context
    text = mask_sensitive(state.utterance)
    heard = hear(text, state, context)
    turn = {"utterance": text, "notes": [], "repeat": False, "confirmed": False, "choices": []}
    fresh = replace(state, notes=[])

    if heard.act == "emergency":
        note = (f"If this is an emergency, please hang up and call {context.profile.emergency_number} now. "
                "I'm also connecting you to our staff.")
        return turn | handoff_update(fresh, "user_request", note, day=heard.day, time=heard.time, name=heard.name)
    if heard.intent == "human":
        return turn | handoff_update(fresh, "user_request", day=heard.day, time=heard.time, name=heard.name)
    if heard.act == "stop":
        return turn | {"ended": "stopped"}
    if heard.act == "repeat":
        return turn | {"repeat": True, "misunderstood": 0}
    if heard.act == "hold":  # the caller talks over us or needs a moment: stop, call nothing, wait
        return turn | {"notes": ["Sure, take your time."], "misunderstood": 0}
    if heard.act == "restart":
        return turn | start_over() | {"notes": ["Let's start over."], "misunderstood": 0}

    notes: list[str] = []
    if heard.sensitive:
        notes.append(PRIVACY)
    if heard.act == "medical":
        notes.append(NO_ADVICE)
    if heard.intent == "hours" or heard.act == "address":
        notes.append(answer_question(heard, context))
        return turn | {"notes": notes, "misunderstood": 0}  # a side question changes no slot

    spoken_name = name_from_last_word(text, heard) if state.dialog_state == "ASK_NAME" else None
    understood = heard.intent != "unknown" or spoken_name or heard.act == "medical" or heard.sensitive
    if not understood:
        misunderstood = state.misunderstood + 1
        if misunderstood >= 2:
            return turn | {"misunderstood": misunderstood} | handoff_update(fresh, "not_understood")
        return turn | {"misunderstood": misunderstood, "notes": [*notes, SORRY]}

    return turn | {"misunderstood": 0} | fill_slots(state, heard, spoken_name, notes)

