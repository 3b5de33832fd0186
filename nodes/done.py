"""DONE: the call ends without a person: booked, cancelled, or stopped with nothing booked."""

from __future__ import annotations

from dialog.language import phrases
from dialog.state import CallState, CallUpdate
from dialog.tasks import task_named


def farewell(state: CallState) -> str:
    """The task's own farewell once its write went through; otherwise nothing was booked or changed."""
    task = task_named(state.task)
    if state.ended == task.ended:
        return task.farewell(state)
    return phrases.NOTHING_CHANGED


def done(state: CallState) -> CallUpdate:
    """End the call with what was done."""
    return {"dialog_state": "DONE", "say": " ".join([*state.notes, farewell(state)]), "notes": []}
