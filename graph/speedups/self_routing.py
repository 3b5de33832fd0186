"""Nodes that route themselves: the node's update and the next node in one ``Command``.

A conditional edge makes LangGraph copy every channel of the call to show its router the state after the
node (~0.4 ms a turn, the largest cost above the framework's floor). Here the router sees the node's
state with its update applied, and may only answer one of the nodes its return type names: those are the
edges Studio draws and the structure tests check, and a router answering anything else is a bug that fails
the turn loudly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, get_args, get_type_hints

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime
from langgraph.types import Command

from dialog.context import Context
from dialog.state import CallState, CallUpdate
from graph.speedups.three_channels import StoredCall, as_call, stored_update, uniform_call

Router = Callable[[CallState], str]
_UNSET = object()


def router_targets(router: Router) -> tuple[str, ...]:
    """The nodes ``router`` may answer: the members of its ``Literal`` return type (nested ones flattened)."""
    def members(tp: Any) -> list[str]:
        args = get_args(tp)
        return [tp] if isinstance(tp, str) else [m for arg in args for m in members(arg)]

    found = tuple(dict.fromkeys(members(get_type_hints(router).get("return"))))
    if not found:
        raise TypeError(f"{router.__name__} must be annotated to return a Literal of node names")
    return found


def self_routing(node: Callable[..., CallUpdate], router: Router) -> Callable[..., Command]:
    """``node`` returning ``Command(update=its update, goto=router(state after the update))``.

    The graph keeps the call in three channels (``three_channels``): ``node`` and ``router`` see a ``CallState``.
    """
    allowed = frozenset(router_targets(router))
    call = uniform_call(node)

    def run(stored: StoredCall, runtime: Runtime[Context], config: RunnableConfig) -> Command:
        state = as_call(stored)
        update = call(state, runtime, config)
        goto = router(replace(state, **update))
        if goto not in allowed:
            raise ValueError(f"{router.__name__} sent {node.__name__} to {goto!r}, not one of {sorted(allowed)}")
        # Only what changed: LangGraph gives every channel written a new version, and each checkpoint stores
        # each new version (a database row apiece), equal value or not; a turn that changes only the words
        # and the dialog state leaves ``call`` unwritten.
        changed = {field: value for field, value in update.items() if getattr(state, field, _UNSET) != value}
        return Command(update=stored_update(changed), goto=goto)

    run.__name__ = node.__name__
    return run
