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
        if hit is not None and found and hit[1] == {i} and lower[i - 1:i] in _LISTED and found[-1][0] is not None:
            same = _same_month(found[-1][0], lower[i])  # "January 4th or 5th": January's 5th
            hit = (same[0], {i}) if same else hit
        if hit is not None and not hit[1] & used and not ruled_out(min(hit[1], default=i)):
            found.append(hit)
            used |= hit[1]
    return found


_LISTED = (["or"], ["and"], ["to"], ["through"], ["till"], ["until"])


def _same_month(before: date, token: str) -> tuple[date | None, set[int]] | None:
    """A day of the month said right after a date, in that date's month ("the 14th or 15th", "January 4th or 5th")."""
    day = _day_number(token, ordinal_only=True)
    try:
        return (date(before.year, before.month, day), set()) if day else None
    except ValueError:
        return None


def _year_after(lower: list[str], j: int) -> tuple[int | None, int]:
    """A year said right after a date: "march 3rd 2019", "march 3rd of 2027", "december tenth twenty twenty five"."""
    k = j + (j < len(lower) and lower[j] == "of")
    if k < len(lower) and _YEAR.match(lower[k]):
        return int(lower[k]), k + 1 - j
    year, width = spoken_year(lower, k)
    return (year, k + width - j) if year else (None, 0)


_UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_TEENS = {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
          "seventeen": 17, "eighteen": 18, "nineteen": 19}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}


def _two_digits(lower: list[str], j: int) -> tuple[int | None, int]:
    """Two digits in words at ``lower[j:]`` ("nineteen", "twenty five", "oh five"), with the tokens they took."""
    word = lower[j] if j < len(lower) else ""
    if word in _TEENS:
        return _TEENS[word], 1
    if word in _TENS:
        unit = _UNITS.get(lower[j + 1]) if j + 1 < len(lower) else None
        return (_TENS[word] + unit, 2) if unit else (_TENS[word], 1)
    if word in ("oh", "o") and j + 1 < len(lower) and lower[j + 1] in _UNITS:
        return _UNITS[lower[j + 1]], 2
    return None, 0


def spoken_year(lower: list[str], j: int) -> tuple[int | None, int]:
    """A year in words at ``lower[j:]``: "twenty nineteen", "twenty twenty five", "two thousand (and) nineteen"."""
    if lower[j:j + 2] == ["two", "thousand"]:
        k = j + 2 + (lower[j + 2:j + 3] == ["and"])
        rest, width = _two_digits(lower, k)
        return (2000 + (rest or 0), k - j + width) if rest or k == j + 2 else (None, 0)
    if lower[j:j + 1] == ["twenty"]:
        rest, width = _two_digits(lower, j + 1)
        return (2000 + rest, 1 + width) if rest is not None and rest >= 10 else (None, 0)
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
    start = i
    if year is None:  # "two thousand nineteen march third": the year first
        for back in range(4, 1, -1):
            said, took = spoken_year(lower, i - back) if i >= back else (None, 0)
            if said and took == back:
                year, start = said, i - back
                break
    return _on(today, year, month, day), set(range(start, j + 1 + width))


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
    # "the 14th" alone (or "the tenth": a word only from the sixth on, "the first" is the first time offered):
    # this month's, or next month's once past
    if _ORDINAL_DIGITS.match(lower[i]) or (day >= 6 and i > 0 and lower[i - 1] == "the"):
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
    if lower[i + 1:i + 3] == ["after", "next"]:  # "Friday after next"
        return coming + timedelta(days=7), {i, i + 1, i + 2}
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


_MONTH_CUES = {"in", "sometime", "early", "late", "mid", "during", "until", "till", "before", "after", "next",
               "by", "of", "end", "beginning", "start", "middle"}
_AFTER_A_MONTH = {"would", "is", "works", "work", "please", "then", "better", "maybe", "perhaps", "sometime",
                  "instead", "preferably"}


def month_alone(lower: list[str], original: list[str], today: date, date_words: set[int]) -> str | None:
    """A month named without a day ("sometime in June", "april would be better"): "YYYY-MM", the next such month.

    Not a month of a date said ("June 3rd"), not "may" (a modal), not a name ("June Park", "April Dawson").
    """
    for i, word in enumerate(lower):
        if word not in MONTH_NAMES or word == "may" or i in date_words:
            continue
        following = lower[i + 1] if i + 1 < len(lower) else None
        named = following is not None and original[i + 1][:1].isupper() and not original[i + 1].isupper()
        cued = (i > 0 and lower[i - 1] in _MONTH_CUES) or following is None or following in _AFTER_A_MONTH
        if cued and not named:
            month = MONTHS[word]
            year = today.year if month >= today.month else today.year + 1
            return f"{year}-{month:02d}"
    return None
