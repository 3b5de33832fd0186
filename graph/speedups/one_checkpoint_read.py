"""One read of the call's checkpoint per turn: the one the agent made to see where the call waits.

``VoiceAgent`` reads the latest checkpoint to decide how to send the turn (resume an interrupt, start, or
finish a step cut off by a crash), and LangGraph's run then reads the same checkpoint again as it starts:
on PostgreSQL that is a round trip and a decode per turn for nothing. ``hand_over(thread, saved)`` gives the
run the tuple already read, once; every other read (another thread, a given checkpoint id, a second read)
goes to the store. Nothing can change the checkpoint in between: the turn holds its call's lock.
``question_waiting(saved)`` finds the question the call waits at in that same tuple.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from dialog.state import Prompt

INTERRUPT = "__interrupt__"  # the channel LangGraph records interrupts in (its own constant is private)
_HANDED: ContextVar[dict | None] = ContextVar("checkpoint_handed_over", default=None)


def serve_handed_over_reads(saver: Any) -> None:
    """Let ``hand_over`` serve ``saver``'s next read of the latest checkpoint (idempotent, per saver)."""
    if getattr(saver, "_reads_handed_over", False) or "get_tuple" in vars(saver):
        return  # installed already, or its get_tuple was replaced by someone else: leave it alone
    read = type(saver).get_tuple
    saver_ref = weakref.ref(saver)  # not the saver itself: no reference cycle, it is freed with its agent

    def get_tuple(config: dict) -> Any:
        handed = _HANDED.get()
        configurable = config.get("configurable") or {}
        if (handed and "saved" in handed and handed["thread"] == configurable.get("thread_id")
                and not configurable.get("checkpoint_ns") and not configurable.get("checkpoint_id")):
            return handed.pop("saved")  # the dict is shared: the hand-over is used once, whichever context reads
        return read(saver_ref(), config)

    try:
        saver.get_tuple = get_tuple
        saver._reads_handed_over = True
    except AttributeError:  # a saver that takes no attributes (slots): it is simply read twice a turn
        pass


NOT_READ = object()
"""No checkpoint to hand over: it was not read (or what was read is stale), so the run reads it itself."""


@contextmanager
def hand_over(thread_id: str, saved: Any) -> Iterator[None]:
    """Within this block, the first read of ``thread_id``'s latest checkpoint is ``saved``.

    ``saved`` None: nothing is saved yet; ``NOT_READ``: the block changes nothing.
    """
    if saved is NOT_READ:
        yield
        return
    token = _HANDED.set({"thread": thread_id, "saved": saved})
    try:
        yield
    finally:
        _HANDED.reset(token)


def question_waiting(saved: Any) -> Prompt | None:
    """The prompt a call waits at, from its latest checkpoint tuple (None: not waiting, or no checkpoint).

    The same answer as ``get_state().interrupts`` (the interrupts its tasks recorded in the checkpoint's
    pending writes) without building a whole snapshot (~0.3 ms a turn); anything else takes get_state.
    """
    for _task, channel, value in (saved.pending_writes or ()) if saved else ():
        if channel == INTERRUPT and value:
            return (value[0] if isinstance(value, list | tuple) else value).value
    return None
