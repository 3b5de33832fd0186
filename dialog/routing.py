"""What happens next: pure functions of the call's state, so they are tested without a graph.

``route`` is SPEC's ``_next``: one-shot and step-by-step callers go through the same decisions, and
whatever slots are filled, the first missing or unchecked one is what the agent asks for next. The
per-task part of that decision lives in ``dialog.tasks``.
"""

from __future__ import annotations

from typing import Literal

from dialog import line_callback
from dialog.state import TERMINAL, CallState, DialogState, Step, WriteNode
from dialog.tasks import TASKS

AfterStart = Literal["understand", "closed", "no_answer"]
AfterConfirm = Literal[WriteNode, Step]
AfterBook = Literal["cancel", "find_slots", "done", "handoff"]
AfterCancel = Literal["done", "handoff"]

_NODE_OF_STATE: dict[DialogState, Step] = {"LISTEN": "listen", "ASK_DAY": "ask_day", "ASK_TIME": "ask_time",
                                           "ASK_NAME": "ask_name", "CONFIRM": "confirm"}
_ASKING_NODE: dict[str | None, Step] = {"phone": "ask_phone", "spelling": "spell_name"}


def after_start(state: CallState) -> AfterStart:
    """A new turn is understood, unless the call has already ended (rule 9: then nothing runs).

    The one exception: the phone line reports that the warm transfer of a hand-off rang out.
    """
    if state.dialog_state not in TERMINAL:
        return "understand"
    transferred = state.dialog_state == "HANDOFF" and state.staff_in and state.handoff is not None
    return "no_answer" if transferred and state.transfer == "unanswered" else "closed"


def route(state: CallState) -> Step:
    """The next node after the caller was understood or a read tool answered."""
    if line_callback.asking(state):  # the call has a hand-off already: this question alone goes on
        return line_callback.step(state)
    if state.handoff is not None:
        return "handoff"
    if state.ended is not None:
        return "done"
    if state.repeat:
        return _ASKING_NODE.get(state.asking) or _NODE_OF_STATE.get(state.dialog_state, "listen")
    if state.name_check is not None:  # a name heard unsure, said to be wrong, or one of two: spelled before anything
        return "spell_name"
    task = TASKS.get(state.task) if state.task is not None else None
    return "listen" if task is None else task.next_step(state)


def after_confirm(state: CallState) -> AfterConfirm:
    """Out of CONFIRM: a plain yes goes to its task's write; anything else was understood, and routes as usual."""
    task = TASKS.get(state.task) if state.task is not None else None
    if state.confirmed and task is not None:
        return task.write
    return route(state)


def after_book(state: CallState) -> AfterBook:
    """After book: finished, the second write the same yes covers (a move), other times (slot taken), or a person.

    The move's cancel follows only while the yes is unspent: ``book`` keeps ``confirmed`` for it alone, on success.
    """
    if state.handoff is not None:
        return "handoff"
    if state.ended is not None:
        return "done"
    task = TASKS.get(state.task) if state.task is not None else None
    if state.confirmed and task is not None and task.second_write == "cancel":
        return "cancel"
    return "find_slots"


def after_cancel(state: CallState) -> AfterCancel:
    """After cancel or request_callback: finished, or hand off (a write that failed is never re-sent)."""
    return "handoff" if state.handoff is not None else "done"
