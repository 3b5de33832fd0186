"""Irreversible tools (book, cancel): called exactly once per accepted confirmation, never retried.

Each write carries an idempotency key unique to the confirmation it executes, so a process that
crashed after the clinic answered and re-runs the step gets the original answer back instead of a
second booking. A backend whose methods don't take the key (the plain SPEC signature) is called
without it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, TypedDict, cast


class WriteResult(TypedDict, total=False):
    """The clinic's answer to a write: the booking (with ``cancelled`` for a cancellation), or its text."""

    booking_id: str
    day: str
    time: str
    name: str
    cancelled: bool
    answer: str


def accepts_idempotency_key(tool: object) -> bool:
    """True if ``tool`` takes an ``idempotency_key`` argument (by name or via **kwargs); False for a non-callable."""
    if not callable(tool):
        return False
    try:
        params = inspect.signature(tool).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "idempotency_key" or p.kind is p.VAR_KEYWORD for p in params)


def call_write_tool(tool: Callable[..., Any], *args: Any, idempotency_key: str | None) -> WriteResult:
    """Call ``tool`` once, passing the idempotency key only where the backend accepts it."""
    if idempotency_key is not None and accepts_idempotency_key(tool):
        answer = tool(*args, idempotency_key=idempotency_key)
    else:
        answer = tool(*args)
    # A backend may answer with anything; the checkpoint keeps a plain dict either way.
    return cast(WriteResult, dict(answer)) if isinstance(answer, dict) else WriteResult(answer=str(answer))
