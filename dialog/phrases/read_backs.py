"""The read-backs before a write (CONFIRM), their short re-asks, and the farewells once it went through (DONE)."""

from __future__ import annotations

from dialog.phrases.questions import RE_ASK, YES_OR_NO
from dialog.phrases.values import spoken_booking_number, spoken_day, spoken_phone_and_extension, spoken_time


def booking_read_back(name: str | None, day: str | None, time: str, on_date: str | None = None,
                      provider: str | None = None, phone: str | None = None, extension: str | None = None) -> str:
    """Read a booking back before the one irreversible step.

    The doctor asked for and the number the caller gave are written with it, so the caller consents to them too.
    """
    contact = f", contact number {spoken_phone_and_extension(phone, extension)}" if phone else ""
    return (f"Let me read that back: an appointment for {name}{_with(provider)} on {spoken_day(day, on_date)} at "
            f"{spoken_time(time)}{contact}. Shall I book it? {YES_OR_NO}")


def booking_re_ask(name: str | None, day: str | None, time: str, on_date: str | None = None,
                   provider: str | None = None) -> str:
    """Asked once more, briefly, when the answer to the read-back was neither yes nor no."""
    return (f"{RE_ASK} shall I book {name}{_with(provider)} on {spoken_day(day, on_date)} at {spoken_time(time)}? "
            "Please say yes or no.")


def cancelling_re_ask(name: str, day: str, time: str, on_date: str | None = None) -> str:
    """Asked once more, briefly, when the answer to the cancel read-back was neither yes nor no."""
    return (f"{RE_ASK} shall I cancel the appointment for {name} on {spoken_day(day, on_date)} at "
            f"{spoken_time(time)}? Please say yes or no.")


def cancelling_read_back(name: str, day: str, time: str, on_date: str | None = None) -> str:
    """Read an appointment back before cancelling it (with its date: two Tuesdays are two appointments)."""
    return (f"Let me read that back: cancel the appointment for {name} on {spoken_day(day, on_date)} at "
            f"{spoken_time(time)}. Shall I cancel it? {YES_OR_NO}")


def booked(name: str | None, day: str | None, time: str, booking_id: str | None, on_date: str | None = None) -> str:
    """The call ends with a booking."""
    return (f"You're booked, {name}: {spoken_day(day, on_date)} at {spoken_time(time)}. "
            f"Your booking number is {spoken_booking_number(booking_id)}. Goodbye!")


def cancelled(day: str | None, time: str, on_date: str | None = None) -> str:
    """The call ends with a cancellation."""
    return f"Done: your appointment on {spoken_day(day, on_date)} at {spoken_time(time)} is cancelled. Goodbye!"


NOTHING_CHANGED = "No problem. Nothing has been booked or changed. Goodbye!"


def _with(provider: str | None) -> str:
    return f" with {provider}" if provider else ""
