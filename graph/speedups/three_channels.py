"""The call as LangGraph keeps it: three channels, whatever number of fields ``CallState`` has (44 now).

LangGraph gives each state field a channel, and every run and step walks all of them (restoring them from
the checkpoint, reading a node's input, versioning and saving): measured with an empty graph, 37 fields (as
there were then) cost ~0.8 ms a run more than one (2.79 against 1.99 ms). So the checkpoint holds the caller's words and
the dialog state, which Studio shows first and every turn writes, and ``call``: the other fields, merged
key by key on each write.

Nodes and routers never see this shape: ``channel_node``, ``channel_edge`` and ``self_routing`` hand them a
``CallState`` and nest their partial updates; whoever reads a checkpoint's values reads them through ``call_values``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import fields
from typing import Annotated, Any, TypedDict

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from dialog.context import Context
from dialog.language import hearing, speaking
from dialog.state import CallState, CallUpdate, DialogState

OWN_CHANNELS = ("utterance", "dialog_state")
"""The fields kept as channels of their own; all the others live in ``call``."""
_FIELDS = frozenset(f.name for f in fields(CallState))


def _masked(_old: str, new: str) -> str:
    # Every write of the caller's words goes through here, so no checkpoint holds a card number,
    # whichever client (VoiceAgent, Studio, the service) sent the turn.
    return hearing.masked(new)  # in the call's language ("구공공일공일..." is a number too)


def _merged(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    return {**old, **new}


class StoredCall(TypedDict, total=False):
    """One phone call as its checkpoint holds it (a ``CallState`` spread over three channels)."""

    utterance: Annotated[str, _masked]
    """The caller's latest utterance, card and ID numbers masked on every write."""
    dialog_state: DialogState
    """Which of the seven dialog states the call is in; this is what handle() reports."""
    call: Annotated[dict[str, Any], _merged]
    """Every other field of ``CallState`` that has been written, by name; a write replaces the names it gives."""


def as_call(stored: Mapping[str, Any]) -> CallState:
    """The ``CallState`` a node or router sees (fields never written keep their defaults)."""
    return CallState(**stored.get("call", {}), **{k: stored[k] for k in OWN_CHANNELS if k in stored})


def stored_update(update: Mapping[str, Any]) -> dict[str, Any]:
    """A ``CallState`` partial update as writes to the three channels; an unknown field is a bug, said at once."""
    unknown = update.keys() - _FIELDS
    if unknown:
        raise ValueError(f"not fields of CallState: {sorted(unknown)} (add them to dialog.state.CallState)")
    nested: dict[str, Any] = {k: update[k] for k in OWN_CHANNELS if k in update}
    rest = {k: v for k, v in update.items() if k not in OWN_CHANNELS}
    if rest:
        nested["call"] = rest
    return nested


def call_values(values: Mapping[str, Any] | None) -> dict[str, Any]:
    """A checkpoint's (or a run's output's) values by ``CallState`` field name, as they were before nesting."""
    values = values or {}
    return {**values.get("call", {}), **{k: v for k, v in values.items() if k != "call"}}


def uniform_call(
        node: Callable[..., CallUpdate]) -> Callable[[CallState, Runtime[Context], RunnableConfig], CallUpdate]:
    """``node`` called as ``(state, runtime, config)``, passing on only the ones it takes, in the call's language."""
    wants = tuple(name for name in ("runtime", "config") if name in inspect.signature(node).parameters)

    def call(state: CallState, runtime: Runtime[Context], config: RunnableConfig) -> CallUpdate:
        given = {"runtime": runtime, "config": config}
        # Every sentence a node says is in the call's language (dialog.language): the node itself knows none.
        with speaking(getattr(getattr(runtime, "context", None), "language", "en")):  # no runtime: a test's call
            return node(state, **{name: given[name] for name in wants})

    return call


def channel_node(node: Callable[..., CallUpdate]) -> Callable[..., dict]:
    """``node`` (a ``CallState`` in, a partial update out) as a node of the three-channel graph."""
    call = uniform_call(node)

    def run(stored: StoredCall, runtime: Runtime[Context], config: RunnableConfig) -> dict:
        return stored_update(call(as_call(stored), runtime, config))

    run.__name__ = node.__name__
    return run


def channel_edge(router: Callable[[CallState], str]) -> Callable[[StoredCall], str]:
    """``router`` (a ``CallState`` in, the next node out) as a conditional edge of the three-channel graph."""

    def route(stored: StoredCall) -> str:
        return router(as_call(stored))

    route.__name__ = router.__name__
    return route
