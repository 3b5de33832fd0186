"""What a turn may say before the question: apologies, warnings, the staff's hours, open times, the address."""

from __future__ import annotations

from collections.abc import Sequence

from dialog.phrases.values import day_and_time, spoken_day, spoken_phone, spoken_time

SORRY = "Sorry, I didn't catch that."
PRIVACY = "For your privacy, please don't read out card or ID numbers; I don't need them to book."
NO_ADVICE = "I'm sorry, I can't give medical advice; a doctor or nurse can help with that."
TAKE_YOUR_TIME = "Sure, take your time."
YOU_ARE_WELCOME = "You're welcome."
CANT_HEAR = "Sorry, I can't hear you."
SILENT_GOODBYE = "I can't hear anything, so I'll end the call here. Please call again when you can."
NO_SERVICE_INFO = ("I'm afraid I can't answer questions about treatments, ratings or insurance on this line; "
                   "our staff can help with that when you come in.")
START_OVER = "Let's start over."
ANOTHER_TIME = "No problem, let's find another time."
NOTHING_CANCELLED = "Okay, I haven't cancelled anything."
REASON_NOTED = "Thank you, I've made a note of that for the clinic."
REMARK_HEARD = "I see."
LINE_PAUSED = "Booking by phone is paused right now."


def line_paused(back: Sequence[str] | None) -> str:
    """Booking by phone is paused and nobody is in to put the caller through: a callback request is offered."""
    return (f"Booking by phone is paused right now, and our staff aren't in.{staff_back_at(back)} I can take a "
            "request for them to call you back.")


def emergency(number: str, crisis_line: str | None = None, staff_in: bool = True) -> str:
    """Said at once when a caller describes an emergency, before the hand-off (with the crisis line if given)."""
    crisis = (f" If you are thinking about suicide, you can call or text {crisis_line} at any time, day or night."
              if crisis_line else "")
    connecting = " I'm also connecting you to our staff." if staff_in else ""
    return f"If this is an emergency, please hang up and call {number} now.{crisis}{connecting}"


def staff_back_at(back: Sequence[str] | None) -> str:
    """When staff are next in ("on Monday at 10 am"), or "" when the hours say never."""
    return f" We open again on {spoken_day(back[0])} at {spoken_time(back[1])}." if back else ""


def staff_not_in(back: Sequence[str] | None, offer_callback: bool = False) -> str:
    """A request for a person while the clinic is closed: nobody to put through, so say when, and go on."""
    if offer_callback:
        return (f"Our staff aren't in right now.{staff_back_at(back)} I can take a request for them to call you "
                "back, or keep helping you with your appointment.")
    return f"Our staff aren't in right now.{staff_back_at(back)} I can keep helping you with your appointment."


def not_open(day: str | None, time: str, closest: str | None = None) -> str:
    """The time asked for is not among the day's open times (and the closest one that is)."""
    nearest = f" The closest open time is {spoken_time(closest)}." if closest else ""
    return f"Sorry, {spoken_time(time)} isn't open on {spoken_day(day)}.{nearest}"


def no_open_times(day: str | None) -> str:
    """The day asked for has no open time at all."""
    return f"I'm sorry, we have no open times on {spoken_day(day)}."


def just_taken(day: str | None, time: str) -> str:
    """The clinic refused the booking: someone else took the slot after it was offered."""
    return f"I'm sorry, {spoken_time(time)} on {spoken_day(day)} was just taken."


def unknown_relative_day(said: str) -> str:
    """The caller said "tomorrow" or "today", and no clock tells which weekday that is."""
    return f"I couldn't work out which day {said} is."


def no_appointment_on(day: str | None, time: str | None) -> str:
    """The caller described an appointment that is not among theirs."""
    return f"I don't see an appointment for {day_and_time(day, time)}."


def clinic_name(name: str) -> str:
    """The caller asks which clinic they have called."""
    return f"You've reached {name}."


def automated_line(name: str) -> str:
    """The caller asks whether they are talking to a person: the line says what it is, and what it can do."""
    return (f"I'm {name}'s automated booking line, not a person. I can book or cancel an appointment, "
            "and if you'd rather speak to our staff, just ask.")


def address(where: str, phone: str) -> str:
    """Where the clinic is."""
    return f"We're at {where}. Our phone number is {spoken_phone(phone)}."


def welcome(name: str) -> str:
    """The line's first words: the clinic's name, and that an automated line is answering (the disclosure)."""
    return f"Thank you for calling {name}. This is an automated booking line. How can I help you today?"
