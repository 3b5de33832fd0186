"""What is around a Korean value, and the values that are no day nor time.

A value ruled out ("화요일은 안 돼요", "3시 말고"), a choice among the times offered ("첫 번째", "두 번째 거요",
"마지막"), an extension ("내선 45번"), a month alone ("6월 중에", "다음 달"), and the appointment a move starts
from ("금요일 예약을 화요일로": Friday's).
"""

from __future__ import annotations

import re
from datetime import date

import voicekit.nlu.ko.lexicon as lexicon
from voicekit.nlu.ko.dates import DayHeard
from voicekit.nlu.ko.times import TimeHeard
from voicekit.nlu.types import MovedFrom

_PARTICLES = ("에는", "에도", "엔", "은", "는", "에", "이", "가", "도", "요", "이요", "까지", "만")
_ORDINALS = {"첫": 1, "첫째": 1, "두": 2, "둘째": 2, "세": 3, "셋째": 3, "네": 4, "넷째": 4, "다섯": 5}
_PICK = re.compile(r"(?<![가-힣])(첫|두|세|네|다섯)\s?번\s?째|(?<![\d:])([1-9])\s?번(?!\s?째|\s?[이정]도)"
                   r"|(?<![가-힣])(마지막|맨\s?끝)")
_EXTENSION = re.compile(r"내선\s?(?:번호\s?)?(\d{1,6})")
_MONTH = re.compile(r"(?<!\d)(\d{1,2})\s?월(?!\s?\d)")
_NEXT_MONTH = re.compile(r"다음\s?달|담달")
_DESTINATION = re.compile(r"\s?(?:으로|로)")
# The appointment a move starts from: "금요일 예약을", "화요일 거"; "다음 주 화요일 거 수요일로요" moves it.
_APPOINTMENT = re.compile(r"예약|진료|일정|약속|(?<![가-힣])거(?![가-힣])")
_MOVED_VALUE = re.compile(r"(?:요일|\d일|\d시(?: ?반)?) ?(?:거|예약)(?:를|을|은|는)? [^.?!]{0,12}?(?:으로|로)"
                          r"(?:요|\s?해|\s?바꿔|\s?옮겨|\s?변경|\s?부탁)")


def moves_a_value(text: str) -> bool:
    """"다음 주 화요일 거 수요일로요": an appointment named by its day, and another day for it."""
    return _MOVED_VALUE.search(text) is not None


def ruled_out(text: str, end: int) -> bool:
    """The value ending at ``end`` is one the caller cannot do: "화요일은 안 돼요", "3시 말고", "10일 빼고".

    Not "10시, 안 되면 11시": the first is asked for, the second is only the fallback.
    """
    after = text[end:end + 12].replace(" ", "")
    for particle in _PARTICLES:
        if after.startswith(particle) and not any(after.startswith(w) for w in lexicon.RULED_OUT_AFTER):
            after = after[len(particle):]
            break
    if any(after.startswith(cue) for cue in lexicon.FALLBACK_CUES) or after.startswith(("안되면", "안될")):
        return False
    return any(after.startswith(word) for word in lexicon.RULED_OUT_AFTER)


_BIRTH = ("생년월일", "생일", "년생", "태어", "출생")


def a_birth_date(text: str, start: int) -> bool:
    """A date said as the caller's birth date ("생년월일은 1990년 1월 1일이요"): never the appointment's."""
    return any(word in text[max(0, start - 12):start] for word in _BIRTH)


def choice(text: str) -> int | None:
    """Which offered time is meant: 1 for "첫 번째", 2 for "2번", -1 for "마지막"."""
    found = _PICK.search(text)
    if found is None:
        return None
    if found.group(3):
        return -1
    return _ORDINALS[found.group(1)] if found.group(1) else int(found.group(2))


def extension_of(text: str) -> str | None:
    """The extension said with a phone number ("내선 45번": "45")."""
    found = _EXTENSION.search(text)
    return found.group(1) if found else None


def month_alone(text: str, today: date, said: list[DayHeard]) -> str | None:
    """A month named without a day ("6월 중에", "다음 달에"): "YYYY-MM", the next such month."""
    for found in _MONTH.finditer(text):
        if any(d.start <= found.start() < d.end for d in said) or not 1 <= int(found.group(1)) <= 12:
            continue
        month = int(found.group(1))
        return f"{today.year if month >= today.month else today.year + 1}-{month:02d}"
    next_month = _NEXT_MONTH.search(text)
    if next_month is not None and not any(d.start <= next_month.start() < d.end for d in said):
        index = today.month  # the month after this one, 0-based
        return f"{today.year + index // 12}-{index % 12 + 1:02d}"
    return None


def moving_from(text: str, days: list[DayHeard], times: list[TimeHeard]
                ) -> tuple[MovedFrom | None, list[DayHeard], list[TimeHeard]]:
    """(the appointment to move, the new days, the new times) of a turn that asks to move one.

    The values said before the appointment word ("금요일 3시 예약을") describe the old one; those said after it,
    or with "로" ("화요일로"), are the new. With no appointment word, every value is the new one.
    """
    found = _APPOINTMENT.search(text)
    if found is None:
        return None, days, times
    noun = found.start()

    def old(start: int, end: int) -> bool:
        return end <= noun and _DESTINATION.match(text, end) is None

    described: MovedFrom = {}
    old_days = [d for d in days if old(d.start, d.end)]
    old_times = [t for t in times if old(t.start, t.end)]
    if old_days and old_days[-1].weekday:
        described["day"] = old_days[-1].weekday
    if old_days and old_days[-1].on is not None:
        described["date"] = old_days[-1].on.isoformat()
    if old_times:
        described["time"] = old_times[-1].hhmm
    new_days = [d for d in days if d not in old_days]
    new_times = [t for t in times if t not in old_times]
    return (described or None), new_days, new_times
