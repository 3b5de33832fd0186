"""The clinic call as a LangGraph state machine. Read top-down: nodes, then edges.

    START -> understand -(route)-> listen | ask_day | ask_time | ask_name | confirm
                                   | find_slots | find_bookings | done | handoff
    listen / ask_day / ask_time / ask_name  --interrupt(), caller answers-->  understand
    confirm --interrupt()--> plain yes? -> book | cancel      else -> understand
    book   -> done | find_slots (slot taken) | handoff        cancel -> done | handoff

``book`` and ``cancel`` have exactly one way in: CONFIRM resumed with a plain yes.
"""

from __future__ import annotations

from typing import Literal

from langgraph.graph import END, START, StateGraph

from graph.context import Context
from graph.routing import after_confirm, after_write, route
from graph.state import CallState
from nodes.ask_day import ask_day
from nodes.ask_name import ask_name
from nodes.ask_time import ask_time
from nodes.book import book
from nodes.cancel import cancel
from nodes.confirm import confirm
from nodes.done import done
from nodes.find_bookings import find_bookings
from nodes.find_slots import find_slots
from nodes.handoff import handoff
from nodes.listen import listen
from nodes.understand import understand

RECURSION_LIMIT = 25  # one turn takes at most ~6 steps; a routing loop must fail fast, not spin


def after_cancel(state: CallState) -> Literal["done", "handoff"]:
    return "handoff" if state.handoff is not None else "done"


def build_graph() -> StateGraph:
    """The uncompiled graph: compile it with a checkpointer (VoiceAgent) or let langgraph dev do it."""
    builder = StateGraph(CallState, context_schema=Context)

    builder.add_node("understand", understand)
    builder.add_node("listen", listen)
    builder.add_node("ask_day", ask_day)
    builder.add_node("ask_time", ask_time)
    builder.add_node("ask_name", ask_name)
    builder.add_node("confirm", confirm)
    builder.add_node("find_slots", find_slots)
    builder.add_node("find_bookings", find_bookings)
    builder.add_node("book", book)
    builder.add_node("cancel", cancel)
    builder.add_node("done", done)
    builder.add_node("handoff", handoff)

    builder.add_edge(START, "understand")
    builder.add_conditional_edges("understand", route)
    for waiting in ("listen", "ask_day", "ask_time", "ask_name"):
        builder.add_edge(waiting, "understand")
    builder.add_conditional_edges("confirm", after_confirm)
    builder.add_conditional_edges("find_slots", route)
    builder.add_conditional_edges("find_bookings", route)
    builder.add_conditional_edges("book", after_write)
    builder.add_conditional_edges("cancel", after_cancel)
    builder.add_edge("done", END)
    builder.add_edge("handoff", END)
    return builder


# langgraph dev compiles and checkpoints this itself (it refuses a graph with its own checkpointer).
studio_graph = build_graph().compile()
