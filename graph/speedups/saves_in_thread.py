"""LangGraph's background saves run in the calling thread, for this agent's own turns only.

Every sync ``invoke`` of LangGraph builds a thread pool and starts a thread in it to save checkpoints and
pending writes (its ``BackgroundExecutor``). A caller turn of this agent runs one task per step and saves
one or two small checkpoints, so nothing overlaps: starting the thread costs more than the save (about a
sixth of a turn, measured by ``benchmarks/turn_latency.py``). Inside ``saves_in_thread()`` each save runs when
LangGraph submits it, in order, and is finished before the next step starts -- what ``durability="sync"``
asks for anyway. Other graphs in the process (and the agent's graph outside that block) keep the default.

LangGraph has no public switch for this; ``allow_saves_in_thread()`` wraps the one function its executor gets the pool
from, and ``tests/unit_tests/test_saves_in_thread.py`` fails if a LangGraph upgrade moves it.
"""

from __future__ import annotations

import concurrent.futures
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

log = logging.getLogger(__name__)
_INLINE: ContextVar[bool] = ContextVar("langgraph_saves_inline", default=False)


class InlineExecutor(concurrent.futures.Executor):
    """An executor that runs each submitted function at once, in the submitting thread."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> concurrent.futures.Future:
        """Run ``fn`` now; its result or exception is in the returned (already finished) future."""
        future: concurrent.futures.Future = concurrent.futures.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as exc:  # LangGraph's executor re-raises it when the run's block exits
            future.set_exception(exc)
        return future


def allow_saves_in_thread() -> bool:
    """Let ``saves_in_thread()`` take effect (idempotent). False if this LangGraph has no such hook."""
    try:
        from langgraph.pregel import _executor
    except ImportError:
        return False
    default = getattr(_executor, "get_executor_for_config", None)
    if default is None:
        log.warning("langgraph.pregel._executor has no get_executor_for_config: saves stay on its thread pool")
        return False
    if getattr(default, "inline_aware", False):
        return True

    @contextmanager
    def executor_for(config: Any) -> Iterator[concurrent.futures.Executor]:
        if _INLINE.get():
            yield InlineExecutor()
        else:
            with default(config) as executor:
                yield executor

    executor_for.inline_aware = True  # type: ignore[attr-defined]
    _executor.get_executor_for_config = executor_for
    return True


@contextmanager
def saves_in_thread() -> Iterator[None]:
    """Within this block, LangGraph runs in this thread (see the module's docstring)."""
    token = _INLINE.set(True)
    try:
        yield
    finally:
        _INLINE.reset(token)
