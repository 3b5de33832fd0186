"""A fake clinic booking API whose failures are scripted.

This is the one stand-in of the project, and it is a feature: a test (or a person in Studio)
writes a *plan* such as ``{"find_slots": ["timeout", "ok"], "book": ["taken"]}`` and the API
fails exactly that way, so every safety rule of the agent can be replayed.

Semantics that matter for safety:

* ``ToolTimeout`` means *no answer*: the action may or may not have happened. A ``book`` or
  ``cancel`` that times out has still been carried out on the clinic side.
* ``ToolError`` means the API answered and refused (``code`` says why, e.g. ``"taken"``).
* ``book``/``cancel`` accept an ``idempotency_key``: a key seen before returns the original
  result and books nothing new (the call is recorded with outcome ``"replay"``).
"""

from __future__ import annotations

import copy
import functools
import re
import threading
from collections.abc import Iterable, Mapping
from typing import TypedDict

from voicekit.clinic_store import BookingStore, MemoryStore, SqliteStore
from voicekit.privacy import phone_ending

#: tool name -> (irreversible, description)
TOOLS: dict[str, tuple[bool, str]] = {
    "find_slots": (False, "List the open appointment times on a weekday."),
    "book": (True, "Book an appointment (day, time, name). Irreversible: never re-send on timeout."),
    "find_bookings": (False, "List a caller's existing appointments (by name, optionally day)."),
    "cancel": (True, "Cancel an existing appointment by booking id. Irreversible: never re-send on timeout."),
    "request_callback": (True, "Leave staff a request to call a caller back (name, phone, reason, summary). "
                               "A write: never re-send on timeout."),
}

OUTCOMES = ("ok", "timeout", "taken", "error")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
DEFAULT_TIMES = ("09:00", "10:00", "11:30", "14:30", "16:00")
DEFAULT_SCHEDULE: dict[str, tuple[str, ...]] = {
    day: (DEFAULT_TIMES if day not in ("saturday", "sunday") else ()) for day in WEEKDAYS
}
_TIME_RE = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


class Booking(TypedDict):
    """One appointment as the clinic returns it from ``book`` and ``find_bookings``."""

    booking_id: str
    day: str
    time: str
    name: str


class ToolTimeout(Exception):
    """The clinic API did not answer in time. The action may or may not have happened."""


class ToolError(Exception):
    """The clinic API answered and refused; ``code`` says why (``"taken"``, ``"error"``, ...)."""

    def __init__(self, code: str = "error", message: str | None = None):
        self.code = code
        super().__init__(message or code)


def check_day(day: object) -> str:
    """Return ``day`` as a lower-case weekday, or raise a ValueError naming the accepted values."""
    if not isinstance(day, str) or day.strip().lower() not in WEEKDAYS:
        raise ValueError(f"day must be a weekday name such as 'tuesday' (one of {', '.join(WEEKDAYS)}), got {day!r}")
    return day.strip().lower()


def check_time(time: object) -> str:
    """Return ``time`` if it is 24-hour ``"HH:MM"``, else raise a ValueError showing the format."""
    if not isinstance(time, str) or not _TIME_RE.match(time):
        raise ValueError(f"time must be 24-hour 'HH:MM' such as '14:30', got {time!r}")
    return time


@functools.lru_cache(maxsize=256)
def _sorted_times(times: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(check_time(t) for t in times))


def _checked_times(times: tuple) -> tuple[str, ...]:
    """A day's opening times checked and sorted; remembered, as a worker opens the same clinic every turn."""
    try:
        return _sorted_times(times)
    except TypeError:  # something unhashable among the times: check_time says what it should be
        return _sorted_times.__wrapped__(times)


def check_name(name: object) -> str:
    """Return a stripped, non-empty caller name, else raise a ValueError."""
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"name must be a non-empty string such as 'Jamie', got {name!r}")
    return name.strip()


def _check_plan(plan: Mapping[str, Iterable[str]] | None) -> dict[str, list[str]]:
    if plan is None:
        return {}
    if not isinstance(plan, Mapping):
        raise TypeError(f"plan must be a dict like {{'book': ['taken']}}, got {type(plan).__name__}")
    checked: dict[str, list[str]] = {}
    for tool, outcomes in plan.items():
        if tool not in TOOLS:
            raise ValueError(f"plan names unknown tool {tool!r}; known tools: {', '.join(TOOLS)}")
        if isinstance(outcomes, str) or not isinstance(outcomes, Iterable):
            raise TypeError(f"plan[{tool!r}] must be a list of outcomes such as ['timeout', 'ok'], got {outcomes!r}")
        outcomes = list(outcomes)
        for outcome in outcomes:
            if outcome not in OUTCOMES:
                raise ValueError(f"plan[{tool!r}] has unknown outcome {outcome!r}; use one of {', '.join(OUTCOMES)}")
        checked[tool] = outcomes
    return checked


class ClinicAPI:
    """In-memory (or SQLite-file) clinic with scripted failures.

    ``plan``: ``{tool: [outcome, ...]}``; each call of ``tool`` consumes the next outcome, then
    ``"ok"``. ``schedule``: ``{weekday: [times]}`` overriding the default Monday-Friday times.
    ``bookings``: existing appointments, ``[{"day", "time", "name"}, ...]`` (their times are taken).
    ``path``: a SQLite file so several processes share one clinic (bookings, idempotency keys).
    """

    def __init__(
        self,
        plan: Mapping[str, Iterable[str]] | None = None,
        schedule: Mapping[str, Iterable[str]] | None = None,
        bookings: Iterable[Mapping[str, str]] | None = None,
        path: str | None = None,
    ):
        self.plan = _check_plan(plan)
        self.calls: list[tuple[str, dict, str]] = []
        opening = {day: list(times) for day, times in DEFAULT_SCHEDULE.items()}
        for day, times in (schedule or {}).items():
            if isinstance(times, str):
                raise ValueError(f"schedule[{day!r}] must be a list of times such as ['09:00', '09:30'], "
                                 f"got the string {times!r}")
            opening[check_day(day)] = list(_checked_times(tuple(times)))
        self._store: BookingStore = SqliteStore(path, opening) if path else MemoryStore(opening)
        self._lock = threading.Lock()
        for booking in bookings or ():
            with self._store.transaction():
                self._store.add(check_day(booking["day"]), check_time(booking["time"]), check_name(booking["name"]),
                                None)

    # -- plumbing ---------------------------------------------------------------------------
    def _next_outcome(self, tool: str) -> str:
        queue = self.plan.get(tool)
        return queue.pop(0) if queue else "ok"

    def _record(self, tool: str, args: dict, outcome: str) -> None:
        self.calls.append((tool, dict(args), outcome))

    @staticmethod
    def _raise_for(outcome: str, tool: str) -> None:
        if outcome == "timeout":
            raise ToolTimeout(f"{tool}: the clinic system did not answer")
        if outcome in ("taken", "error", "key_reused"):
            raise ToolError(outcome, f"{tool}: refused ({outcome})")

    # -- read tools -------------------------------------------------------------------------
    def find_slots(self, day: str) -> list[str]:
        """Open times on ``day`` ("HH:MM", sorted). Weekends are closed by default."""
        day = check_day(day)
        with self._lock:
            outcome = self._next_outcome("find_slots")
            self._record("find_slots", {"day": day}, outcome)
            self._raise_for(outcome, "find_slots")
            return self._store.open_times(day)

    def find_bookings(self, name: str, day: str | None = None) -> list[dict]:
        """The appointments booked under ``name`` (optionally only on ``day``), oldest first."""
        name = check_name(name)
        day = check_day(day) if day is not None else None
        with self._lock:
            outcome = self._next_outcome("find_bookings")
            args = {"name": name} if day is None else {"name": name, "day": day}
            self._record("find_bookings", args, outcome)
            self._raise_for(outcome, "find_bookings")
            return self._store.find(name, day)

    # -- write tools ------------------------------------------------------------------------
    def book(self, day: str, time: str, name: str, idempotency_key: str | None = None) -> dict:
        """Book ``name`` at ``day`` ``time``; ``ToolError("taken")`` if that time is not open."""
        day, time, name = check_day(day), check_time(time), check_name(name)
        args = {"day": day, "time": time, "name": name}
        with self._lock:
            with self._store.transaction():  # committed before any error is raised
                outcome, booking = self._book(day, time, name, idempotency_key)
            self._record("book", args, outcome)
        self._raise_for(outcome, "book")
        assert booking is not None, "every outcome that gets here (ok, replay) carries the booking"
        return copy.deepcopy(booking)

    def _book(self, day: str, time: str, name: str, key: str | None) -> tuple[str, dict | None]:
        replay = self._store.replay(key)
        if replay is not None:
            # A known key with other arguments is a bug or a reused key: refuse, never report another booking.
            same = (replay.get("day"), replay.get("time"), replay.get("name")) == (day, time, name)
            return ("replay", replay) if same else ("key_reused", None)
        outcome = self._next_outcome("book")
        if outcome == "taken":
            self._store.remove_slot(day, time)  # someone else got it first: the slot is gone
        elif outcome in ("ok", "timeout"):
            if time not in self._store.open_times(day):
                return "taken", None
            return outcome, self._store.add(day, time, name, key)  # a timeout loses the answer, not the booking
        return outcome, None

    def cancel(self, booking_id: str, idempotency_key: str | None = None) -> dict:
        """Cancel the appointment ``booking_id``; ``ToolError("not_found")`` if there is none."""
        if not isinstance(booking_id, str) or not booking_id:
            raise ValueError(f"booking_id must be the id returned by book(), got {booking_id!r}")
        with self._lock:
            with self._store.transaction():
                outcome, cancelled = self._cancel(booking_id, idempotency_key)
            self._record("cancel", {"booking_id": booking_id}, outcome)
        if outcome == "not_found":
            raise ToolError("not_found", f"cancel: no booking {booking_id!r}")
        self._raise_for(outcome, "cancel")
        assert cancelled is not None, "every outcome that gets here (ok, replay) carries the cancellation"
        return cancelled

    def _cancel(self, booking_id: str, key: str | None) -> tuple[str, dict | None]:
        replay = self._store.replay(key)
        if replay is not None:
            return ("replay", replay) if replay.get("booking_id") == booking_id else ("key_reused", None)
        outcome = self._next_outcome("cancel")
        if outcome not in ("ok", "timeout"):
            return outcome, None
        cancelled = self._store.cancel(booking_id, key)
        return (outcome, cancelled) if cancelled is not None else ("not_found", None)

    def request_callback(self, name: str | None, phone: str | None, reason: str, summary: Mapping | None = None,
                         idempotency_key: str | None = None) -> dict:
        """Leave staff a request to call ``name`` back on ``phone`` (either may be unknown); return it with its id.

        ``reason`` and ``summary`` say why and what was collected. The call record shows the phone's last four only.
        """
        if name is not None and not isinstance(name, str):
            raise TypeError(f"name must be a str or None, got {type(name).__name__}")
        if phone is not None and (not isinstance(phone, str) or not any(c.isdigit() for c in phone)):
            raise ValueError(f"phone must be the digits to call such as '5550123', or None; got {phone!r}")
        if not isinstance(reason, str) or not reason:
            raise ValueError(f"reason must say why staff should call back, such as 'user_request'; got {reason!r}")
        request = {"name": name, "phone": phone, "reason": reason, "summary": dict(summary or {})}
        with self._lock:
            with self._store.transaction():
                outcome, recorded = self._request_callback(request, idempotency_key)
            self._record("request_callback", {"name": name, "phone": phone_ending(phone) if phone else None,
                                              "reason": reason}, outcome)
        self._raise_for(outcome, "request_callback")
        assert recorded is not None, "every outcome that gets here (ok, replay) carries the request"
        return recorded

    def _request_callback(self, request: dict, key: str | None) -> tuple[str, dict | None]:
        replay = self._store.replay(key)
        if replay is not None:
            same = all(replay.get(k) == request[k] for k in ("name", "phone", "reason"))
            return ("replay", replay) if same else ("key_reused", None)
        outcome = self._next_outcome("request_callback")
        if outcome not in ("ok", "timeout"):
            return outcome, None
        return outcome, self._store.add_callback(request, key)  # a timeout loses the answer, not the request

    def close(self) -> None:
        """Let go of the clinic's SQLite connection now (a no-op in memory).

        A process that opens one clinic per turn closes it after the turn, so connections and their page
        caches do not wait for the collector; a few are kept for the next clinic opened on the same file.
        """
        close = getattr(self._store, "close", None)
        if close is not None:
            with self._lock:
                close()

    # -- inspection -------------------------------------------------------------------------
    @property
    def callbacks(self) -> list[dict]:
        """Every callback request left for staff, oldest first."""
        return self._store.callbacks()

    @property
    def bookings(self) -> list[dict]:
        """Every live (not cancelled) booking on the clinic side, oldest first."""
        return self._store.all()
