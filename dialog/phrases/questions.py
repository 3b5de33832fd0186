"""The questions of the waiting states: the open question, which day, time and name, and cancelling's."""

from __future__ import annotations

from collections.abc import Sequence

from dialog.phrases.values import KEY_WORDS, one_of, spoken_choices, spoken_day, spoken_time

GREETING = "How can I help you today?"
OPEN_QUESTION = "How can I help you today? I can book or cancel an appointment."
WHICH_DAY = "Which day would you like to come in?"
NAME_FOR_BOOKING = "And what name should I put the booking under?"
NAME_FOR_CANCELLING = "What name is the appointment under?"
CONTACT_NUMBER = "And what phone number can we reach you on? You'll need it to change or cancel the appointment."
YES_OR_NO = "Please say yes or no, or press one for yes and two for no."
RE_ASK = "Just to be sure:"
"""How the short re-ask at CONFIRM begins (after an answer that was neither yes nor no)."""


def which_day_of(days: Sequence[str]) -> str:
    """The caller named two days (weekdays, or dates "YYYY-MM-DD"): ask which, never pick; one date: ask if meant."""
    said = spoken_choices(days)
    if len(said) == 1:
        return f"Did you mean {said[0]}?"
    return f"Which day would you like: {one_of(said)}?"


def which_time_of(times: Sequence[str]) -> str:
    """The caller named two times: ask which, never pick."""
    return f"Would you like {one_of([spoken_time(t) for t in times])}?"


def open_times(day: str | None, times: Sequence[str], on_date: str | None = None) -> str:
    """Offer a day's open times (with its date on a clinic's line), and the keypad key for each of the first nine."""
    said = [spoken_time(t) for t in times]
    keys = ", ".join(f"{KEY_WORDS[i]} for {t}" for i, t in enumerate(said[:9], start=1))
    return (f"On {spoken_day(day, on_date)} we have {one_of(said)} open. Which time suits you? "
            f"You can also press {keys}.")


# Cancelling asks the caller to describe the appointment: what is on file is never read out unasked.
WHICH_DAY_TO_CANCEL = "Which day is the appointment you'd like to cancel?"


def which_time_to_cancel(day: str | None) -> str:
    """Several of the caller's appointments are on the day they described: ask for the time, list none."""
    return f"You have more than one appointment on {spoken_day(day)}. What time is the one you'd like to cancel?"


def which_date_to_cancel(day: str | None) -> str:
    """Several of the caller's appointments fit the weekday and time they described: ask for the date, list none."""
    return f"You have more than one appointment on a {spoken_day(day)}. Which date is the one you'd like to cancel?"


CANNOT_FIND_APPOINTMENT = "I can't find that appointment, so a member of staff will look it up with you."
