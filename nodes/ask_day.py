"""ASK_DAY: which day (or, when cancelling, which of the caller's appointments)."""

from graph.context import Context
from graph.routing import matching_bookings
from graph.state import CallState
from nodes.common import one_of, spoken_day, spoken_time, waiting_node


def prompt(state: CallState, context: Context) -> str:
    if state.task == "cancel":
        fitting = matching_bookings(state) or state.bookings_found
        found = [f"{spoken_day(b['day'])} at {spoken_time(b['time'])}" for b in fitting]
        return f"I found appointments on {one_of(found)}. Which one should I cancel?"
    if state.choices:
        return f"Which day would you like: {one_of([spoken_day(d) for d in state.choices])}?"
    return "Which day would you like to come in?"


ask_day = waiting_node("ASK_DAY", prompt)
