"""Irreversible tools (book, cancel): called exactly once per accepted confirmation, never retried.

Each write carries an idempotency key unique to the confirmation it executes, so a process that
crashed after the clinic answered and re-runs the step gets the original answer back instead of a
second booking. A backend whose methods don't take the key (the plain SPEC signature) is called
without it; so it is for the date (SPEC 6.1) and the booking's extras (phone, reason): each keyword goes
only to a backend whose signature takes it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, TypedDict, cast


class WriteResult(TypedDict, total=False):
    """The clinic's answer to a write: the booking (with ``cancelled`` for a cancellation), or its text."""

    booking_id: str
    day: str
    date: str
    time: str
    name: str
    cancelled: bool
    answer: str


def accepts(tool: object, keyword: str) -> bool:
    """True if ``tool`` takes the argument ``keyword`` (by name or via **kwargs); False for a non-callable."""
    if not callable(tool):
        return False
    try:
        params = inspect.signature(tool).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == keyword or p.kind is p.VAR_KEYWORD for p in params)


def accepts_idempotency_key(tool: object) -> bool:
    """True if ``tool`` takes an ``idempotency_key`` argument (by name or via **kwargs); False for a non-callable."""
    return accepts(tool, "idempotency_key")


def takes_dates(tool: object) -> bool:
    """True if ``tool`` is a dated backend's (SPEC 6.1): it takes ``date="YYYY-MM-DD"``."""
    return accepts(tool, "date")


def keywords_taken(tool: object, **values: Any) -> dict[str, Any]:
    """The keyword arguments ``tool`` takes, of those given with a value (None is never passed)."""
    return {k: v for k, v in values.items() if v is not None and accepts(tool, k)}


def call_write_tool(tool: Callable[..., Any], *args: Any, idempotency_key: str | None, **extras: Any) -> WriteResult:
    """Call ``tool`` once, passing the idempotency key and ``extras`` only where the backend accepts them."""
    answer = tool(*args, **keywords_taken(tool, idempotency_key=idempotency_key, **extras))
    # A backend may answer with anything; the checkpoint keeps a plain dict either way.
    return cast(WriteResult, dict(answer)) if isinstance(answer, dict) else WriteResult(answer=str(answer))
