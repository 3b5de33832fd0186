"""A write step cut off by a crash: re-run only where the backend takes idempotency keys."""

from __future__ import annotations

from typing import Any, get_args

from langgraph.graph.state import CompiledStateGraph
from langgraph.types import StateSnapshot

from dialog import line_callback, moving
from dialog.language import phrases
from dialog.state import WriteNode
from graph.speedups.three_channels import as_call, stored_update
from tools.writes import accepts_idempotency_key
from voicekit.backend import ClinicBackend

WRITE_NODES: tuple[WriteNode, ...] = get_args(WriteNode)


def never_resend_a_keyless_write(graph: CompiledStateGraph[Any, Any, Any, Any], config: Any,
                                 api: ClinicBackend, snapshot: StateSnapshot) -> None:
    """Record a cut-off write on a backend without idempotency keys as a hand-off, so it is never re-sent.

    Without a key the clinic cannot tell a re-sent write from a new one, and the first may have gone
    through: the step is recorded as a hand-off ("a member of staff will check"); a keyed write re-runs and
    the backend replays it.
    """
    for task in snapshot.tasks:
        if task.name in WRITE_NODES and not accepts_idempotency_key(getattr(api, task.name, None)):
            cut_off = as_call(snapshot.values or {})
            note = phrases.MAY_HAVE_GONE_THROUGH
            if cut_off.task == "reschedule" and moving.old_appointment(cut_off) is not None:
                # A move cut off at either write: the caller hears what stands, staff get both in the move's record.
                note = moving.cut_short(cut_off, task.name)
                update = {"confirmed": False} | moving.record(cut_off, None if task.name == "book" else True,
                                                              old_cancelled=False if task.name == "book" else None)
                update |= line_callback.write_failed(cut_off, note)
            else:
                update = {"confirmed": False} | line_callback.write_failed(cut_off, note)
            graph.update_state(config, stored_update(update), as_node=task.name)
            return
