"""The hand-off record the lab defines: why the call goes to a person, and what was collected."""

from __future__ import annotations

from dialog.state import CallState, Handoff, HandoffReason, Summary


def summary(state: CallState, day: str | None = None, time: str | None = None, name: str | None = None) -> Summary:
    """The slots filled so far (None where not); a value heard this turn wins over the stored one."""
    return Summary(day=state.day if day is None else day, time=state.time if time is None else time,
                   name=state.name if name is None else name)


def handoff_update(state: CallState, reason: HandoffReason, note: str | None = None, *, day: str | None = None,
                   time: str | None = None, name: str | None = None) -> dict:
    """The update that sends the call to a person, with why and what was collected."""
    notes = [*state.notes, note] if note else list(state.notes)
    return {"handoff": Handoff(reason=reason, summary=summary(state, day, time, name)), "notes": notes}
