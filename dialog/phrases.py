"""Every sentence the agent says, in one place: prompts, apologies, read-backs, farewells, hand-off lines.

Nodes and rules never spell out a sentence themselves; they call this module. Functions take plain
values (day, time, name), so a sentence can be changed, or translated, without touching the dialog.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from voicekit.clinic import Booking
from voicekit.phones import grouped

# -- how a receptionist says values ------------------------------------------------------------


def spoken_time(hhmm: str) -> str:
    """Say a 24-hour time: "14:30" -> "2:30 pm", "09:00" -> "9 am", "12:00" -> "noon"."""
    hour, minute = int(hhmm[:2]), int(hhmm[3:])
    if (hour, minute) == (12, 0):
        return "noon"
    suffix = "am" if hour < 12 else "pm"
    hour12 = hour % 12 or 12
    return f"{hour12} {suffix}" if minute == 0 else f"{hour12}:{minute:02d} {suffix}"


def spoken_day(day: str | None, on_date: str | None = None) -> str:
    """Say a weekday ("Tuesday"), with its date when the caller named one ("Thursday, March 12")."""
    if not day:
        return "an open day"
    if not on_date:
        return day.capitalize()
    named = date.fromisoformat(on_date)
    return f"{day.capitalize()}, {named.strftime('%B')} {named.day}"


KEY_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
"""Keypad keys as a voice should say them ("press one"): a digit alone is read unpredictably."""


def spoken_booking_number(booking_id: str | None) -> str:
    """A booking number as a voice reads it well: letters one by one, digits in groups of three.

    "bk_0001" -> "B K, 0 0 0 1"; "BK-123456" -> "B K, 1 2 3, 4 5 6". Nothing else of the id is said.
    """
    letters = " ".join(c.upper() for c in str(booking_id or "") if c.isalpha())
    digits = [c for c in str(booking_id or "") if c.isdigit()]
    size = 3 if len(digits) % 3 == 0 else 4 if len(digits) % 4 == 0 else 3
    groups = [" ".join(digits[i:i + size]) for i in range(0, len(digits), size)]
    said = ", ".join(part for part in (letters, *groups) if part)
    return said or "on its way by text"


def one_of(items: Sequence[str]) -> str:
    """Join alternatives: "a", "a or b", "a, b or c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def day_and_time(day: str | None, time: str | None) -> str:
    """Say whichever of day and time the caller gave: "Friday at 9 am", "Friday" or "9 am"."""
    return " at ".join(p for p in (spoken_day(day) if day else "", spoken_time(time) if time else "") if p)


# -- the questions of the waiting states ------------------------------------------------------

GREETING = "How can I help you today?"
OPEN_QUESTION = "How can I help you today? I can book or cancel an appointment."
WHICH_DAY = "Which day would you like to come in?"
NAME_FOR_BOOKING = "And what name should I put the booking under?"
NAME_FOR_CANCELLING = "What name is the appointment under?"
YES_OR_NO = "Please say yes or no, or press one for yes and two for no."
RE_ASK = "Just to be sure:"
"""How the short re-ask at CONFIRM begins (after an answer that was neither yes nor no)."""


def which_day_of(days: Sequence[str]) -> str:
    """The caller named two days: ask which, never pick."""
    return f"Which day would you like: {one_of([spoken_day(d) for d in days])}?"


def which_time_of(times: Sequence[str]) -> str:
    """The caller named two times: ask which, never pick."""
    return f"Would you like {one_of([spoken_time(t) for t in times])}?"


def open_times(day: str | None, times: Sequence[str]) -> str:
    """Offer a day's open times, and the keypad key for each of the first nine (a key is one digit)."""
    said = [spoken_time(t) for t in times]
    keys = ", ".join(f"{KEY_WORDS[i]} for {t}" for i, t in enumerate(said[:9], start=1))
    return f"On {spoken_day(day)} we have {one_of(said)} open. Which time suits you? You can also press {keys}."


# Cancelling asks the caller to describe the appointment: what is on file is never read out unasked.
WHICH_DAY_TO_CANCEL = "Which day is the appointment you'd like to cancel?"


def which_time_to_cancel(day: str | None) -> str:
    """Several of the caller's appointments are on the day they described: ask for the time, list none."""
    return f"You have more than one appointment on {spoken_day(day)}. What time is the one you'd like to cancel?"


def which_date_to_cancel(day: str | None) -> str:
    """Several of the caller's appointments fit the weekday and time they described: ask for the date, list none."""
    return f"You have more than one appointment on a {spoken_day(day)}. Which date is the one you'd like to cancel?"


CANNOT_FIND_APPOINTMENT = "I can't find that appointment, so a member of staff will look it up with you."


# -- read-backs (CONFIRM) and farewells (DONE) --------------------------------------------------


def booking_read_back(name: str | None, day: str | None, time: str, on_date: str | None = None) -> str:
    """Read a booking back before the one irreversible step."""
    return (f"Let me read that back: an appointment for {name} on {spoken_day(day, on_date)} at "
            f"{spoken_time(time)}. Shall I book it? {YES_OR_NO}")


def booking_re_ask(name: str | None, day: str | None, time: str, on_date: str | None = None) -> str:
    """Asked once more, briefly, when the answer to the read-back was neither yes nor no."""
    return (f"{RE_ASK} shall I book {name} on {spoken_day(day, on_date)} at {spoken_time(time)}? "
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


def cancelled(day: str | None, time: str, kept: Booking | None = None, on_date: str | None = None) -> str:
    """The call ends with a cancellation (and, after a reschedule, names the appointment the caller now has)."""
    now_booked = (f" Your appointment is now {spoken_day(kept['day'], kept.get('date'))} at "
                  f"{spoken_time(kept['time'])}.") if kept else ""
    return (f"Done: your appointment on {spoken_day(day, on_date)} at {spoken_time(time)} is cancelled.{now_booked} "
            "Goodbye!")


# -- rescheduling: the new appointment is booked first, so the caller never loses the old one for nothing --


def rescheduling_read_back(name: str | None, day: str | None, time: str, on_date: str | None = None) -> str:
    """Read the new appointment back, and say that cancelling the old one is the next, separate step."""
    return (f"Let me read that back: a new appointment for {name} on {spoken_day(day, on_date)} at "
            f"{spoken_time(time)}. Once it's booked, we'll cancel your old appointment as a separate step. "
            f"Shall I book the new one? {YES_OR_NO}")


def rescheduling_re_ask(name: str | None, day: str | None, time: str, on_date: str | None = None) -> str:
    """Asked once more, briefly, when the answer to the reschedule read-back was neither yes nor no."""
    return (f"{RE_ASK} shall I book the new appointment for {name} on {spoken_day(day, on_date)} at "
            f"{spoken_time(time)}, before we cancel the old one? Please say yes or no.")


def rebooked_now_cancel(day: str | None, time: str, booking_id: str | None, on_date: str | None = None) -> str:
    """The new appointment went through; the call goes on to cancel the old one."""
    return (f"You're booked for {spoken_day(day, on_date)} at {spoken_time(time)}, booking number "
            f"{spoken_booking_number(booking_id)}. Now let's cancel your old appointment.")


def kept_both(kept: Booking) -> str:
    """The call ends after a reschedule's booking, before its cancellation: the caller has both appointments."""
    return (f"No problem. Your new appointment on {spoken_day(kept['day'])} at {spoken_time(kept['time'])} "
            "is booked, and your old appointment is still in place too. Goodbye!")


NOTHING_CHANGED = "No problem. Nothing has been booked or changed. Goodbye!"

# -- what a turn may say before the question --------------------------------------------------

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


# -- callback requests ----------------------------------------------------------------------------

NAME_FOR_CALLBACK = "Sure. What name should I give our staff?"
PHONE_FOR_CALLBACK = "And what number should they call you back on?"


def not_a_phone_number(why: str) -> str:
    """The digits given at the phone question are no number to call back (and a card number is not repeated)."""
    if why == "card":
        return "That sounds like a card number, so I won't keep it. Please never give card details on this line."
    if why == "incomplete":
        return "I need the whole number, with the area code."
    return "That doesn't sound like a phone number I can call."
NO_CALLBACK_LEFT = "Okay, I haven't left a request."
CALLBACK_REFUSED = "Our system couldn't take your request."


def _about(day: str | None, time: str | None) -> str:
    return f" about {day_and_time(day, time)}" if day or time else ""


def callback_read_back(name: str | None, phone: str | None, day: str | None, time: str | None) -> str:
    """CONFIRM for a callback request: who, which number, and what about."""
    return (f"I'll ask our staff to call {name} back on {spoken_phone(phone or '')}{_about(day, time)}. "
            "Shall I leave that request?")


def callback_re_ask(name: str | None, phone: str | None) -> str:
    """The short re-ask at a callback request's CONFIRM."""
    return f"{RE_ASK} shall I ask our staff to call {name} back on {spoken_phone(phone or '')}? {YES_OR_NO}"


def callback_left(name: str | None, phone: str | None, back: Sequence[str] | None) -> str:
    """DONE after the callback request was recorded."""
    when = f" once we open on {spoken_day(back[0])} at {spoken_time(back[1])}" if back else ""
    return (f"Thank you, {name}. I've left the request: our staff will call you back on "
            f"{spoken_phone(phone or '')}{when}. Goodbye.")


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


# -- answers to side questions, from the clinic profile --------------------------------------


def spoken_phone(phone: str) -> str:
    """A phone number digit by digit, keeping its groups: "555 0100" -> "5 5 5, 0 1 0 0".

    Digits given without groups are grouped as people say them: "5550123" -> "5 5 5, 0 1 2 3"; an E.164 number
    in its region's groups: "+16175550123" -> "6 1 7, 5 5 5, 0 1 2 3".
    """
    groups = [g for g in ("".join(c for c in group if c.isdigit())
                          for group in re.split(r"[\s.\-/()]+", grouped(phone))) if g]
    if len(groups) == 1:
        groups = _phone_groups(groups[0])
    return ", ".join(" ".join(g) for g in groups) or phone


def _phone_groups(digits: str) -> list[str]:
    """A run of digits split into the groups of a phone number: the last four, threes before them."""
    if len(digits) <= 4:
        return [digits]
    head, groups = digits[:-4], [digits[-4:]]
    while head:
        groups.insert(0, head[-3:])
        head = head[:-3]
    return groups


def address(where: str, phone: str) -> str:
    """Where the clinic is."""
    return f"We're at {where}. Our phone number is {spoken_phone(phone)}."


# -- tool failures and hand-offs --------------------------------------------------------------

UNAVAILABLE = "I'm sorry, I can't reach our booking system right now."
NO_LOOKUP_HERE = "I can't look up appointments on this line."
MAY_HAVE_GONE_THROUGH = ("I didn't get an answer from our booking system, so I won't try again in case it went "
                         "through. A member of staff will check and confirm.")
BOOKING_REFUSED = "Our booking system couldn't take that booking."
CANCELLING_REFUSED = "Our booking system couldn't cancel that appointment."

# When the clinic is closed nobody can take the call: the caller hears when to call back instead. (An
# emergency is the only "user_request" hand-off then; the emergency number has been said already.)
HANDOFF_WHEN_CLOSED = {
    "user_request": "",
    "not_understood": "I'm sorry, I'm having trouble understanding, and our staff aren't in right now.",
    "tool_failure": "I can't finish this for you now, and our staff aren't in right now.",
}
HANDOFF_BECAUSE = {
    "user_request": "Of course, I'll put you through to a member of staff.",
    "not_understood": "I'm sorry, I'm having trouble understanding. Let me put you through to a member of staff.",
    "tool_failure": "Let me put you through to a member of staff who can finish this for you.",
}


def passed_on(day: str | None, time: str | None, name: str | None) -> str:
    """What the caller hears will reach the person taking over ("" when nothing was collected)."""
    parts = [f"day {spoken_day(day)}" if day else None, f"time {spoken_time(time)}" if time else None,
             f"name {name}" if name else None]
    said = [p for p in parts if p]
    return f"I'll pass on what we have so far: {', '.join(said)}." if said else ""


# -- the adapter's last resorts (graph/voice_agent.py) ---------------------------------------

SAY_AGAIN = "Sorry, could you say that again?"
BROKEN = "I'm sorry, something went wrong on my side. Let me put you through to a member of staff."
