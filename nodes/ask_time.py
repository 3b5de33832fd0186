"""ASK_TIME: offer the open times of the chosen day (say them, and the keypad digit for each)."""

from graph.context import Context
from graph.state import CallState
from nodes.common import one_of, spoken_day, spoken_time, waiting_node


def prompt(state: CallState, context: Context) -> str:
    if state.choices:
        return f"Would you like {one_of([spoken_time(t) for t in state.choices])}?"
    times = [spoken_time(t) for t in state.offered_times]
    keys = ", ".join(f"{i} for {t}" for i, t in enumerate(times, start=1))
    return (f"On {spoken_day(state.offered_day)} we have {one_of(times)} open. Which time suits you? "
            f"You can also press {keys}.")


ask_time = waiting_node("ASK_TIME", prompt)
