"""A request for staff to call the caller back: its questions, read-back and farewell."""

from __future__ import annotations

from collections.abc import Sequence

from dialog.phrases.questions import RE_ASK, YES_OR_NO
from dialog.phrases.values import day_and_time, spoken_day, spoken_phone, spoken_phone_and_extension, spoken_time

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


def callback_read_back(name: str | None, phone: str | None, day: str | None, time: str | None,
                       extension: str | None = None) -> str:
    """CONFIRM for a callback request: who, which number (and extension), and what about."""
    return (f"I'll ask our staff to call {name} back on {spoken_phone_and_extension(phone or '', extension)}"
            f"{_about(day, time)}. Shall I leave that request?")


def callback_re_ask(name: str | None, phone: str | None) -> str:
    """The short re-ask at a callback request's CONFIRM."""
    return f"{RE_ASK} shall I ask our staff to call {name} back on {spoken_phone(phone or '')}? {YES_OR_NO}"


def callback_left(name: str | None, phone: str | None, back: Sequence[str] | None) -> str:
    """DONE after the callback request was recorded."""
    when = f" once we open on {spoken_day(back[0])} at {spoken_time(back[1])}" if back else ""
    return (f"Thank you, {name}. I've left the request: our staff will call you back on "
            f"{spoken_phone(phone or '')}{when}. Goodbye.")
