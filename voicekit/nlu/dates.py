"""Dates as callers say them (SPEC 5.2), resolved against today's date in the clinic's time zone.

"March 3rd", "the 12th of March", "on the 14th", "the 2nd of next month", "12/3" (month/day),
"today", "the day after tomorrow", "next Thursday", "this Saturday", "Thursday next week", "tonight". A date
already past this year (or this month, for "the 14th") means the next one, unless the caller said its year
("March 3rd 2019", "3/3/2019": that date, past or not, for the agent to ask about or refuse). Works on the
word tokens of ``voicekit.nlu.analyse``; returns each date and the tokens it used, so they are not read as times.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from voicekit.weekdays import WEEKDAYS

MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
               "november", "december")
MONTHS = {name: number for number, name in enumerate(MONTH_NAMES, start=1)} | {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11,
    "dec": 12}
ORDINAL_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
                 "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
                 "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
                 "nineteenth": 19, "twentieth": 20, "thirtieth": 30}
_ORDINAL_DIGITS = re.compile(r"^(\d{1,2})(st|nd|rd|th)$")
_PLAIN_DIGITS = re.compile(r"^\d{1,2}$")
# US month/day, and its year if said: "12/3", "12/3/2026", "3/3/19".
NUMERIC_DATE = re.compile(r"\b(1[0-2]|0?[1-9])/(3[01]|[12]\d|0?[1-9])(?:/((?:19|20)?\d\d))?(?![\d/])")
_YEAR = re.compile(r"^(?:19|20)\d\d$")


def numeric_dates_as_words(text: str) -> str:
    """Spell "12/3" as "december 3th", "12/3/26" as "december 3th 2026": one form for the date finder.

    No "12" is left to read as a time.
    """
    def spelled(m: re.Match[str]) -> str:
        year = m.group(3)
        said_year = "" if year is None else f" {int(year) + 2000 if len(year) == 2 else int(year)}"
        return f"{MONTH_NAMES[int(m.group(1)) - 1]} {int(m.group(2))}th{said_year}"

    return NUMERIC_DATE.sub(spelled, text)


def _day_number(token: str, ordinal_only: bool) -> int | None:
    match = _ORDINAL_DIGITS.match(token)
    if match:
        number = int(match.group(1))
    elif token in ORDINAL_WORDS:
        number = ORDINAL_WORDS[token]
    elif not ordinal_only and _PLAIN_DIGITS.match(token):
        number = int(token)
    else:
        return None
    return number if 1 <= number <= 31 else None


def _on_or_after(today: date, month: int, day: int) -> date | None:
    for year in (today.year, today.year + 1):
        try:
            candidate = date(year, month, day)
        except ValueError:
            continue
        if candidate >= today:
            return candidate
    return None


def _in_month(today: date, day: int, months_ahead: int | None) -> date | None:
    """The ``day`` of this month (or the next, when it is past), or of the month ``months_ahead`` on."""
    ahead = months_ahead if months_ahead is not None else 0
    for extra in ((0,) if months_ahead is not None else (0, 1)):
        month_index = today.month - 1 + ahead + extra
        try:
            candidate = date(today.year + month_index // 12, month_index % 12 + 1, day)
        except ValueError:
            continue
        if months_ahead is not None or candidate >= today:
            return candidate
    return None


def find_date(lower: list[str], today: date,
              ruled_out: Callable[[int], bool] = lambda at: False) -> tuple[date | None, set[int]]:
    """The first date the caller named, and the indices of the tokens that said it (see ``find_dates``)."""
    found = find_dates(lower, today, ruled_out)
    return found[0] if found else (None, set())


def find_dates(lower: list[str], today: date,
               ruled_out: Callable[[int], bool] = lambda at: False) -> list[tuple[date | None, set[int]]]:
    """Every date the caller named, in order ("the 10th or the 11th"), each with the indices of its tokens.

    ``ruled_out(at)`` says whether the value starting at token ``at`` is negated ("not today", "not the 5th"):
    such a date is skipped.
    """
    found: list[tuple[date | None, set[int]]] = []
    used: set[int] = set()
    for i in range(len(lower)):
        if i in used:
            continue
        hit = _month_day(lower, i, today) or _day_of_month(lower, i, today) or _relative(lower, i, today)
        if hit is not None and not hit[1] & used and not ruled_out(min(hit[1], default=i)):
            found.append(hit)
            used |= hit[1]
    return found


def _year_after(lower: list[str], j: int) -> tuple[int | None, int]:
    """A year said right after a date ("march 3rd 2019", "the 3rd of march, 2027", "march 3rd of 2027")."""
    k = j + (j < len(lower) and lower[j] == "of")
    if k < len(lower) and _YEAR.match(lower[k]):
        return int(lower[k]), k + 1 - j
    return None, 0


def _on(today: date, year: int | None, month: int, day: int) -> date | None:
    """The date with the year said, else the next one on or after today."""
    if year is None:
        return _on_or_after(today, month, day)
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _month_day(lower: list[str], i: int, today: date) -> tuple[date | None, set[int]] | None:
    """A month, then the day: "march 3rd", "march the 3rd", "march 3"."""
    month = MONTHS.get(lower[i])
    if month is None:
        return None
    j = i + 1 + (i + 1 < len(lower) and lower[i + 1] == "the")
    day = _day_number(lower[j], ordinal_only=False) if j < len(lower) else None
    if day is None or (lower[i] == "may" and not _ORDINAL_DIGITS.match(lower[j]) and lower[j] not in ORDINAL_WORDS):
        return None  # "may 3" is too likely "may I..."; "may 3rd" is a date
    year, width = _year_after(lower, j + 1)
    return _on(today, year, month, day), set(range(i, j + 1 + width))


def _day_of_month(lower: list[str], i: int, today: date) -> tuple[date | None, set[int]] | None:
    """A day, then the month: "the 12th of march", "12 march", "the 2nd of next month", or "the 14th" alone."""
    day = _day_number(lower[i], ordinal_only=True)
    plain = day is None and _PLAIN_DIGITS.match(lower[i]) and i + 1 < len(lower) and lower[i + 1] in MONTHS
    if day is None and not plain:
        return None
    day = day or int(lower[i])
    j = i + 1 + (i + 1 < len(lower) and lower[i + 1] == "of")
    if j < len(lower) and lower[j] in MONTHS:
        year, width = _year_after(lower, j + 1)
        return _on(today, year, MONTHS[lower[j]], day), set(range(i, j + 1 + width))
    if j + 1 < len(lower) and lower[j] in ("this", "next") and lower[j + 1] == "month":
        return _in_month(today, day, 0 if lower[j] == "this" else 1), set(range(i, j + 2))
    if _ORDINAL_DIGITS.match(lower[i]):  # "the 14th" alone: this month's, or next month's once past
        return _in_month(today, day, None), {i}
    return None


def _relative(lower: list[str], i: int, today: date) -> tuple[date | None, set[int]] | None:
    """Days said from today: "tomorrow", "the day after tomorrow", "next thursday", "thursday next week"."""
    token = lower[i]
    if token in ("today", "tonight"):
        return today, {i}
    if token == "tomorrow":
        after = i >= 2 and lower[i - 2:i] == ["day", "after"]
        return today + timedelta(days=2 if after else 1), ({i - 2, i - 1, i} if after else {i})
    weekday = WEEKDAYS.index(token) if token in WEEKDAYS else None
    if weekday is None:
        return None
    coming = today + timedelta(days=(weekday - today.weekday()) % 7 or 7)
    if i >= 1 and lower[i - 1] in ("next", "this"):
        return coming, {i - 1, i}
    if lower[i + 1:i + 3] == ["next", "week"]:
        monday_next_week = today + timedelta(days=7 - today.weekday())
        return monday_next_week + timedelta(days=weekday), {i, i + 1, i + 2}
    return None


def dates_and_weekdays(named: list[date], weekdays: list[str], today: date) -> tuple[list[str], bool]:
    """The dates to choose between ("YYYY-MM-DD"), and whether a weekday said made them a choice.

    A weekday that is not the weekday of a date named is another day on offer ("Thursday or Friday next week")
    or one that disagrees with the date ("Tuesday the 9th", a Wednesday): its date nearest the first date named
    (never before today) joins them, and the caller is asked, in calendar order.
    """
    dates = list(dict.fromkeys(named))
    said = {WEEKDAYS[on.weekday()] for on in dates}
    others = [day for day in dict.fromkeys(weekdays) if day not in said]
    if not others:
        return [on.isoformat() for on in dates], False
    anchor = dates[0]
    for day in others:
        ahead = (WEEKDAYS.index(day) - anchor.weekday()) % 7
        nearest = anchor + timedelta(days=ahead if ahead <= 3 else ahead - 7)
        dates.append(nearest if nearest >= today else nearest + timedelta(days=7))
    return [on.isoformat() for on in sorted(dict.fromkeys(dates))], True
