"""The iCalendar side of the CalDAV backend: what a booking, a cancel tombstone and busy time look like.

Kept apart from ``voicekit.clinics.caldav_calendar`` (the HTTP side) so the formats can be read and tested without a
server. A booking is a VEVENT at the slot's local time (TZID of the clinic with its VTIMEZONE); the caller's
name is the SUMMARY, so staff read it in any calendar app. A tombstone is a VJOURNAL without a date: journal
entries take no time on a calendar (RFC 5545 section 3.6.3), so it can never show as busy.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from urllib.parse import unquote
from zoneinfo import ZoneInfo

import icalendar

from voicekit.schedule import hhmm, minutes, weekday_of

PRODID = "-//voicekit//clinic phone line//EN"
KEY = "X-CLINIC-IDEMPOTENCY-KEY"
BOOKING_ID = "X-CLINIC-BOOKING-ID"
NUMBER = "X-CLINIC-BOOKING-NUMBER"
"""The booking's number as the caller hears it ("KM4821"): short, speakable, and no file name."""
NUMBER_SHAPE = re.compile(r"^[A-Z]{2}[0-9]{4}$")
_LETTERS = "ACDEFHJKMNPRTUVWXY"  # none that sound alike on a phone line (B/D/P/V... keep one of each look-alike)
PHONE = "X-CLINIC-PHONE"
REASON = "X-CLINIC-REASON"
CANCELLED_UID = "X-CLINIC-CANCELLED-UID"
ANSWER = "X-CLINIC-ANSWER"
SLOT_ID = re.compile(r"^slot-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(?:-[2-9])?$")
"""A slot's resource: ``slot-20261209T1000``, or ``-2``... when staff moved an earlier booking out of that name."""
NAMES_A_SLOT = 5
"""How many resource names a slot may use (a booking staff moved away keeps its name; the slot takes the next)."""
_ESCAPES = {"%": "%25", ",": "%2C", ";": "%3B", "\\": "%5C", "\n": "%0A", "\r": "%0D"}


def _x(value: str) -> str:
    """A value for one of our X- properties, percent-escaped.

    Servers treat unknown properties as they like: Radicale cuts an X- value at its first comma. A value without
    commas, semicolons, backslashes or line breaks comes back as it went.
    """
    return "".join(_ESCAPES.get(c, c) for c in value)


def _unx(value: object) -> str:
    return unquote(str(value))


def slot_id(on: date, at: str, generation: int = 1) -> str:
    """The resource name (without ``.ics``) of the slot at ``at`` on ``on``: ``slot-20261209T1000`` (then ``-2``...)."""
    return f"slot-{on:%Y%m%d}T{at[:2]}{at[3:5]}" + (f"-{generation}" if generation > 1 else "")


def slot_of(booking_id: str) -> tuple[date, str] | None:
    """The (date, "HH:MM") a booking id names, or None when it is not one of ours."""
    match = SLOT_ID.match(booking_id)
    if match is None:
        return None
    year, month, day, hour, minute = (int(g) for g in match.groups()[:5])
    if hour > 23 or minute > 59:
        return None
    try:
        return date(year, month, day), hhmm(hour * 60 + minute)
    except ValueError:
        return None


@dataclass(frozen=True)
class Stored:
    """A booking as read back from its resource: the answer ``book`` gives, and what only the server keeps."""

    booking: dict
    key: str | None
    uid: str


def _calendar(zone: str, around: date) -> icalendar.Calendar:
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    if zone not in ("UTC", "Etc/UTC"):
        # A TZID must come with its VTIMEZONE (RFC 5545 3.6.5); one covering this year and the next stays short.
        cal.add_component(icalendar.Timezone.from_tzid(zone, first_date=date(around.year - 1, 1, 1),
                                                       last_date=date(around.year + 2, 1, 1)))
    return cal


def booking_ics(booking: dict, *, uid: str, slot_minutes: int, zone: str, key: str | None) -> str:
    """The calendar object of ``booking`` (the dict ``book`` returns) for a slot of ``slot_minutes``."""
    on = date.fromisoformat(booking["date"])
    start = datetime.combine(on, time(*divmod(minutes(booking["time"]), 60)), ZoneInfo(zone))
    event = icalendar.Event()
    event.add("uid", uid)
    event.add("dtstamp", datetime.now(UTC))
    event.add("dtstart", start)
    # Adding wall-clock minutes, not UTC ones: a slot on a DST-change day still ends at its local end time.
    event.add("dtend", start + timedelta(minutes=slot_minutes))
    event.add("summary", booking["name"])
    event.add("transp", "OPAQUE")
    event.add("status", "CONFIRMED")
    notes = [f"Booked by the clinic's phone line for {booking['name']}."]
    if booking.get("phone"):
        event.add(PHONE, _x(booking["phone"]))
        notes.append(f"Phone: {booking['phone']}")
    if booking.get("reason"):
        event.add(REASON, _x(booking["reason"]))
        notes.append(f"Reason: {booking['reason']}")
    event.add("description", "\n".join(notes))
    event.add(BOOKING_ID, booking["slot"])
    event.add(NUMBER, booking["booking_id"])
    if key is not None:
        event.add(KEY, _x(key))
    cal = _calendar(zone, on)
    cal.add_component(event)
    return cal.to_ical().decode()


def read_booking(ics: str, resource_name: str, zone: str) -> Stored | None:
    """The booking held by a slot resource's text, or None when it holds none of ours."""
    try:
        events = icalendar.Calendar.from_ical(ics).walk("VEVENT")
    except ValueError:
        return None
    return next((booking_of(event, resource_name, zone) for event in events if is_ours(event, resource_name)), None)


def booking_of(event: icalendar.cal.Component, resource_name: str, zone: str) -> Stored | None:
    """The booking an event of ours holds (see ``is_ours``), or None when it has no start time."""
    start = event.get("DTSTART")
    if start is None or not isinstance(start.dt, datetime):
        return None
    local = start.dt.astimezone(ZoneInfo(zone)) if start.dt.tzinfo else start.dt
    number = str(event.get(NUMBER, ""))
    booking = {"booking_id": number if NUMBER_SHAPE.match(number) else resource_name.removesuffix(".ics"),
               "day": weekday_of(local.date()),
               "date": local.date().isoformat(), "time": f"{local:%H:%M}", "name": str(event.get("SUMMARY", ""))}
    for field, prop in (("phone", PHONE), ("reason", REASON)):
        if event.get(prop) is not None:
            booking[field] = _unx(event.get(prop))
    key = event.get(KEY)
    return Stored(booking, _unx(key) if key is not None else None, str(event.get("UID", "")))


def is_ours(event: icalendar.cal.Component, resource_name: str) -> bool:
    """Whether an event is a booking this backend wrote, in the resource it wrote it to.

    Both must hold: a copy staff make in their app keeps our properties but lives under another name.
    """
    stem = resource_name.removesuffix(".ics")
    return SLOT_ID.match(stem) is not None and str(event.get(BOOKING_ID, "")) == stem


def new_number() -> str:
    """A fresh booking number: two letters and four digits, "KM4821" (read "K M, 4 8 2 1")."""
    import secrets

    return "".join(secrets.choice(_LETTERS) for _ in range(2)) + f"{secrets.randbelow(10_000):04d}"


def tombstone_answer(answer: dict) -> dict:
    """What a cancel record keeps of its answer: the booking's number, when it was and that it is cancelled.

    No name, no phone number, no reason for the visit (SPEC 7.4): a replay of the cancel needs no more.
    """
    return {k: answer[k] for k in ("booking_id", "day", "date", "time", "cancelled") if k in answer}


def tombstone_ics(answer: dict, *, key: str, cancelled_uid: str, zone: str) -> str:
    """The VJOURNAL recording that ``key`` cancelled the booking with UID ``cancelled_uid``, and the answer given."""
    answer = tombstone_answer(answer)
    journal = icalendar.Journal()
    journal.add("uid", f"cancelled-{cancelled_uid}")
    journal.add("dtstamp", datetime.now(UTC))
    journal.add("summary", f"Cancelled by phone: booking {answer['booking_id']}")
    journal.add("status", "FINAL")
    journal.add(KEY, _x(key))
    journal.add(CANCELLED_UID, _x(cancelled_uid))
    journal.add(ANSWER, _x(json.dumps(answer, sort_keys=True)))
    # No DTSTART on purpose: a dateless journal entry matches no time-range query and no free-busy report.
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add_component(journal)
    return cal.to_ical().decode()


def read_tombstone(ics: str) -> tuple[str, str, dict] | None:
    """(key, cancelled booking's UID, the answer first given) from a tombstone, or None if it is not one."""
    try:
        journal = next(iter(icalendar.Calendar.from_ical(ics).walk("VJOURNAL")), None)
        if journal is None or journal.get(KEY) is None:
            return None
        answer = json.loads(_unx(journal.get(ANSWER)))
    except (ValueError, TypeError):
        return None
    return _unx(journal.get(KEY)), _unx(journal.get(CANCELLED_UID, "")), answer


def busy_span(event: icalendar.Event, zone: str) -> tuple[datetime, datetime] | None:
    """The wall-clock (start, end) an event blocks in the clinic's zone, or None when it blocks no time.

    As in RFC 4791 free-busy, an event marked free (TRANSP:TRANSPARENT) or cancelled blocks nothing.
    All-day events block whole days; floating times are taken as the clinic's own wall clock.
    """
    if str(event.get("TRANSP", "")).upper() == "TRANSPARENT" or str(event.get("STATUS", "")).upper() == "CANCELLED":
        return None
    try:
        start, end = event.start, event.end
    except (ValueError, AttributeError):  # no DTSTART, or an end before the start
        return None
    return _local(start, zone), _local(end, zone)


def _local(moment: date | datetime, zone: str) -> datetime:
    if not isinstance(moment, datetime):
        return datetime.combine(moment, time())
    return moment.astimezone(ZoneInfo(zone)).replace(tzinfo=None) if moment.tzinfo else moment


def free_times(on: date, times: list[str], events: list, *, zone: str, slot_minutes: int) -> list[str]:
    """``times`` on ``on`` whose slot of ``slot_minutes`` overlaps none of the busy ``events``."""
    spans = [span for span in (busy_span(event, zone) for event in events) if span is not None]
    slot = timedelta(minutes=slot_minutes)
    starts = {t: datetime.combine(on, time(*divmod(minutes(t), 60))) for t in times}
    return [t for t in times if not any(begin < starts[t] + slot and end > starts[t] for begin, end in spans)]


def bookings_among(events: list[tuple[str, Any]], name: str, day: str | None, since: date, zone: str) -> list[dict]:
    """Our bookings among (resource name, event) pairs under ``name`` (any case) on or after ``since``, oldest first.

    ``day``: only those on that weekday.
    """
    found: dict[str, dict] = {}
    for resource, event in events:
        stored = booking_of(event, resource, zone) if is_ours(event, resource) else None
        if stored is None or stored.booking["name"].casefold() != name.casefold():
            continue
        if (day is None or stored.booking["day"] == day) and since.isoformat() <= stored.booking["date"]:
            found[stored.booking["booking_id"]] = stored.booking  # one entry, however the server split it
    return sorted(found.values(), key=lambda b: (b["date"], b["time"]))


LISTING = ('<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:getlastmodified/>'
           '</d:prop></d:propfind>')
"""A PROPFIND body asking each resource of the calendar when it last changed."""


def tombstones_before(multistatus: str, before: float) -> list[str]:
    """The hrefs of cancel records (``cancelled-*.ics``) in a PROPFIND answer last changed before ``before``."""
    from email.utils import parsedate_to_datetime

    from lxml import etree

    found = []
    for response in etree.fromstring(multistatus.encode()).iter("{DAV:}response"):
        href = response.findtext("{DAV:}href") or ""
        changed = response.findtext(".//{DAV:}getlastmodified")
        if not unquote(href).rstrip("/").rsplit("/", 1)[-1].startswith("cancelled-") or not changed:
            continue
        try:
            if parsedate_to_datetime(changed).timestamp() < before:
                found.append(href)
        except (TypeError, ValueError):  # a date the server wrote its own way: kept
            continue
    return found
