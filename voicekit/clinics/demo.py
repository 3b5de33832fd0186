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

It is a *dated* backend (SPEC 6.1): bookings are on dates, and its weekly schedule is the template of
open times. ``find_slots``/``book``/``find_bookings`` take ``date="YYYY-MM-DD"``; called with a weekday
alone (the lab contract) they mean the coming one, as ``voicekit.schedule.coming`` says.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Iterable, Mapping
from datetime import date as Date
from datetime import datetime
from typing import NotRequired, TypedDict

from voicekit.clinics.backend import OUTCOMES, TOOLS, ToolError, ToolTimeout
from voicekit.clinics.checks import (
    check_date,
    check_day,
    check_name,
    check_plan,
    check_provider,
    check_time,
    checked_times,
)
from voicekit.clinics.store import BookingStore, MemoryStore, SqliteStore
from voicekit.privacy import phone_ending
from voicekit.schedule import DEFAULT_DAYS_AHEAD, DEFAULT_TIMEZONE, WEEKDAYS, Schedule, parse_date

DEFAULT_TIMES = ("09:00", "10:00", "11:30", "14:30", "16:00")
DEFAULT_SCHEDULE: dict[str, tuple[str, ...]] = {
    day: (DEFAULT_TIMES if day not in ("saturday", "sunday") else ()) for day in WEEKDAYS
}


class Booking(TypedDict):
    """One appointment as the clinic returns it from ``book`` and ``find_bookings``."""

    booking_id: str
    day: str
    time: str
    name: str
    date: NotRequired[str]
    """The appointment's date ("YYYY-MM-DD"), from a dated backend."""


class ClinicAPI:
    """In-memory (or SQLite-file) clinic with scripted failures.

    ``plan``: ``{tool: [outcome, ...]}``; each call of ``tool`` consumes the next outcome, then
    ``"ok"``. ``schedule``: ``{weekday: [times]}`` overriding the default Monday-Friday times.
    ``bookings``: existing appointments, ``[{"day", "time", "name", "date"?, "phone"?}, ...]`` (their times are taken).
    ``path``: a SQLite file so several processes share one clinic (bookings, idempotency keys).
    ``holidays``, ``days_ahead``, ``timezone``: the clinic's calendar rules. ``clock``: now; with one, a time
    already past today and a date beyond ``days_ahead`` are never open. Without one the clinic leaves those
    checks to the agent, whose clock may be another (a scenario's frozen one).
    """

    def __init__(
        self,
        plan: Mapping[str, Iterable[str]] | None = None,
        schedule: Mapping[str, Iterable[str]] | None = None,
        bookings: Iterable[Mapping[str, str]] | None = None,
        path: str | None = None,
        *,
        holidays: Iterable[str] = (),
        days_ahead: int = DEFAULT_DAYS_AHEAD,
        timezone: str = DEFAULT_TIMEZONE,
        clock: Callable[[], datetime] | None = None,
    ):
        self.plan = check_plan(plan, TOOLS, OUTCOMES)
        self.calls: list[tuple[str, dict, str]] = []
        opening = {day: list(times) for day, times in DEFAULT_SCHEDULE.items()}
        for day, times in (schedule or {}).items():
            if isinstance(times, str):
                raise ValueError(f"schedule[{day!r}] must be a list of times such as ['09:00', '09:30'], "
                                 f"got the string {times!r}")
            opening[check_day(day)] = list(checked_times(tuple(times)))
        self.rules = Schedule(weekly={day: tuple(times) for day, times in opening.items()},
                              holidays=frozenset(holidays), days_ahead=days_ahead, timezone=timezone, clock=clock,
                              checks_now=clock is not None)
        """The calendar rules: the weekly template, holidays, the horizon and now."""
        self._store: BookingStore = SqliteStore(path) if path else MemoryStore()
        self._lock = threading.Lock()
        for booking in bookings or ():
            day = check_day(booking["day"])
            on = self._date_for(day, booking.get("date"))
            with self._store.transaction():
                extras = {k: str(booking[k]) for k in ("phone", "reason") if booking.get(k)}
                self._store.add(day, on, check_time(booking["time"]), check_name(booking["name"]), None, extras)

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

    def _date_for(self, day: str, on: object) -> str:
        """The date a request is for: the one given (on ``day``), else the coming ``day``."""
        return self.rules.date_of(day).isoformat() if on is None else check_date(day, on)

    def _open_times(self, on: str) -> list[str]:
        taken = self._store.taken_times(on)
        return [t for t in self.rules.times_on(Date.fromisoformat(on)) if t not in taken]

    @staticmethod
    def _dated(args: dict, on: object) -> dict:
        """A call's recorded arguments: the date too when the caller passed one (a weekday-only call stays as is)."""
        return args if on is None else args | {"date": on}

    # -- read tools -------------------------------------------------------------------------
    def find_slots(self, day: str, date: str | None = None) -> list[str]:
        """Open times on ``date`` (or the coming ``day``), "HH:MM", sorted. Weekends are closed by default."""
        day = check_day(day)
        on = self._date_for(day, date)
        with self._lock:
            outcome = self._next_outcome("find_slots")
            self._record("find_slots", self._dated({"day": day}, date and on), outcome)
            self._raise_for(outcome, "find_slots")
            return self._open_times(on)

    def find_bookings(self, name: str, day: str | None = None, date: str | None = None) -> list[dict]:
        """The appointments booked under ``name`` (optionally only on ``day`` or ``date``), oldest first."""
        name = check_name(name)
        day = check_day(day) if day is not None else None
        on = parse_date(date).isoformat() if date is not None else None
        with self._lock:
            outcome = self._next_outcome("find_bookings")
            args = {"name": name} if day is None else {"name": name, "day": day}
            self._record("find_bookings", self._dated(args, on), outcome)
            self._raise_for(outcome, "find_bookings")
            return [b for b in self._store.find(name)
                    if (day is None or b["day"] == day) and (on is None or b.get("date") == on)]

    # -- write tools ------------------------------------------------------------------------
    def book(self, day: str, time: str, name: str, idempotency_key: str | None = None,
             date: str | None = None, phone: str | None = None, reason: str | None = None,
             provider: str | None = None) -> dict:
        """Book ``name`` at ``time`` on ``date`` (or the coming ``day``); ``ToolError("taken")`` if it is not open.

        ``phone`` (the caller's, E.164), ``reason`` (why they come) and ``provider`` (the doctor asked for) are kept
        with the booking; the call record shows the phone's last four only, the provider, and never the reason.
        """
        day, time, name = check_day(day), check_time(time), check_name(name)
        provider = check_provider(provider) if provider is not None else None
        on = self._date_for(day, date)
        args = self._dated({"day": day, "time": time, "name": name}, date and on)
        if phone is not None:
            args["phone"] = phone_ending(phone)
        if provider is not None:
            args["provider"] = provider
        extras = {k: v for k, v in (("phone", phone), ("reason", reason), ("provider", provider)) if v is not None}
        with self._lock:
            with self._store.transaction():  # committed before any error is raised
                outcome, booking = self._book(day, on, time, name, idempotency_key, extras)
            self._record("book", args, outcome)
        self._raise_for(outcome, "book")
        assert booking is not None, "every outcome that gets here (ok, replay) carries the booking"
        return copy.deepcopy(booking)

    def _book(self, day: str, on: str, time: str, name: str, key: str | None,
              extras: dict) -> tuple[str, dict | None]:
        replay = self._store.replay(key)
        if replay is not None:
            # A known key with other arguments is a bug or a reused key: refuse, never report another booking.
            same = (replay.get("date"), replay.get("time"), replay.get("name")) == (on, time, name)
            return ("replay", replay) if same else ("key_reused", None)
        outcome = self._next_outcome("book")
        if outcome == "taken":
            self._store.remove_slot(on, time)  # someone else got it first: the slot is gone
        elif outcome in ("ok", "timeout"):
            if time not in self._open_times(on):
                return "taken", None
            return outcome, self._store.add(day, on, time, name, key, extras)  # a timeout loses the answer only
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

    def purge_records(self, before: float) -> int:
        """Delete callback requests and write records made before ``before`` (Unix time; the clinic's retention)."""
        with self._lock:
            return self._store.purge(before)

    # -- inspection -------------------------------------------------------------------------
    @property
    def callbacks(self) -> list[dict]:
        """Every callback request left for staff, oldest first (a purged one keeps only its id)."""
        return [c for c in self._store.callbacks() if not c.get("purged")]

    @property
    def bookings(self) -> list[dict]:
        """Every live (not cancelled) booking on the clinic side, oldest first."""
        return self._store.all()
