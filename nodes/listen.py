"""LISTEN: the open question at the start of a call (and after a request that went nowhere)."""

from graph.context import Context
from graph.state import CallState
from nodes.common import waiting_node


def prompt(state: CallState, context: Context) -> str:
    return "How can I help you today? I can book or cancel an appointment."


listen = waiting_node("LISTEN", prompt)
