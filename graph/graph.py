"""The clinic call as a LangGraph state machine. Read top-down: nodes, then edges.

    START -> closed (the call has ended: nothing runs) | understand
             | no_answer (a hand-off's warm transfer rang out: ask whether staff should call back)
    understand / no_answer -(route)-> listen | ask_day | ask_time | ask_name | ask_phone | spell_name | confirm
                                   | find_slots | find_bookings | done | handoff
    listen / ask_day / ask_time / ask_name / ask_phone / spell_name --interrupt(), answered, understood-(route)-> ...
    find_slots / find_bookings -(route)-> ...
    confirm --interrupt()--> consent? -> book | cancel | request_callback      else understood -(route)-> ...
    book   -> done | find_slots (slot taken) | the old appointment's questions (reschedule: route) | handoff
    cancel / request_callback -> done | handoff (also the end of the question after an unanswered transfer)

The writes (``book``, ``cancel``, ``request_callback``) have exactly one way in: CONFIRM resumed with a
plain yes. Layers import one way only: ``graph -> nodes -> dialog -> tools -> voicekit``.

Drawn (Studio, the simulator), every node that hears the caller is wired to every step, since any answer may
change the request; the order each request takes is in docs/flow.md (``python -m evals.flow``).
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from typing import Any, get_args

from langgraph.graph import END, START, StateGraph

from dialog.context import Context
from dialog.routing import after_book, after_cancel, after_confirm, after_start, route
from dialog.state import CallUpdate, NodeName, WriteNode
from graph.demo import DemoClinics
from graph.speedups.one_checkpoint_read import serve_handed_over_reads
from graph.speedups.self_routing import Router, router_targets, self_routing
from graph.speedups.three_channels import StoredCall, channel_edge, channel_node
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
from nodes.spell_name import spell_name
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

    def routing_itself(name: NodeName, node: Callable[..., CallUpdate], router: Router = route) -> None:
        builder.add_node(name, self_routing(node, router), destinations=router_targets(router))

    # A caller turn resumes the waiting node, which hears and understands the answer and routes itself
    # (speedups.self_routing): the edges are its router's Literal return type. The first turn starts at understand.
    routing_itself("understand", facts(understand))
    routing_itself("listen", facts(listen))
    routing_itself("ask_day", facts(ask_day))
    routing_itself("ask_time", facts(ask_time))
    routing_itself("ask_name", facts(ask_name))
    routing_itself("ask_phone", facts(ask_phone))
    routing_itself("spell_name", facts(spell_name))
    routing_itself("confirm", facts(confirm), after_confirm)
    routing_itself("find_slots", tool(find_slots))
    routing_itself("find_bookings", tool(find_bookings))
    builder.add_node("book", channel_node(tool(book)))
    builder.add_node("cancel", channel_node(tool(cancel)))
    builder.add_node("request_callback", channel_node(tool(request_callback)))
    routing_itself("no_answer", tool(no_answer))
    builder.add_node("done", channel_node(facts(done)))
    builder.add_node("handoff", channel_node(facts(handoff)))
    builder.add_node("closed", channel_node(closed))

    # START and the writes keep conditional edges, which run about once a call: a write cut off by a crash is
    # recorded with update_state(as_node=...), and its edges take the call on from there (to handoff).
    builder.add_conditional_edges(START, channel_edge(after_start), list(router_targets(after_start)))
    builder.add_conditional_edges("book", channel_edge(after_book), list(router_targets(after_book)))
    builder.add_conditional_edges("cancel", channel_edge(after_cancel), list(router_targets(after_cancel)))
    builder.add_conditional_edges("request_callback", channel_edge(after_cancel), list(router_targets(after_cancel)))
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


def compiled_for(checkpointer: Any) -> Any:
    """A graph that owns ``checkpointer``: a shallow copy of the compiled one, freed with its agent.

    Caching compiled graphs by checkpointer leaked every call: the cached graph kept its own key alive.
    ``Pregel.copy`` runs the graph's ``__init__`` again (~0.1 ms, and its validation ~0.25 ms; a service
    worker builds an agent a turn), though only the checkpointer differs: ``copy.copy`` shares the rest.
    """
    serve_handed_over_reads(checkpointer)  # the run starts from the checkpoint its turn already read
    graph = copy.copy(_compiled_once())
    graph.checkpointer = checkpointer
    return graph


# langgraph dev compiles and checkpoints this itself (it refuses a graph with its own checkpointer).
studio_graph = build_graph(demo_clinics=DemoClinics()).compile()
