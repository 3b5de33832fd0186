"""Which dates and times a clinic offers: a weekly template, holidays, a booking horizon and "now".

Every backend (the demo clinic, CalDAV) and the agent itself ask the same questions of it, so a holiday,
a closed day, a time already past today or a date beyond the horizon is refused the same way everywhere.
A weekday said alone names the coming one (1 to 7 days ahead, never today: today is "today").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Literal
from zoneinfo import ZoneInfo

# Re-exported: the calendar rules are where the agent and the backends ask for them.
from voicekit.weekdays import WEEKDAYS as WEEKDAYS
from voicekit.weekdays import weekday_of as weekday_of

DEFAULT_TIMEZONE = "America/New_York"
DEFAULT_DAYS_AHEAD = 90

Refusal = Literal["past", "holiday", "closed", "beyond_horizon"]
"""Why a date cannot be booked."""


def coming(weekday: str, today: date) -> date:
    """The date a weekday said alone names: the next one after today (1 to 7 days ahead)."""
    return today + timedelta(days=(WEEKDAYS.index(weekday) - today.weekday()) % 7 or 7)


def opening_groups(hours: Mapping[str, tuple[str, str] | None]) -> tuple[dict[tuple[str, str], list[str]], list[str]]:
    """The week's open days grouped by their hours (in week order), and the weekdays closed.

    Any language's spoken hours are built on it; a weekend closed goes without saying, so it is not listed.
    """
    groups: dict[tuple[str, str], list[str]] = {}
    for day in WEEKDAYS:
        opening = hours.get(day)
        if opening:
            groups.setdefault(opening, []).append(day)
    return groups, [d for d in WEEKDAYS[:5] if not hours.get(d)]


def holidays_within(holidays: Iterable[str], today: date, within_days: int = 31) -> list[str]:
    """The clinic's holidays ("YYYY-MM-DD") from today to ``within_days`` ahead, in date order."""
    return sorted(h for h in holidays if 0 <= (date.fromisoformat(h) - today).days <= within_days)


def parse_date(value: object) -> date:
    """``"YYYY-MM-DD"`` as a date, else a ValueError showing the format."""
    if isinstance(value, date) and not isinstance(value, datetime):
        return value
    try:
        return date.fromisoformat(str(value)) if isinstance(value, str) and len(value) == 10 else _bad_date(value)
    except ValueError:
        return _bad_date(value)


def _bad_date(value: object) -> date:
    raise ValueError(f"date must be the clinic's date as 'YYYY-MM-DD' such as '2027-03-12', got {value!r}")


def minutes(hhmm: str) -> int:
    """Minutes after midnight of "HH:MM"."""
    return int(hhmm[:2]) * 60 + int(hhmm[3:5])


def hhmm(total: int) -> str:
    """Minutes after midnight as "HH:MM"."""
    return f"{total // 60:02d}:{total % 60:02d}"


def slot_grid(opens: str, closes: str, slot_minutes: int) -> tuple[str, ...]:
    """The start times of the slots that fit between opening and closing ("08:30", "17:00", 30 -> 08:30 ... 16:30)."""
    start, end = minutes(opens), minutes(closes)
    return tuple(hhmm(t) for t in range(start, end - slot_minutes + 1, slot_minutes))


@dataclass(frozen=True)
class Schedule:
    """A clinic's bookable dates and times (the agent's and every backend's one rule book)."""

    weekly: Mapping[str, tuple[str, ...]]
    """Slot start times per weekday ("HH:MM", sorted); an empty tuple or a missing day is closed."""
    holidays: frozenset[str] = frozenset()
    """Dates ("YYYY-MM-DD") the clinic is closed whatever the weekday says."""
    days_ahead: int = DEFAULT_DAYS_AHEAD
    """The booking horizon: how many days after today can still be booked."""
    timezone: str = DEFAULT_TIMEZONE
    """The clinic's time zone: "today" and "now" are on its wall clock."""
    clock: Callable[[], datetime] | None = field(default=None, compare=False)
    """Returns now; None: the real clock. A naive time is taken to be the clinic's wall clock already."""
    checks_now: bool = True
    """False: no "past" and no "beyond_horizon" refusals (a demo clinic whose caller's clock is another one)."""

    def __post_init__(self) -> None:
        """Refuse weekday keys that are not weekdays and a horizon below one day; check the time zone."""
        for day in self.weekly:
            if day not in WEEKDAYS:
                raise ValueError(f"Schedule.weekly keys must be weekday names such as 'monday', got {day!r}")
        if not isinstance(self.days_ahead, int) or isinstance(self.days_ahead, bool) or self.days_ahead < 1:
            raise ValueError(f"booking_days_ahead must be a whole number of days >= 1, got {self.days_ahead!r}")
        ZoneInfo(self.timezone)  # an unknown zone raises here, not mid-call
        object.__setattr__(self, "holidays", frozenset(parse_date(h).isoformat() for h in self.holidays))

    @classmethod
    def from_hours(cls, hours: Mapping[str, tuple[str, str] | None], slot_minutes: int,
                   holidays: Iterable[str] = (), **settings: object) -> Schedule:
        """The slot grid of opening hours: every ``slot_minutes`` from opening until the last slot that fits."""
        weekly = {day: (slot_grid(span[0], span[1], slot_minutes) if span else ()) for day, span in hours.items()}
        return cls(weekly=weekly, holidays=frozenset(holidays), **settings)  # type: ignore[arg-type]

    def now(self) -> datetime:
        """Now on the clinic's wall clock (naive)."""
        now = self.clock() if self.clock is not None else datetime.now(ZoneInfo(self.timezone))
        return now.astimezone(ZoneInfo(self.timezone)).replace(tzinfo=None) if now.tzinfo is not None else now

    def today(self) -> date:
        """The clinic's date now."""
        return self.now().date()

    def date_of(self, weekday: str) -> date:
        """The date a weekday said alone names (the coming one)."""
        return coming(weekday, self.today())

    def refusal(self, on: date) -> Refusal | None:
        """Why ``on`` cannot be booked at all, or None when it can (some times may still be past)."""
        if self.checks_now:
            today = self.today()
            if on < today:
                return "past"
            if on > today + timedelta(days=self.days_ahead):
                return "beyond_horizon"
        if on.isoformat() in self.holidays:
            return "holiday"
        return None if self.weekly.get(weekday_of(on)) else "closed"

    def times_on(self, on: date) -> list[str]:
        """The template's times on ``on`` that can still be booked: none on a refused date, none already past."""
        if self.refusal(on) is not None:
            return []
        times = sorted(self.weekly.get(weekday_of(on), ()))
        return self.still_ahead(on, times)

    def still_ahead(self, on: date, times: Iterable[str]) -> list[str]:
        """``times`` less those already past (only today has past times)."""
        if not self.checks_now:
            return list(times)
        now = self.now()
        if on != now.date():
            return list(times) if on > now.date() else []
        return [t for t in times if minutes(t) > now.hour * 60 + now.minute]
