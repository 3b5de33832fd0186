"""The sentences of the line's two checks: its own callback offer, and the number a booking is under.

The phone line offers a callback after a warm transfer nobody answered; cancelling or moving an appointment
needs the caller's number to match the booking's. ``dialog.phrases`` has every other sentence.
"""

from __future__ import annotations

from dialog.phrases import RE_ASK, YES_OR_NO, spoken_phone

# -- the phone line's callback question, after a warm transfer nobody answered ----------------------------

NOBODY_COULD_ANSWER = "Nobody could answer."
NOBODY_ON_STAFF = "I'm sorry, nobody on our staff could answer just now."
NUMBER_TO_CALL_BACK = "What number should our staff call you back on?"
CALL_AGAIN_LATER = "Please call again a little later. Goodbye."
NOT_LEFT_UNCLEAR = "Sorry, I didn't catch that, so I haven't left a request."


def on_the_number(phone: str | None, whole: bool) -> str:
    """The number to call back: by its last four when the line gave it, whole when the caller said it.

    The caller knows their own phone; a number they said is read out whole so a misheard digit is caught first.
    """
    if not phone:
        return "your number"
    return spoken_phone(phone) if whole else f"the number ending {' '.join(phone[-4:])}"  # digits, read one by one


def transfer_callback_read_back(phone: str | None, whole: bool) -> str:
    """CONFIRM for the request the line offers: nothing is written before a yes to this."""
    return f"Shall I leave a request for staff to call you back on {on_the_number(phone, whole)}? {YES_OR_NO}"


def transfer_callback_re_ask(phone: str | None, whole: bool) -> str:
    """The short re-ask of that read-back, after an answer that was neither yes nor no."""
    return f"{RE_ASK} shall I leave a request for staff to call you back on {on_the_number(phone, whole)}? " \
           "Please say yes or no."


def transfer_callback_left(phone: str | None, whole: bool) -> str:
    """The call's last words once the request was recorded."""
    return f"Thank you. I've left the request: our staff will call you back on {on_the_number(phone, whole)}. Goodbye."


# -- the number an appointment is under ------------------------------------------------------------------

PHONE_FOR_CHECK = "For your security, what phone number is the appointment under?"
NO_MATCHING_APPOINTMENT = ("I couldn't find an appointment matching those details that I can change on this line. "
                           "An appointment booked without a phone number, or under another number, can only be "
                           "changed by our staff.")
"""Said whether nothing is booked under the name, the number fits none, or the booking has no number on file."""
