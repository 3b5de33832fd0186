"""How a receptionist says values: times, days, booking and phone numbers, alternatives."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from voicekit.phones import grouped
from voicekit.weekdays import weekday_of


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


def spoken_choices(days: Sequence[str]) -> list[str]:
    """Days offered as a choice: weekdays ("Thursday"), or dates with their weekdays ("Thursday the 10th").

    Dates of one month are told apart by their day ("Thursday the 10th or Friday the 11th"); dates of two
    months with the month ("Monday, December 28 or Monday, January 4"), a date alone with its year too.
    """
    dates = [date.fromisoformat(d) for d in days if _is_date(d)]
    one_month = len(dates) > 1 and len({(on.year, on.month) for on in dates}) == 1
    said = []
    for day in days:
        if not _is_date(day):
            said.append(day.capitalize())
            continue
        on = date.fromisoformat(day)
        weekday = weekday_of(on)
        if one_month:
            said.append(f"{weekday.capitalize()} the {ordinal(on.day)}")
        else:  # a date alone is one the caller may have meant in another year: its year is said
            said.append(spoken_day(weekday, day) + (f", {spoken_year(on.year)}" if len(days) == 1 else ""))
    return said


def _is_date(day: str) -> bool:
    return len(day) == 10 and day[4] == "-"


_ONES = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS_SAID = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def _under_a_hundred(number: int) -> str:
    if number < 20:
        return _ONES[number]
    tens, ones = divmod(number, 10)
    return _TENS_SAID[tens] + (f"-{_ONES[ones]}" if ones else "")


def spoken_year(year: int) -> str:
    """A year as people say it: 2019 -> "twenty nineteen", 2027 -> "twenty twenty-seven", 2005 -> "two thousand five".

    Digits would be read as a number ("two thousand and nineteen" at best, "two zero one nine" at worst).
    """
    century, rest = divmod(year, 100)
    if rest == 0 or (century == 20 and rest < 10):
        return f"two thousand {_ONES[rest]}".strip() if century == 20 else f"{_under_a_hundred(century)} hundred"
    return f"{_under_a_hundred(century)} {_under_a_hundred(rest) if rest >= 10 else 'oh ' + _ONES[rest]}"


def ordinal(number: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 22 -> "22nd"."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


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


def spoken_phone_and_extension(phone: str, extension: str | None) -> str:
    """A phone number digit by digit, and its extension if the caller gave one: "6 1 7, ..., extension 4 5"."""
    return spoken_phone(phone) + (f", extension {' '.join(extension)}" if extension else "")


def _phone_groups(digits: str) -> list[str]:
    """A run of digits split into the groups of a phone number: the last four, threes before them."""
    if len(digits) <= 4:
        return [digits]
    head, groups = digits[:-4], [digits[-4:]]
    while head:
        groups.insert(0, head[-3:])
        head = head[:-3]
    return groups
