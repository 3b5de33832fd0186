"""Times as Korean callers say them, in a turn whose numbers are already digits (``numbers``), and time wishes.

"오후 3시", "3시 반", "오전 10시", "11시 30분", "15시", "3:30", "정오"; a part of the day before the hour settles
a.m. or p.m. ("저녁 7시": 19:00); a bare 1 to 6 is the afternoon, as in English ("3시": 15:00, not settled).
"3시간" is a length of time. A wish is no time: "오전에" (the morning), "점심 때" (around noon), "3시 이후"
(after 3, the time kept too), "제일 빠른 시간" (the earliest).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import voicekit.nlu.ko.lexicon as lexicon
from voicekit.nlu.types import TimeWish, WishKind

_PART = r"(?:(오전|오후|아침|새벽|낮|저녁|밤|점심)\s?(?:에\s?)?)?"
_O_CLOCK = re.compile(_PART + r"(\d{1,2})\s?시(?!\s?간)(?:\s?(\d{1,2})\s?분|\s?(반)|\s?정각)?")
# "전" right after the minutes: so many minutes before the hour ("10시 10분 전"); not "전화", nor "전에" (before).
_MINUTES_BEFORE = re.compile(r"\s?전(?![화에까으])")
_COLON = re.compile(_PART + r"(?<!\d)(\d{1,2}):(\d{2})(?!\d)")
_NOON = re.compile(r"정오|낮\s?열두\s?시")
_AM = {"오전", "아침", "새벽"}
_PM = {"오후", "저녁", "밤"}
# The words after a time that make it a bound ("세 시 이후", "세 시 전에", "세 시쯤"); the longer first of two alike.
_BOUND_AFTER: tuple[tuple[str, WishKind], ...] = (
    ("이후", "after"), ("넘어", "after"), ("지나", "after"), ("부터", "after"), ("후에", "after"), ("후로", "after"),
    ("이전", "before"), ("전에", "before"), ("전까지", "before"), ("전으로", "before"), ("까지", "before"),
    ("전후", "around"), ("전", "before"), ("후", "after"), ("쯤", "around"), ("정도", "around"), ("경", "around"),
    ("즈음", "around"), ("무렵", "around"))


@dataclass(frozen=True)
class TimeHeard:
    """One time said: "HH:MM", where, and whether the words settle a.m. or p.m."""

    hhmm: str
    start: int
    end: int
    settled: bool


def _to_24h(part: str | None, hour: int, minute: int) -> tuple[str, bool] | None:
    if not (0 <= hour <= 24 and 0 <= minute <= 59):
        return None
    settled = part is not None or hour >= 13 or hour == 0
    if part in _AM:
        hour = 0 if hour == 12 else hour
    elif part in _PM or part == "낮" and hour <= 6 or part == "점심" and hour <= 3:
        hour = hour if hour >= 12 else hour + 12
    elif part is None and 1 <= hour <= 7:
        hour += 12  # a bare 1-7 is the afternoon or the evening (LABELLING.md: "일곱 시" is 19:00)
    if hour >= 24:
        return None
    return f"{hour:02d}:{minute:02d}", settled


def find_times(text: str) -> list[TimeHeard]:
    """Every time said in ``text``, in order."""
    found = []
    for m in _O_CLOCK.finditer(text):
        minute = 30 if m.group(4) else int(m.group(3) or 0)
        hour, end = int(m.group(2)), m.end()
        before = _MINUTES_BEFORE.match(text, end) if m.group(3) else None
        if before is not None and 0 < minute < 60:  # "10시 10분 전": ten to ten, 09:50
            hour, minute, end = (hour - 1) % 24, 60 - minute, before.end()
        said = _to_24h(m.group(1), hour, minute)
        if said is not None:
            found.append(TimeHeard(said[0], m.start(), end, said[1]))
    for m in _COLON.finditer(text):
        said = _to_24h(m.group(1), int(m.group(2)), int(m.group(3)))
        if said is not None:
            found.append(TimeHeard(said[0], m.start(), m.end(), said[1]))
    for m in _NOON.finditer(text):
        if not any(t.start <= m.start() < t.end for t in found):
            found.append(TimeHeard("12:00", m.start(), m.end(), True))
    return sorted(found, key=lambda heard: heard.start)


def _bound(text: str, heard: TimeHeard) -> WishKind | None:
    after = text[heard.end:heard.end + 6].replace(" ", "")
    after = after.removeprefix("에")
    if after.startswith(("전화", "전에전화")):
        return None  # "3시 전화": a call at 3, not before 3
    return next((kind for word, kind in _BOUND_AFTER if after.startswith(word)), None)


def time_wish(text: str, compact: str, times: list[TimeHeard]) -> TimeWish | None:
    """The constraint the turn puts on the time: a bound on the one time said, or a part of the day, or none."""
    distinct = list(dict.fromkeys(t.hhmm for t in times))
    if len(distinct) == 1:
        kind = _bound(text, next(t for t in times if t.hhmm == distinct[0]))
        return {"kind": kind, "time": distinct[0]} if kind is not None else None
    if distinct:
        return None  # two times: a choice or a correction, which the times already say
    if any(word in compact for word in lexicon.LUNCH):
        return {"kind": "around", "time": lexicon.LUNCH_AROUND}
    if any(word in compact for word in lexicon.SOONEST):
        return {"kind": "earliest"}
    if any(word in compact for word in lexicon.LATEST):
        return {"kind": "latest"}
    said_in_a_time = [(t.start, t.end) for t in find_times(text)]  # "오후 세 시 예약을": of a time, not a wish
    for m in re.finditer("|".join(lexicon.PARTS_OF_DAY), text):
        if any(start <= m.start() < end for start, end in said_in_a_time):
            continue
        before = text[max(0, m.start() - 1):m.start()]
        greeted = text[max(0, m.start() - 3):m.start()].replace(" ", "").endswith("좋은")  # "좋은 아침이에요"
        after = text[m.end():m.end() + 6].replace(" ", "").lstrip("은는에")
        refused = after.startswith(("말고", "아니고", "빼고", "안"))  # "오전 말고 오후요": not the morning
        if not re.match(r"[가-힣]", before) and not greeted and not refused and not _greets(text, m.end()):
            return {"kind": lexicon.PARTS_OF_DAY[m.group()]}
    return None


def _greets(text: str, end: int) -> bool:
    """"좋은 아침", "아침 드셨어요": a morning greeting or a meal, not a part of the day wished for."""
    return text[end:end + 2].startswith(("인사", "밥", "식사", "드셨", "먹"))
