"""Moving an appointment in one go (SPEC 7.6): its questions, its one read-back, and what the caller hears after.

One read-back names both appointments and one yes covers the two writes (book the new, then cancel the old); when
the second write fails the caller hears what stands. Values are said as everywhere (``dialog.phrases.values``).
"""

from __future__ import annotations

from dialog.phrases.questions import RE_ASK, YES_OR_NO
from dialog.phrases.values import spoken_booking_number, spoken_day, spoken_time

WHICH_DAY_TO_MOVE = "Which day is the appointment you'd like to move?"
WHICH_NEW_DAY = "Which day would you like to move it to?"


def _when(day: str | None, time: str, on_date: str | None) -> str:
    return f"{spoken_day(day, on_date)} at {spoken_time(time)}"


def which_time_to_move(day: str | None) -> str:
    """Several of the caller's appointments are on the day they described: ask for the time, list none."""
    return f"You have more than one appointment on {spoken_day(day)}. What time is the one you'd like to move?"


def which_date_to_move(day: str | None) -> str:
    """Several of the caller's appointments fit the weekday and time they described: ask for the date, list none."""
    return f"You have more than one appointment on a {spoken_day(day)}. Which date is the one you'd like to move?"


def moving_read_back(old: tuple[str, str, str | None], new: tuple[str | None, str, str | None]) -> str:
    """Both appointments, old then new ((day, time, date) each), before the one yes that moves it."""
    return f"Your appointment on {_when(*old)} moves to {_when(*new)}. Shall I move it? {YES_OR_NO}"


def moving_re_ask(old: tuple[str, str, str | None], new: tuple[str | None, str, str | None]) -> str:
    """Asked once more, briefly, when the answer to the move's read-back was neither yes nor no."""
    return f"{RE_ASK} shall I move your appointment on {_when(*old)} to {_when(*new)}? Please say yes or no."


def moved(old: tuple[str, str, str | None], new: tuple[str | None, str, str | None], booking_id: str | None) -> str:
    """The call ends with the move done: the new appointment (and its number) and the old one cancelled."""
    return (f"Done: your appointment is now on {_when(*new)}, booking number {spoken_booking_number(booking_id)}, "
            f"and your appointment on {_when(*old)} is cancelled. Goodbye!")


def old_still_stands(old: tuple[str, str, str | None]) -> str:
    """The new appointment could not be booked: nothing was cancelled."""
    return f"Your appointment on {_when(*old)} is still in place."


def new_booked_old_stands(old: tuple[str, str, str | None], new: tuple[str | None, str, str | None],
                          booking_id: str | None) -> str:
    """The cancel was refused after the booking: the caller has both, and staff will cancel the old one."""
    return (f"Your new appointment on {_when(*new)} is booked, booking number {spoken_booking_number(booking_id)}, "
            f"but I couldn't cancel your appointment on {_when(*old)}, so it still stands. A member of staff will "
            "cancel it for you.")


def new_booked_old_unsure(old: tuple[str, str, str | None], new: tuple[str | None, str, str | None],
                          booking_id: str | None) -> str:
    """The cancel's answer was lost (a timeout, or the line went down between the two writes): staff check it."""
    return (f"Your new appointment on {_when(*new)} is booked, booking number {spoken_booking_number(booking_id)}, "
            f"but I couldn't confirm that your appointment on {_when(*old)} was cancelled. I won't try again in "
            "case it went through; a member of staff will check it.")
