"""The consent gate: does this turn, as a whole, authorise the irreversible step that was read back?

CONFIRM asks it for ``book`` and ``cancel`` alike. It listens to the rules alone: an LLM's guess must
never authorise a write, whatever mode the call runs in.
"""

from __future__ import annotations

from dataclasses import replace

from dialog.context import Context
from dialog.hearing import hear
from dialog.state import CallState
from voicekit.nlu import Understanding


def gives_consent(text: str, state: CallState, context: Context) -> bool:
    """True only for an explicit yes (or keypad 1) to the read-back that changes nothing in it."""
    waiting = replace(state, dialog_state="CONFIRM")
    return is_plain_yes(hear(text, waiting, replace(context, nlu="rule")), waiting)


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
