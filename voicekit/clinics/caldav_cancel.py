"""Cancelling on the CalDAV calendar: a tombstone first (with a key), then the booking's DELETE with ``If-Match``.

A part of ``voicekit.clinics.caldav_calendar.CalDavCalendar`` (see its docstring), kept apart to keep each module
short: the calendar's reads and HTTP are the class's own.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import Any

from voicekit.clinics.backend import ToolError
from voicekit.clinics.caldav_events import (
    NUMBER,
    NUMBER_SHAPE,
    Stored,
    is_ours,
    read_tombstone,
    slot_of,
    tombstone_answer,
    tombstone_ics,
)
from voicekit.schedule import Schedule

_ICS = {"Content-Type": "text/calendar; charset=utf-8"}


class CalDavCancelling:
    """``cancel``'s work for ``CalDavCalendar`` (whose reads and requests these methods use)."""

    url: str
    schedule: Schedule

    def _get(self, tool: str, url: str) -> tuple[str, str] | None:
        raise NotImplementedError

    def _read(self, tool: str, resource: str) -> tuple[Stored | None, str | None]:
        raise NotImplementedError

    def _send(self, tool: str, url: str, method: str, body: str, headers: dict[str, str], expect: tuple[int, ...],
              note: str = "", timeout: float | None = None) -> Any:
        raise NotImplementedError

    def _events(self, tool: str, first: Any, end: Any) -> list[tuple[str, Any]]:
        raise NotImplementedError

    def _cancel(self, booking_id: str, key: str | None) -> tuple[str, dict]:
        tombstone = f"cancelled-{hashlib.sha256(key.encode()).hexdigest()[:32]}.ics" if key is not None else ""
        if key is not None and (first := self._get("cancel", self.url + tombstone)) is not None:
            return self._replay_cancel(first[0], booking_id, key)
        resource = self._resource_of(booking_id)
        stored, etag = self._read("cancel", resource) if resource else (None, None)
        if stored is None or resource is None:
            raise ToolError("not_found", f"cancel: no booking {booking_id!r} in the calendar; look it up with "
                                         "find_bookings")
        if not etag:
            raise ToolError("error", f"cancel: {self.url} sent no ETag for {resource}, so it cannot be deleted "
                                     "safely; use a CalDAV server that sends ETags")
        # The answer is what its cancel record keeps (no name, phone or reason), so a replay gives the same one.
        answer = tombstone_answer({**stored.booking, "cancelled": True})
        if key is not None:
            body = tombstone_ics(answer, key=key, cancelled_uid=stored.uid, zone=self.schedule.timezone)
            put = self._send("cancel", self.url + tombstone, "PUT", body, {**_ICS, "If-None-Match": "*"},
                             (201, 204, 412), "the cancel record is a VJOURNAL, which the calendar must accept")
            if put.status == 412 and (first := self._get("cancel", self.url + tombstone)) is not None:
                return self._replay_cancel(first[0], booking_id, key)  # the same cancel is running alongside
        deleted = self._send("cancel", self.url + resource, "DELETE", "", {"If-Match": etag}, (200, 204, 404, 412))
        if deleted.status == 404:
            raise ToolError("not_found", f"cancel: {booking_id!r} was cancelled by someone else meanwhile")
        if deleted.status == 412:
            raise ToolError("error", f"cancel: {booking_id!r} changed in the calendar while being cancelled (staff "
                                     "edited it?); nothing was deleted: look it up again with find_bookings")
        return "ok", answer

    def _replay_cancel(self, text: str, booking_id: str, key: str | None) -> tuple[str, dict]:
        found = read_tombstone(text)
        if found is None or found[0] != key:
            raise ToolError("error", f"cancel: the cancel record for this key in {self.url} is unreadable")
        _, uid, answer = found
        if answer.get("booking_id") != booking_id:
            raise ToolError("key_reused", f"cancel: idempotency key {key!r} already cancelled "
                                          f"{answer.get('booking_id')!r}; use a new key per confirmation")
        resource = self._resource_of(booking_id)
        stored, etag = self._read("cancel", resource) if resource else (None, None)
        if stored is not None and stored.uid == uid and etag:  # a restart came between the tombstone and the DELETE
            self._send("cancel", f"{self.url}{resource}", "DELETE", "", {"If-Match": etag}, (200, 204, 404))
        return "replay", answer

    def _resource_of(self, booking_id: str) -> str | None:
        """The resource holding booking ``booking_id`` (its number, or a slot name of before), or None."""
        if slot_of(booking_id) is not None:
            return f"{booking_id}.ics"
        if not NUMBER_SHAPE.match(booking_id):
            return None
        today = self.schedule.today()
        events = self._events("cancel", today, today + timedelta(days=self.schedule.days_ahead + 1))
        return next((r for r, e in events if is_ours(e, r) and str(e.get(NUMBER, "")) == booking_id), None)

