"""The hand-off record the lab defines, and the callback request staff get when nobody can take the call.

The record says why the call goes to a person and what was collected.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dialog.state import CallbackRequest, CallState, CallUpdate, Handoff, HandoffReason, Summary

CALLBACK_ASKED = "asked_for_callback"
"""The reason recorded with a callback request the caller asked for (an unanswered transfer gives the hand-off's)."""


def summary(state: CallState, day: str | None = None, time: str | None = None, name: str | None = None) -> Summary:
    """The slots filled so far (None where not); a value heard this turn wins over the stored one."""
    return Summary(day=state.day if day is None else day, time=state.time if time is None else time,
                   name=state.name if name is None else name)


def for_staff(state: CallState, about: Summary | None = None) -> dict[str, Any]:
    """What staff get with a callback request: the summary (the lab's three slots), the date, the reason if said."""
    reason = {"reason": state.reason} if state.reason else {}
    extension = {"extension": state.extension} if state.extension else {}  # "extension 45": staff dial it too
    return {**(about if about is not None else summary(state)), "date": state.date, **reason, **extension}


def handoff_update(state: CallState, reason: HandoffReason, note: str | None = None, *, day: str | None = None,
                   time: str | None = None, name: str | None = None) -> CallUpdate:
    """The update that sends the call to a person, with why and what was collected."""
    notes = [*state.notes, note] if note else list(state.notes)
    return {"handoff": Handoff(reason=reason, summary=summary(state, day, time, name)), "notes": notes}


def callback_record(answer: Mapping[str, object]) -> CallbackRequest:
    """The clinic's answer to ``request_callback`` as the call keeps it (staff need the whole number)."""
    keys = ("callback_id", "name", "phone", "reason", "summary")
    return CallbackRequest(**{k: answer[k] for k in keys if k in answer})  # type: ignore[typeddict-item]
