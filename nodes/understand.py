"""UNDERSTAND: a call's first turn (started, not resumed) heard and understood; the graph routes on the result.

Later turns are understood by the waiting node that heard them (``nodes.common.waiting_node``): the same
``dialog.turn.take_turn``, one superstep less.
"""

from __future__ import annotations

from langgraph.runtime import Runtime

from dialog.context import Context
from dialog.state import CallState, CallUpdate
from dialog.turn import take_turn


def understand(state: CallState, runtime: Runtime[Context]) -> CallUpdate:
    """The updates of the call's first turn."""
    return take_turn(state, runtime.context)
