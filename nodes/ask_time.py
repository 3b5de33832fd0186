"""ASK_TIME: offer the open times of the chosen day (say them, and the keypad digit for each)."""

from dialog import phrases
from dialog.context import Context
from dialog.state import CallState
from nodes.common import waiting_node


def question(state: CallState, context: Context) -> str:
    """Two times the caller named, or the day's open times."""
    if state.choices:
        return phrases.which_time_of(state.choices)
    return phrases.open_times(state.offered_day, state.offered_times)


ask_time = waiting_node("ASK_TIME", question)
