"""A dated clinic backend over a CalDAV calendar (RFC 4791): the clinic's own calendar is the booking system.

``CalDavCalendar`` offers the agent's tools with dates, like ``voicekit.clinic.ClinicAPI``, and keeps nothing of
its own: every answer is read from the calendar server, so any number of workers can share one calendar.

**One resource per slot.** The booking for 9 December 2026 at 10:00 is the calendar object ``slot-20261209T1000.ics``,
written with ``PUT`` and ``If-None-Match: *``: the server creates it only if nothing is there, so one request checks
and books atomically (of sixteen callers racing for a slot one gets 201, the others 412), with no lock and no second
store to keep in step. On a 412 the resource is read back: it holds the idempotency key of the request that made it
(``X-CLINIC-IDEMPOTENCY-KEY``), so the same key is a replay (the original booking, nothing written), another "taken".

**Booking numbers.** The caller hears a short number of two letters and four digits ("KM4821", stored in the
event as ``X-CLINIC-BOOKING-NUMBER``), never the resource's name. A booking staff move in their calendar app
(its DTSTART changed) is found at its new time by ``find_bookings`` and cancelled by its number; its old time is
free again, and a new booking there takes the slot's next resource name (``slot-20261209T1000-2.ics``).

**Open times** are the ``Schedule``'s slots for that date (no holiday, closed day, past time or date beyond the
horizon) less those overlapping busy time, read with one time-range REPORT. Any event counts, not only ours (staff
block time from their own calendar app), except, as in RFC 4791 free-busy, one marked free or cancelled.

**Cancel** reads the booking (for its ETag) and deletes it with ``If-Match``, so what is deleted is what was read.
With an idempotency key a tombstone goes first: the VJOURNAL ``cancelled-<sha256(key)[:32]>.ics`` holding the key
and the answer (the booking's number, date and time: no name, phone number or reason).
The same key again (a retransmission, a restart after the DELETE) gets the first answer, never
``not_found``; a restart between the two writes finishes the DELETE, of the booking the tombstone names only. A
journal entry without a date takes no time on a calendar (RFC 5545 3.6.3): it never shows as busy.

**Failures.** No answer, no connection, a timeout or a 5xx raise ``ToolTimeout`` (reads may be retried by the agent;
a write may or may not have happened and is never re-sent). A 401/403 or a missing calendar: ``ToolError("error")``.

**Pointing a clinic at its calendar:** ``url`` is the calendar collection (Radicale ``https://HOST/USER/CALENDAR/``,
Nextcloud ``https://HOST/remote.php/dav/calendars/USER/CALENDAR/``); the account needs read and write rights on it.
The calendar is never created here: a mistyped URL must fail at once (a 404 naming it), not quietly collect bookings
in a new calendar nobody reads. Create it in the server or app; it must accept journals (VJOURNAL) besides events.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from typing import Any, NoReturn, TypeVar, cast
from urllib.parse import unquote, urlsplit, urlunsplit
from zoneinfo import ZoneInfo

from caldav.collection import Calendar
from caldav.davclient import DAVClient
from caldav.lib import error as dav_error

from voicekit.clinics.backend import ToolError, ToolTimeout
from voicekit.clinics.caldav_cancel import CalDavCancelling
from voicekit.clinics.caldav_events import (
    LISTING,
    NAMES_A_SLOT,
    Stored,
    booking_ics,
    booking_of,
    bookings_among,
    free_times,
    is_ours,
    new_number,
    read_booking,
    slot_id,
    slot_of,
    tombstones_before,
)
from voicekit.clinics.caldav_failures import FAILURES, failure
from voicekit.clinics.checks import check_day, check_name, check_time
from voicekit.privacy import phone_ending
from voicekit.schedule import Schedule, parse_date, weekday_of

T = TypeVar("T")
_ICS = {"Content-Type": "text/calendar; charset=utf-8"}


def _at(event: Any, resource: str, calendar: CalDavCalendar, at: str) -> bool:
    """Whether our booking ``event`` (in ``resource``) is still at ``at`` (staff may have moved it in their app)."""
    stored = booking_of(event, resource, calendar.schedule.timezone)
    return stored is not None and stored.booking["time"] == at


class CalDavCalendar(CalDavCancelling):
    """The clinic's bookings as events in one CalDAV calendar collection (see the module docstring)."""

    def __init__(self, url: str, *, schedule: Schedule, slot_minutes: int, username: str | None = None,
                 password: str | None = None, timeout: float = 5.0, credentials_from: str | None = None):
        parts = urlsplit(url) if isinstance(url, str) else None
        if parts is None or parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("url must be the calendar collection's address such as "
                             f"'https://cal.example.org/clinic/appointments/', got {url!r}")
        if not isinstance(schedule, Schedule):
            raise TypeError(f"schedule must be a voicekit.schedule.Schedule, got {type(schedule).__name__}")
        if not isinstance(slot_minutes, int) or isinstance(slot_minutes, bool) or slot_minutes < 1:
            raise ValueError(f"slot_minutes must be a whole number of minutes >= 1, got {slot_minutes!r}")
        if isinstance(timeout, bool) or not isinstance(timeout, int | float) or timeout <= 0:
            raise ValueError(f"timeout must be a number of seconds > 0, got {timeout!r}")
        if (username is None) != (password is None):
            raise ValueError("username and password go together: give both, or neither for a calendar without login")
        self.calls: list[tuple[str, dict, str]] = []
        # Where the sign-in comes from, for the fix of a refused one ("the variables A and B"): never the values.
        self._credentials = f" ({credentials_from})" if credentials_from else ""
        self.schedule, self.slot_minutes, self.timeout = schedule, slot_minutes, float(timeout)
        path = parts.path if parts.path.endswith("/") else parts.path + "/"
        # Messages name the calendar without any password written into the URL.
        self.url = urlunsplit((parts.scheme, parts.netloc.rpartition("@")[2], path, "", ""))
        # No discovery (DNS, .well-known) and no sleeping on 429/503: the constructor does no I/O, and no request
        # is repeated behind the caller's back. The one repeat caldav makes is after a 401 challenge, which says
        # the request was refused, not carried out.
        self._client = DAVClient(url=urlunsplit((parts.scheme, parts.netloc, path, "", "")), username=username,
                                 password=password, timeout=self.timeout,  # type: ignore[arg-type]
                                 enable_rfc6764=False, rate_limit_handle=False)

    # -- the tools ---------------------------------------------------------------------------------------
    def find_slots(self, day: str, date: str | None = None) -> list[str]:
        """Open times ("HH:MM", sorted) on ``date`` (the coming ``day`` when None); ToolTimeout when no answer."""
        day, on = self._dated(day, date)
        return self._run("find_slots", {"day": day, "date": on.isoformat()}, lambda: ("ok", self._open(on)))

    def book(self, day: str, time: str, name: str, idempotency_key: str | None = None, date: str | None = None,
             phone: str | None = None, reason: str | None = None) -> dict:
        """Book ``name`` at ``time`` on ``date``; ToolError("taken") if it is not open, ToolTimeout if no answer."""
        day, on = self._dated(day, date)
        time, name = check_time(time), check_name(name)
        if phone is not None and (not isinstance(phone, str) or not any(c.isdigit() for c in phone)):
            raise ValueError(f"phone must be the digits to call such as '5550123', or None; got {phone!r}")
        if reason is not None and not isinstance(reason, str):
            raise ValueError(f"reason must be the reason for the visit as said, or None; got {reason!r}")
        booking = {"booking_id": new_number(), "day": day, "date": on.isoformat(), "time": time, "name": name}
        booking.update({k: v.strip() for k, v in (("phone", phone), ("reason", reason)) if v and v.strip()})
        # The reason for a visit is health information: the call record keeps only that one was given.
        args = {"day": day, "date": on.isoformat(), "time": time, "name": name}
        if phone:
            args["phone"] = phone_ending(phone)
        return self._run("book", args, lambda: self._book(booking, idempotency_key))

    def find_bookings(self, name: str, day: str | None = None, date: str | None = None) -> list[dict]:
        """Live bookings under ``name`` (any case) from today to the horizon, oldest first; optionally one day/date."""
        name = check_name(name)
        day = check_day(day) if day is not None else None
        on = parse_date(date) if date is not None else None
        if on is not None and day is not None and weekday_of(on) != day:
            raise ValueError(f"date {on} is a {weekday_of(on)}, not a {day}: pass that date's weekday, or no day")
        args = {"name": name}
        if on is not None:
            args.update(day=weekday_of(on), date=on.isoformat())
        elif day is not None:
            args["day"] = day
        today = self.schedule.today()
        first, last = (on, on) if on is not None else (today, today + timedelta(days=self.schedule.days_ahead))

        return self._run("find_bookings", args, lambda: ("ok", bookings_among(
            self._events("find_bookings", first, last + timedelta(days=1)), name, day, first, self.schedule.timezone)))

    def cancel(self, booking_id: str, idempotency_key: str | None = None) -> dict:
        """Cancel ``booking_id`` (its number "KM4821", or a ``slot-...`` name); ToolError("not_found") if none."""
        if not isinstance(booking_id, str) or not booking_id:
            raise ValueError(f"booking_id must be the id returned by book() such as 'KM4821', "
                             f"got {booking_id!r}")
        slot = slot_of(booking_id)
        args = {"booking_id": booking_id} | ({"date": slot[0].isoformat()} if slot else {})
        return self._run("cancel", args, lambda: self._cancel(booking_id, idempotency_key))

    def check(self, timeout: float = 3.0) -> None:
        """A bounded read of the calendar for ``/health``: raises ToolTimeout or ToolError (the fix in its message)."""
        self._send("health", self.url, "PROPFIND", "", {"Depth": "0"}, (207,), timeout=timeout)

    def purge_records(self, before: float) -> int:
        """Delete the cancel records this line wrote before ``before`` (Unix time; the clinic's ``records_days``).

        Appointments are the clinic's own and stay; a cancel record older than that is no longer replayed.
        """
        listing = self._send("purge", self.url, "PROPFIND", LISTING, {"Depth": "1", "Content-Type": "application/xml"},
                             (207,))
        old = tombstones_before(listing.raw, before)
        origin = urlunsplit(urlsplit(self.url)[:2] + ("", "", ""))
        for href in old:
            self._send("purge", href if "://" in href else origin + href, "DELETE", "", {}, (200, 204, 404))
        return len(old)

    def close(self) -> None:
        """Release the HTTP session (its pooled connections)."""
        self._client.close()

    # -- booking -----------------------------------------------------------------------------------------
    def _book(self, booking: dict, key: str | None) -> tuple[str, dict]:
        on, at = date.fromisoformat(booking["date"]), booking["time"]
        if at not in self.schedule.times_on(on):
            why = self.schedule.refusal(on) or "not an open time (outside the slot grid, or already past)"
            raise ToolError("taken", f"book: {on} {at} cannot be booked ({why}); offer the times find_slots returns")
        events = self._events("book", on, on + timedelta(days=1))
        others = [e for r, e in events if not (r.startswith(slot_id(on, at)) and is_ours(e, r) and _at(e, r, self, at))]
        if not free_times(on, [at], others, zone=self.schedule.timezone, slot_minutes=self.slot_minutes):
            raise ToolError("taken", f"book: {on} {at} overlaps busy time in the calendar; offer find_slots' times")
        for generation in range(1, NAMES_A_SLOT + 1):  # a name whose booking staff moved elsewhere is skipped
            resource = f"{slot_id(on, at, generation)}.ics"
            here = next((e for r, e in events if r == resource and is_ours(e, r)), None)
            if here is not None:
                stored = booking_of(here, resource, self.schedule.timezone)
                if stored is not None and stored.booking["time"] == at:
                    return self._settle(stored, booking, key)  # answered from the read, before any write
                continue
            body = booking_ics(booking | {"slot": resource.removesuffix(".ics")}, uid=str(uuid.uuid4()),
                               slot_minutes=self.slot_minutes, zone=self.schedule.timezone, key=key)
            put = self._send("book", self.url + resource, "PUT", body, {**_ICS, "If-None-Match": "*"}, (201, 204, 412))
            if put.status != 412:
                return "ok", dict(booking)
            stored = self._read("book", resource)[0]
            if stored is None or (stored.booking["date"], stored.booking["time"]) == (booking["date"], at):
                return self._settle(stored, booking, key)  # ours from before, or another caller's
        raise ToolError("taken", f"book: {on} {at} has had {NAMES_A_SLOT} bookings moved away from it; staff should "
                                 "tidy the calendar")

    @staticmethod
    def _settle(stored: Stored | None, booking: dict, key: str | None) -> tuple[str, dict]:
        where = f"{booking['date']} {booking['time']}"
        if stored is None or key is None or stored.key != key:
            raise ToolError("taken", f"book: {where} was just booked by another caller; offer find_slots' times")
        if stored.booking["name"].casefold() != booking["name"].casefold():
            raise ToolError("key_reused", f"book: idempotency key {key!r} already booked {where} for another name; "
                                          "use a new key per confirmation")
        return "replay", stored.booking

    # -- reading the calendar ----------------------------------------------------------------------------
    def _open(self, on: date) -> list[str]:
        times = self.schedule.times_on(on)
        if not times:  # a refused date needs no server
            return []
        events = [e for _, e in self._events("find_slots", on, on + timedelta(days=1))]
        return free_times(on, times, events, zone=self.schedule.timezone, slot_minutes=self.slot_minutes)

    def _events(self, tool: str, first: date, end: date) -> list[tuple[str, Any]]:
        """(resource name, VEVENT) of every event (each occurrence of a recurring one) from ``first`` to ``end``."""
        zone = ZoneInfo(self.schedule.timezone)
        calendar = Calendar(client=self._client, url=self.url)
        try:
            found = cast(list, calendar.search(start=datetime.combine(first, time(), zone),
                                               end=datetime.combine(end, time(), zone), event=True, expand=True))
        except FAILURES as exc:
            self._failed(tool, exc, read=True)
        return [(unquote(str(o.url).rstrip("/").rsplit("/", 1)[-1]), o.icalendar_component) for o in found]

    def _read(self, tool: str, resource: str) -> tuple[Stored | None, str | None]:
        got = self._get(tool, self.url + resource)
        return (read_booking(got[0], resource, self.schedule.timezone), got[1]) if got else (None, None)

    def _get(self, tool: str, url: str) -> tuple[str, str] | None:
        response = self._send(tool, url, "GET", "", {"Accept": "text/calendar"}, (200, 404))
        return (response.raw, str(response.headers.get("ETag") or "")) if response.status == 200 else None

    # -- HTTP --------------------------------------------------------------------------------------------
    def _send(self, tool: str, url: str, method: str, body: str, headers: dict[str, str], expect: tuple[int, ...],
              note: str = "", timeout: float | None = None) -> Any:
        """One request, sent once (a write that got no answer may have happened); a status not expected raises."""
        try:
            if timeout is None:
                response = self._client.request(url, method, body, headers)
            else:  # the health check's own, shorter bound
                kept, self._client.timeout = self._client.timeout, timeout  # type: ignore[assignment]
                try:
                    response = self._client.request(url, method, body, headers)
                finally:
                    self._client.timeout = kept
        except FAILURES as exc:
            self._failed(tool, exc, read=method == "GET")
        if response.status not in expect:
            refusal = dav_error.DAVError(url, f"{response.status} {response.reason}", status=response.status)
            self._failed(tool, refusal, read=method == "GET", note=note)
        return response

    def _failed(self, tool: str, exc: Exception, *, read: bool, note: str = "") -> NoReturn:
        raise failure(tool, exc, url=self.url, timeout=self.timeout, read=read, note=note,
                      credentials=self._credentials) from exc

    # -- arguments and records ---------------------------------------------------------------------------
    def _dated(self, day: str, on: str | None) -> tuple[str, date]:
        day = check_day(day)
        when = self.schedule.date_of(day) if on is None else parse_date(on)
        if weekday_of(when) != day:
            raise ValueError(f"date {when} is a {weekday_of(when)}, not a {day}: pass the date's own weekday, or no "
                             f"date for the coming {day}")
        return day, when

    def _run(self, tool: str, args: dict, work: Callable[[], tuple[str, T]]) -> T:
        try:
            outcome, value = work()
        except ToolTimeout:
            self.calls.append((tool, args, "timeout"))
            raise
        except ToolError as exc:
            self.calls.append((tool, args, exc.code))
            raise
        self.calls.append((tool, args, outcome))
        return value
