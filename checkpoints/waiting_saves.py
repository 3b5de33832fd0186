"""Which checkpoint saves of a service turn may wait for the turn's end: never the one before a write."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from contextvars import ContextVar

from langgraph.constants import TASKS

_MAY_WAIT: ContextVar[frozenset[str] | None] = ContextVar("checkpoint_saves_may_wait", default=None)


@contextlib.contextmanager
def saves_may_wait(except_before: Iterable[str] = ()) -> Iterator[None]:
    """Within this block, a saver taking part in a service turn holds its saves until the turn ends.

    Except a save after which a write may run: ``except_before`` are the channels whose update starts a
    write node in the next step (``graph.graph.write_triggers``); a checkpoint that updated one of them, or
    whose updates are not known, goes to the database at once, before the write can run. For a run that
    cannot reach a write, none. Used by ``checkpoints.postgres_turn``; anywhere else it changes nothing.
    """
    if isinstance(except_before, str):
        raise TypeError(f"saves_may_wait takes channel names; got the string {except_before!r}: "
                        f"pass [{except_before!r}]")
    token = _MAY_WAIT.set(frozenset(except_before))
    try:
        yield
    finally:
        _MAY_WAIT.reset(token)


def save_may_wait(checkpoint: dict) -> bool:
    """Whether, in this thread, a save of ``checkpoint`` may wait for the end of the turn (see above)."""
    write_triggers = _MAY_WAIT.get()
    if write_triggers is None:
        return False
    if not write_triggers:
        return True
    updated = checkpoint.get("updated_channels")
    # LangGraph's Send() runs nodes from its tasks channel: that one counts as a write's trigger too
    return updated is not None and TASKS not in updated and write_triggers.isdisjoint(updated)
