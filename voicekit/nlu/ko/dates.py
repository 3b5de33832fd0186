"""Days and dates as Korean callers say them, found in a turn whose numbers are already digits (``numbers``).

"12월 10일", "10일" (this month's, or the next month's once past), "다음 달 5일", "12/10" (month/day),
"2027년 3월 3일" (that year's, past or not), "오늘", "내일", "모레" (and "내일모레"), "글피", "화요일",
"이번 주 금요일" (this week's), "다음 주 화요일" (next week's: Monday to Sunday), "다다음 주". Each value comes with
where it was said, so the times are not read in it and what follows it can rule it out ("화요일은 안 돼요").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

import voicekit.nlu.ko.lexicon as lexicon

# The calendar arithmetic is the English finder's own: the next such date, this month's day or the next month's.
from voicekit.nlu.dates import NUMERIC_DATE, _in_month, _on_or_after
from voicekit.weekdays import WEEKDAYS, weekday_of


@dataclass(frozen=True)
class DayHeard:
    """One day or date said: the date (None when today is not known or it is only a weekday) and its weekday."""

    start: int
    end: int
    on: date | None
    weekday: str | None
    relative: str | None = None
    """"today" or "tomorrow" (and "day after tomorrow", "in three days") when said from today."""


_YEAR_MONTH_DAY = re.compile(r"(?:(\d{4})\s?년\s?)?(\d{1,2})\s?월\s?(\d{1,2})\s?일")
# "12.18": month.day, as a Korean date is written.
_DOTTED = re.compile(r"(?<![\d.])(1[0-2]|0?[1-9])\.(3[01]|[12]\d|0?[1-9])()(?![\d.])")
_OF_MONTH = re.compile(r"(다음\s?달|담달|이번\s?달|이달)\s?(\d{1,2})\s?일")
# "10일" alone; not a length of time ("3일 동안", "3일간", "3일째", "10일 후").
_DAY_ALONE = re.compile(r"(?<![\d/.:])(\d{1,2})\s?일(?!\s?(?:동안|간|째|정도|치|만에|후|뒤|이내|씩|분))")
_RELATIVE = re.compile(r"내일\s?모레|(?<![가-힣])낼\s?모레|모레|글피|내일|오늘|금일|(?<![가-힣])낼(?![가-힣])")
_RELATIVE_DAYS = {"오늘": 0, "금일": 0, "내일": 1, "낼": 1, "모레": 2, "내일모레": 2, "낼모레": 2, "글피": 3}
_RELATIVE_NAMES = {0: "today", 1: "tomorrow", 2: "day after tomorrow", 3: "in three days"}
_WEEKDAY = re.compile(r"(?:(다다음\s?주|다담주|다음\s?주|담주|이번\s?주|금주|저번\s?주|지난\s?주"
                      r"|돌아오는|오는|이번|다음)\s?)?"
                      r"([월화수목금토일])(?:요일|욜)")
# Days and weeks counted from today: "이틀 뒤" (today + 2), "일주일 후" (+ 7), "2주 뒤 금요일" (that week's Friday).
_DAYS_ON = re.compile(r"(하루|이틀|사흘|나흘|닷새|열흘|(\d{1,2})\s?일)\s?(?:뒤|후)(?:에)?")
_COUNTED_DAYS = {"하루": 1, "이틀": 2, "사흘": 3, "나흘": 4, "닷새": 5, "열흘": 10}
_WEEKS_ON = re.compile(r"(일주일|한\s?주|두\s?주|세\s?주|(\d)\s?주)\s?(?:뒤|후)(?:에)?"
                       r"\s?(?:([월화수목금토일])(?:요일|욜))?")
_COUNTED_WEEKS = {"일주일": 1, "한주": 1, "두주": 2, "세주": 3}
_WEEKS_AHEAD = {"다다음주": 2, "다담주": 2, "이번": 0, "다음주": 1, "담주": 1, "이번주": 0, "금주": 0, "저번주": -1,
                "지난주": -1}


def _dated(today: date | None, year: str | None, month: int, day: int) -> date | None:
    if today is None:
        return None
    if year is None:
        return _on_or_after(today, month, day)
    try:
        return date(int(year), month, day)
    except ValueError:
        return None


def _week_day(today: date | None, weekday: int, week: str | None) -> date | None:
    """The date of a weekday said with its week ("다음 주 화요일"), or the coming one ("오는 화요일")."""
    if today is None or week is None:
        return None
    week = week.replace(" ", "")
    if week in _WEEKS_AHEAD:
        monday = today - timedelta(days=today.weekday()) + timedelta(weeks=_WEEKS_AHEAD[week])
        on = monday + timedelta(days=weekday)
        return on if on >= today or _WEEKS_AHEAD[week] < 0 else on + timedelta(weeks=1)
    return today + timedelta(days=(weekday - today.weekday()) % 7 or 7)


def find_days(text: str, today: date | None, weekday_today: str | None) -> list[DayHeard]:
    """Every day or date said in ``text``, in order, none inside another."""
    found: list[DayHeard] = []
    taken: list[tuple[int, int]] = []

    def add(start: int, end: int, on: date | None, weekday: str | None, relative: str | None = None) -> None:
        if any(start < t_end and t_start < end for t_start, t_end in taken):
            return
        taken.append((start, end))
        found.append(DayHeard(start, end, on, weekday or (weekday_of(on) if on else None), relative))

    for m in _YEAR_MONTH_DAY.finditer(text):
        add(m.start(), m.end(), _dated(today, m.group(1), int(m.group(2)), int(m.group(3))), None)
    for m in (*NUMERIC_DATE.finditer(text), *_DOTTED.finditer(text)):
        year = m.group(3) or None
        said = None if year is None else str(int(year) + 2000 if len(year) == 2 else int(year))
        add(m.start(), m.end(), _dated(today, said, int(m.group(1)), int(m.group(2))), None)
    for m in _OF_MONTH.finditer(text):
        ahead = 0 if m.group(1).replace(" ", "") in ("이번달", "이달") else 1
        add(m.start(), m.end(), _in_month(today, int(m.group(2)), ahead) if today else None, None)
    for m in _DAY_ALONE.finditer(text):
        month_before = _month_said_before(found, m.start())
        if month_before is not None:  # "12월 10일이나 11일": the 11th of December
            on = _dated(today, str(month_before.year), month_before.month, int(m.group(1)))
        else:
            on = _in_month(today, int(m.group(1)), None) if today else None
        add(m.start(), m.end(), on, None)
    for m in _RELATIVE.finditer(text):
        offset = _RELATIVE_DAYS[m.group().replace(" ", "")]
        weekday = None
        if today is None and weekday_today in WEEKDAYS:
            weekday = WEEKDAYS[(WEEKDAYS.index(weekday_today) + offset) % 7]
        on = today + timedelta(days=offset) if today else None
        add(m.start(), m.end(), on, weekday, _RELATIVE_NAMES[offset])
    for m in _DAYS_ON.finditer(text):
        ahead = int(m.group(2)) if m.group(2) else _COUNTED_DAYS[m.group(1)]
        add(m.start(), m.end(), today + timedelta(days=ahead) if today else None, None)
    for m in _WEEKS_ON.finditer(text):
        weeks = int(m.group(2)) if m.group(2) else _COUNTED_WEEKS[m.group(1).replace(" ", "")]
        on = None
        if today is not None and m.group(3):  # "2주 뒤 금요일": the Friday of the week two weeks on
            monday = today - timedelta(days=today.weekday())
            on = monday + timedelta(weeks=weeks, days="월화수목금토일".index(m.group(3)))
        elif today is not None:
            on = today + timedelta(weeks=weeks)
        weekday = WEEKDAYS["월화수목금토일".index(m.group(3))] if m.group(3) else None
        add(m.start(), m.end(), on, weekday)
    week = None
    for m in _WEEKDAY.finditer(text):
        number = "월화수목금토일".index(m.group(2))
        # "다음 주 화요일이나 수요일": the second weekday is in the week said with the first
        week = m.group(1) or (week if _listed_after(text, found, m.start()) else None)
        add(m.start(), m.end(), _week_day(today, number, week), WEEKDAYS[number])
    return sorted(found, key=lambda heard: heard.start)


def _month_said_before(found: list[DayHeard], at: int) -> date | None:
    earlier = [heard for heard in found if heard.end <= at and heard.on is not None]
    nearest = max(earlier, key=lambda heard: heard.end, default=None)
    return nearest.on if nearest is not None and at - nearest.end <= 8 else None


def _listed_after(text: str, found: list[DayHeard], at: int) -> bool:
    """A value said right after another with "or" or "and" between ("화요일이나 수요일", "화요일, 수요일")."""
    earlier = [heard for heard in found if heard.end <= at]
    if not earlier:
        return False
    between = text[max(heard.end for heard in earlier):at].replace(" ", "")
    return len(between) <= 6 and (between in ("", ",", "와", "과", "랑", "이랑", "하고") or or_between(between))


def or_between(between: str) -> bool:
    """The words between two values offer them as alternatives: "이나", "또는", "아니면".

    Not "아니, ": a correction.
    """
    between = between.strip(" ,.?!")
    for particle in ("에", "은", "는", "이", "요", "이요"):
        between = between.removeprefix(particle) if between not in lexicon.OR_WORDS else between
    return any(between.startswith(word) for word in lexicon.OR_WORDS) and not between.startswith("아니,")
