"""ASK_NAME: whose appointment it is."""

from graph.context import Context
from graph.state import CallState
from nodes.common import waiting_node


def prompt(state: CallState, context: Context) -> str:
    if state.task == "cancel":
        return "What name is the appointment under?"
    return "And what name should I put the booking under?"


ask_name = waiting_node("ASK_NAME", prompt)
