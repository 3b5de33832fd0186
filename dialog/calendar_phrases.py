"""The sentences about the calendar: dates that cannot be booked, and opening hours as people say them.

Kept beside ``dialog.phrases`` (which has every other sentence) so each module stays short.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from dialog.phrases import spoken_day, spoken_time
from dialog.phrases.values import spoken_year
from voicekit.schedule import WEEKDAYS, holidays_within, opening_groups, weekday_of


def spoken_date(on: str) -> str:
    """A date as a receptionist says it: "Friday, December 25"."""
    return spoken_day(weekday_of(date.fromisoformat(on)), on)


def span(hours: tuple[str, str]) -> str:
    """Opening hours as people say them: "8:30 am to 5 pm"."""
    return f"{spoken_time(hours[0])} to {spoken_time(hours[1])}"


def _days(days: Sequence[str], every: bool = False) -> str:
    """Consecutive weekdays as a range ("Monday to Friday"), others listed ("Monday, Tuesday and Thursday").

    ``every``: as a habit, in the plural ("closed on Wednesdays and Fridays").
    """
    indexes = [WEEKDAYS.index(d) for d in days]
    names = [d.capitalize() + ("s" if every else "") for d in days]
    if len(days) > 2 and indexes == list(range(indexes[0], indexes[0] + len(days))):
        return f"{names[0]} to {names[-1]}"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def hours_on(day: str, hours: tuple[str, str] | None) -> str:
    """One sentence with the opening hours on ``day``."""
    if not hours:
        return f"We're closed on {day.capitalize()}s."
    return f"On {day.capitalize()}s we're open from {span(hours)}."


def week_hours(hours: Mapping[str, tuple[str, str] | None]) -> str:
    """The week as one or two sentences: open days grouped by their hours, then the closed weekdays."""
    groups, closed = opening_groups(hours)
    if not groups:
        return "We're closed all week."
    opened = "; ".join(f"{_days(days)}, {span(hours_of)}" for hours_of, days in groups.items())
    return f"We're open {opened}." + (f" We're closed on {_days(closed, every=True)}." if closed else "")


def holidays_ahead(holidays: Sequence[str], today: date, within_days: int = 31) -> str:
    """The holidays in the coming month, named by date ("" when there are none)."""
    coming = holidays_within(holidays, today, within_days)
    if not coming:
        return ""
    dates = [spoken_date(h) for h in coming]
    listed = dates[0] if len(dates) == 1 else ", ".join(dates[:-1]) + " and " + dates[-1]
    return f" We're closed for the holiday on {listed}."


def date_past(day: str, on: str) -> str:
    """The date asked for is already past (said with its year: "March 3rd 2019" may be a slip for this year's)."""
    return f"{spoken_date(on)}, {spoken_year(date.fromisoformat(on).year)} has already passed."


def holiday(day: str, on: str) -> str:
    """The date asked for is one of the clinic's holidays."""
    return f"We're closed on {spoken_date(on)} for the holiday."


def beyond_horizon(days_ahead: int) -> str:
    """The date asked for is further ahead than the clinic books."""
    return f"I can only book up to {days_ahead} days ahead."


def within_the_week(day: str, on: str) -> str:
    """A backend without dates: the line books only the coming week, never another week's weekday."""
    return (f"This line can only book within the next week, so I can't book {spoken_date(on)}; "
            f"our staff can help with later dates.")


def time_passed(time: str) -> str:
    """The time read back passed before the caller said yes."""
    return f"I'm sorry, {spoken_time(time)} today has already passed."
