"""The sentences about the calendar in Korean: dates that cannot be booked, opening hours as people say them.

The twin of ``dialog.calendar_phrases``: "평일은 오전 8시 반부터 오후 5시까지 진료해요. 수요일은 휴진이에요."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from dialog.phrases.ko.values import WEEKDAY_NAMES, josa, spoken_day, spoken_time, spoken_year
from voicekit.schedule import WEEKDAYS, holidays_within, opening_groups, weekday_of


def spoken_date(on: str) -> str:
    """A date as a receptionist says it: "12월 25일 금요일"."""
    return spoken_day(weekday_of(date.fromisoformat(on)), on)


def span(hours: tuple[str, str]) -> str:
    """Opening hours as people say them: "오전 8시 반부터 오후 5시까지"."""
    return f"{spoken_time(hours[0])}부터 {spoken_time(hours[1])}까지"


def _days(days: Sequence[str], every: bool = False) -> str:
    """Weekdays as people group them: "평일", "주말", "월요일부터 목요일까지", "월요일, 화요일, 목요일".

    ``every``: as a habit ("매주 수요일"); a range or a list otherwise.
    """
    if list(days) == list(WEEKDAYS[:5]):
        return "평일"
    if list(days) == list(WEEKDAYS[5:]):
        return "주말"
    names = [WEEKDAY_NAMES[d] for d in days]
    indexes = [WEEKDAYS.index(d) for d in days]
    if len(days) > 2 and indexes == list(range(indexes[0], indexes[0] + len(days))):
        return f"{names[0]}부터 {names[-1]}까지"
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + (", " if len(names) > 2 else "와 ") + names[-1]
    return f"매주 {listed}" if every else listed


def hours_on(day: str, hours: tuple[str, str] | None) -> str:
    """One sentence with the opening hours on ``day``."""
    if not hours:
        return f"{WEEKDAY_NAMES[day]}은 휴진이에요."
    return f"{WEEKDAY_NAMES[day]}은 {span(hours)} 진료해요."


def week_hours(hours: Mapping[str, tuple[str, str] | None]) -> str:
    """The week as one or two sentences: open days grouped by their hours, then the closed weekdays."""
    groups, closed = opening_groups(hours)
    if not groups:
        return "이번 주는 내내 휴진이에요."
    opened = ", ".join(f"{_days(days)} {span(hours_of)}" for hours_of, days in groups.items())
    return f"{opened} 진료해요." + (f" {josa(_days(closed, every=True), '은', '는')} 휴진이에요." if closed else "")


def holidays_ahead(holidays: Sequence[str], today: date, within_days: int = 31) -> str:
    """The holidays in the coming month, named by date ("" when there are none)."""
    coming = holidays_within(holidays, today, within_days)
    if not coming:
        return ""
    dates = [spoken_date(h) for h in coming]
    listed = dates[0] if len(dates) == 1 else ", ".join(dates[:-1]) + "과 " + dates[-1]
    return f" {listed}은 공휴일이라 휴진이에요."


def date_past(day: str, on: str) -> str:
    """The date asked for is already past (said with its year: it may be a slip for this year's)."""
    return f"{spoken_year(date.fromisoformat(on).year)} {spoken_date(on)}은 이미 지난 날짜예요."


def holiday(day: str, on: str) -> str:
    """The date asked for is one of the clinic's holidays."""
    return f"{spoken_date(on)}은 공휴일이라 휴진이에요."


def beyond_horizon(days_ahead: int) -> str:
    """The date asked for is further ahead than the clinic books."""
    return f"예약은 오늘부터 {days_ahead}일 후까지만 할 수 있어요."


def within_the_week(day: str, on: str) -> str:
    """A backend without dates: the line books only the coming week, never another week's weekday."""
    return (f"이 전화로는 앞으로 일주일 안의 예약만 할 수 있어서 {spoken_date(on)}은 예약할 수 없어요. "
            "그 이후 날짜는 직원이 도와드릴 거예요.")


def time_passed(time: str) -> str:
    """The time read back passed before the caller said yes."""
    return f"죄송해요, 오늘 {josa(spoken_time(time), '은', '는')} 이미 지났어요."
