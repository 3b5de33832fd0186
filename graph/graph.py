"""The clinic call as a LangGraph state machine. Read top-down: nodes, then edges.

    START -> closed (the call has ended: nothing runs) | understand
             | no_answer (a hand-off's warm transfer rang out: ask whether staff should call back)
    understand / no_answer -(route)-> listen | ask_day | ask_time | ask_name | ask_phone | confirm
                                   | find_slots | find_bookings | done | handoff
    listen / ask_day / ask_time / ask_name / ask_phone --interrupt(), caller answers, understood-(route)-> ...
    find_slots / find_bookings -(route)-> ...
    confirm --interrupt()--> consent? -> book | cancel | request_callback      else understood -(route)-> ...
    book   -> done | find_slots (slot taken) | the old appointment's questions (reschedule: route) | handoff
    cancel / request_callback -> done | handoff (also the end of the question after an unanswered transfer)

The writes (``book``, ``cancel``, ``request_callback``) have exactly one way in: CONFIRM resumed with a
plain yes. Layers import one way only: ``graph -> nodes -> dialog -> tools -> voicekit``.
"""

from __future__ import annotations

import copy
import functools
from typing import Any, get_args

from langgraph.graph import END, START, StateGraph

from dialog.context import Context
from dialog.routing import after_book, after_cancel, after_confirm, after_start, route
from dialog.state import WriteNode
from graph.demo import DemoClinics
from graph.routed import destinations, routed
from graph.stored import StoredCall, on_call, reading
from nodes.ask_day import ask_day
from nodes.ask_name import ask_name
from nodes.ask_phone import ask_phone
from nodes.ask_time import ask_time
from nodes.book import book
from nodes.cancel import cancel
from nodes.closed import closed
from nodes.confirm import confirm
from nodes.done import done
from nodes.find_bookings import find_bookings
from nodes.find_slots import find_slots
from nodes.handoff import handoff
from nodes.listen import listen
from nodes.no_answer import no_answer
from nodes.request_callback import request_callback
from nodes.understand import understand

RECURSION_LIMIT = 25  # one turn takes at most ~6 steps; a routing loop must fail fast, not spin


def build_graph(demo_clinics: DemoClinics | None = None) -> StateGraph[StoredCall, Context, StoredCall, StoredCall]:
    """The uncompiled graph: compile it with a checkpointer (VoiceAgent) or let langgraph dev do it.

    With ``demo_clinics``, a run whose context has no ``api`` gets its thread's demo clinic (Studio).
    """
    tool = demo_clinics.serving if demo_clinics is not None else (lambda node: node)
    # Studio: every node also gets the configured clinic's profile (hours, numbers) when the run brings none.
    facts = (lambda node: demo_clinics.serving(node, tools=False)) if demo_clinics is not None else (lambda node: node)
    builder = StateGraph(StoredCall, context_schema=Context)

    # A caller turn resumes the waiting node, which hears and understands the answer and routes itself
    # (graph.routed): the edges are its router's Literal return type. The first turn starts at understand.
    builder.add_node("understand", routed(facts(understand), route), destinations=destinations(route))
    builder.add_node("listen", routed(facts(listen), route), destinations=destinations(route))
    builder.add_node("ask_day", routed(facts(ask_day), route), destinations=destinations(route))
    builder.add_node("ask_time", routed(facts(ask_time), route), destinations=destinations(route))
    builder.add_node("ask_name", routed(facts(ask_name), route), destinations=destinations(route))
    builder.add_node("ask_phone", routed(facts(ask_phone), route), destinations=destinations(route))
    builder.add_node("confirm", routed(facts(confirm), after_confirm), destinations=destinations(after_confirm))
    builder.add_node("find_slots", routed(tool(find_slots), route), destinations=destinations(route))
    builder.add_node("find_bookings", routed(tool(find_bookings), route), destinations=destinations(route))
    builder.add_node("book", on_call(tool(book)))
    builder.add_node("cancel", on_call(tool(cancel)))
    builder.add_node("request_callback", on_call(tool(request_callback)))
    builder.add_node("no_answer", routed(tool(no_answer), route), destinations=destinations(route))
    builder.add_node("done", on_call(facts(done)))
    builder.add_node("handoff", on_call(facts(handoff)))
    builder.add_node("closed", on_call(closed))

    # START and the writes keep conditional edges, which run about once a call: a write cut off by a crash is
    # recorded with update_state(as_node=...), and its edges take the call on from there (to handoff).
    builder.add_conditional_edges(START, reading(after_start), list(destinations(after_start)))
    builder.add_conditional_edges("book", reading(after_book), list(destinations(after_book)))
    builder.add_conditional_edges("cancel", reading(after_cancel), list(destinations(after_cancel)))
    builder.add_conditional_edges("request_callback", reading(after_cancel), list(destinations(after_cancel)))
    builder.add_edge("done", END)
    builder.add_edge("handoff", END)
    builder.add_edge("closed", END)
    return builder


@functools.cache
def _compiled_once() -> Any:
    """The graph compiled without a checkpointer, once per process (compiling costs ~30 ms)."""
    return build_graph().compile()


@functools.cache
def write_triggers() -> frozenset[str]:
    """The channels whose update runs a write node (``book``, ``cancel``, ``request_callback``) next.

    Read from the compiled graph, not spelled out: a save that updated one must reach the database before
    the write runs (``checkpoints.saves_may_wait``).
    """
    nodes = _compiled_once().nodes
    return frozenset(trigger for name in get_args(WriteNode) for trigger in nodes[name].triggers)


def graph_owning(checkpointer: Any) -> Any:
    """A graph that owns ``checkpointer``: a shallow copy of the compiled one, freed with its agent.

    Caching compiled graphs by checkpointer leaked every call: the cached graph kept its own key alive.
    ``Pregel.copy`` runs the graph's ``__init__`` again (~0.1 ms, and its validation ~0.25 ms; a service
    worker builds an agent a turn), though only the checkpointer differs: ``copy.copy`` shares the rest.
    """
    graph = copy.copy(_compiled_once())
    graph.checkpointer = checkpointer
    return graph


# langgraph dev compiles and checkpoints this itself (it refuses a graph with its own checkpointer).
studio_graph = build_graph(demo_clinics=DemoClinics()).compile()
