"""What the agent needs of a clinic backend, one capability at a time.

A backend reads open times and books (the lab contract); it may also find a caller's bookings, cancel,
and take callback requests. Each is a ``Protocol`` of its own, so a backend that cannot cancel is not
offered cancelling. Keywords beyond the lab's positional arguments (``date=``, ``idempotency_key=``,
``phone=``, ``reason=``) are optional: the agent passes each only where the signature takes it
(``tools.writes.accepts``). Side by side:

* ``voicekit.clinic.ClinicAPI`` (``voicekit.clinics.demo``): the demo clinic, dated, with scripted failures
  (tests, demos, Studio);
* ``voicekit.caldav_calendar.CalDavCalendar`` (``voicekit.clinics.caldav_calendar``): a real calendar over CalDAV.

A configuration file chooses one (``dialog.config``). The tools' names and the two ways a tool fails are here
too, since every backend answers with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

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


class ToolTimeout(Exception):
    """The clinic API did not answer in time. The action may or may not have happened."""


class ToolError(Exception):
    """The clinic API answered and refused; ``code`` says why (``"taken"``, ``"error"``, ...)."""

    def __init__(self, code: str = "error", message: str | None = None):
        self.code = code
        super().__init__(message or code)


@runtime_checkable
class SlotReader(Protocol):
    """Reads open times: ``find_slots(day)`` (weekday) or ``find_slots(day, date="YYYY-MM-DD")`` (dated)."""

    calls: list[tuple[str, dict, str]]
    """Every tool call, in order: (tool name, arguments, outcome); a turn's tools are the entries it added."""

    def find_slots(self, day: str, /, *args: Any, **kwargs: Any) -> list[str]:
        """The open times ("HH:MM", sorted) on the day."""
        ...


@runtime_checkable
class Booker(Protocol):
    """Books an appointment: an irreversible write, never re-sent after a timeout."""

    def book(self, day: str, time: str, name: str, /, *args: Any, **kwargs: Any) -> Mapping[str, Any]:
        """The booking, with at least booking_id, day, time and name (and date, from a dated backend)."""
        ...


@runtime_checkable
class BookingFinder(Protocol):
    """Finds a caller's existing appointments (for cancelling and moving them)."""

    def find_bookings(self, name: str, /, *args: Any, **kwargs: Any) -> list[Mapping[str, Any]]:
        """The live bookings under the name, oldest first."""
        ...


@runtime_checkable
class Canceller(Protocol):
    """Cancels an appointment by its id: an irreversible write, never re-sent after a timeout."""

    def cancel(self, booking_id: str, /, *args: Any, **kwargs: Any) -> Mapping[str, Any]:
        """The cancelled booking."""
        ...


@runtime_checkable
class CallbackTaker(Protocol):
    """Records a request for staff to call a caller back: a write, never re-sent after a timeout."""

    def request_callback(self, name: str | None, phone: str | None, reason: str, /, *args: Any,
                         **kwargs: Any) -> Mapping[str, Any]:
        """The request as recorded, with its callback_id."""
        ...


@runtime_checkable
class ClinicBackend(SlotReader, Booker, Protocol):
    """The least a clinic backend is: it reads open times, books, and keeps its ``calls``."""
