"""Phone numbers a person can dial: E.164 for the clinic's country, with ``phonenumbers``.

A caller says "617 555 0123", "oh two oh, seven nine four six..." or "+44 20 7946 0958"; staff need
"+16175550123". A number that is not a valid number of its region (seven digits without an area code, a
card number, a social security number) is not a number to call back: the agent asks again.
"""

from __future__ import annotations

import re
from typing import Literal

import phonenumbers

from voicekit.privacy import phone_ending

NotAPhone = Literal["card", "incomplete", "invalid"]
"""Why digits are no number to call back: a payment card's, too few digits, or no number of the region."""


def dialable(digits: str, country: str) -> str | None:
    """``digits`` (a leading "+" allowed) as E.164 when they are a valid number for ``country``, else None."""
    try:
        number = phonenumbers.parse(digits, country.upper())
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(number):
        return None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def is_a_phone_number(digits: str, country: str) -> bool:
    """Digits said unasked that are a phone number: dialable for ``country`` and no payment card's.

    "Tuesday, and my number's 718 555 0102" is kept as the caller's number; a card, a social security or a
    member number is not one, and stays masked whole.
    """
    bare = "".join(c for c in digits if c.isdigit())
    return dialable(digits, country) is not None and not (13 <= len(bare) <= 19 and passes_luhn(bare))


def passes_luhn(digits: str) -> bool:
    """The payment-card checksum (ISO/IEC 7812): every card number passes it; most other digit runs do not."""
    numbers = [int(c) for c in digits if c.isdigit()]
    if not numbers:
        return False
    total = 0
    for position, digit in enumerate(reversed(numbers)):
        doubled = digit * 2 if position % 2 else digit
        total += doubled - 9 if doubled > 9 else doubled
    return total % 10 == 0


def why_not_a_phone(digits: str, country: str) -> NotAPhone:
    """Why ``digits`` were refused as a callback number (call only when ``dialable`` said None)."""
    bare = "".join(c for c in digits if c.isdigit())
    if 13 <= len(bare) <= 19 and passes_luhn(bare) and not digits.startswith("+"):
        return "card"
    try:
        number = phonenumbers.parse(digits, country.upper())
    except phonenumbers.NumberParseException:
        return "invalid"
    length = phonenumbers.is_possible_number_with_reason(number)
    return "incomplete" if length == phonenumbers.ValidationResult.TOO_SHORT or len(bare) < 10 else "invalid"


def is_region(country: object) -> bool:
    """Whether ``country`` is a region ``phonenumbers`` knows ("US", "GB", "DE"...)."""
    return isinstance(country, str) and country.upper() in phonenumbers.SUPPORTED_REGIONS


def grouped(number: str) -> str:
    """An E.164 number in its own region's national groups ("+16175550123" -> "(617) 555-0123"), to be read out.

    Anything else (a local number, digits as said) comes back as it is.
    """
    if not number.startswith("+"):
        return number
    try:
        parsed = phonenumbers.parse(number, None)
    except phonenumbers.NumberParseException:
        return number
    return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.NATIONAL)


def corrected(said: str, known: str | None, country: str) -> str | None:
    """The number a caller means: ``said`` itself when dialable, else ``known`` with its last digits replaced.

    "No, it's 555 0199" after (617) 555-0123 was read back keeps the area code, as a receptionist would.
    """
    whole = dialable(said, country)
    if whole is not None or not known or said.startswith("+"):
        return whole
    try:
        national = str(phonenumbers.parse(known, None).national_number)
    except phonenumbers.NumberParseException:
        return None
    tail = "".join(c for c in said if c.isdigit())
    if not 4 <= len(tail) < len(national):
        return None
    return dialable(f"+{phonenumbers.parse(known, None).country_code}{national[:-len(tail)]}{tail}", country)


_READ_OUT = re.compile(r"(?<![\w])\d(?:[ ,]{1,3}\d){6,14}(?![\w])")
"""Digits read out one by one ("6 1 7, 5 5 5, 0 1 2 3"): how the agent says a phone number back."""


def mask_read_out(reply: str) -> str:
    """A reply as it may be stored: each number it read out digit by digit shown as "[phone ending 0123]"."""
    return _READ_OUT.sub(lambda m: phone_ending(m.group()), reply)
