"""How a Korean receptionist says values: times, dates with their weekday, phone numbers in groups, alternatives.

The twin of ``dialog.phrases.values`` (same names, same signatures). Times are said as people say them ("오전 10시",
"오후 2시 반"); a date with its weekday ("12월 10일 목요일"); a phone number digit by digit in its groups, the way a
receptionist reads it back ("공일공, 일이삼사, 오육칠팔"); particles follow the word before them (과/와, 이/가).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from voicekit.phones import grouped
from voicekit.weekdays import weekday_of

WEEKDAY_NAMES = {"monday": "월요일", "tuesday": "화요일", "wednesday": "수요일", "thursday": "목요일",
                 "friday": "금요일", "saturday": "토요일", "sunday": "일요일"}
DIGIT_WORDS = ("공", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구")
"""Digits as a phone number is read in Korean: 0 is "공" there, never "영"."""
# The sound each digit ends a number with, when a particle follows: "10" ends in 십, "2" in 이 (no final consonant).
_ENDS_CLOSED = {"0": True, "1": True, "2": False, "3": True, "4": False, "5": False, "6": True, "7": True, "8": True,
                "9": False}


def has_final_consonant(word: str) -> bool:
    """Whether ``word`` ends in a closed syllable (받침), which picks the particle: "목요일과", "2시와"."""
    last = word.rstrip(" .,!?\"'")[-1:] or "가"
    if "가" <= last <= "힣":
        return (ord(last) - ord("가")) % 28 != 0
    if last.isdigit():
        return _ENDS_CLOSED[last]
    return last.lower() in "lmnr"  # a Latin letter or name: read as its English sound ("Dr. Kim")


def josa(word: str, closed: str, open_: str) -> str:
    """``word`` and the particle its last sound takes: "목요일" with 과/와 is "목요일과", "2시" is "2시와"."""
    return word + (closed if has_final_consonant(word) else open_)


def with_ro(word: str) -> str:
    """``word`` with 으로/로: "오후 2시 반으로", "오전 10시로" (a final ㄹ takes 로: "12월 10일로")."""
    last = word.rstrip()[-1:]
    final_l = "가" <= last <= "힣" and (ord(last) - ord("가")) % 28 == 8
    return word + ("으로" if has_final_consonant(word) and not final_l and not last.isdigit() else "로")


def spoken_time(hhmm: str) -> str:
    """A 24-hour time as said: "14:30" -> "오후 2시 반", "09:00" -> "오전 9시", "12:00" -> "낮 12시"."""
    hour, minute = int(hhmm[:2]), int(hhmm[3:])
    part = "오전" if hour < 12 else "낮" if hour == 12 else "오후"
    hour12 = hour % 12 or 12
    minutes = "" if minute == 0 else " 반" if minute == 30 else f" {minute}분"
    return f"{part} {hour12}시{minutes}"


def spoken_day(day: str | None, on_date: str | None = None) -> str:
    """A weekday ("화요일"), with its date when there is one ("12월 10일 목요일")."""
    if not day:
        return "가능한 날"
    weekday = WEEKDAY_NAMES.get(day, day)
    if not on_date:
        return weekday
    named = date.fromisoformat(on_date)
    return f"{named.month}월 {named.day}일 {weekday}"


def spoken_choices(days: Sequence[str]) -> list[str]:
    """Days offered as a choice: weekdays ("목요일"), or dates with their weekdays ("10일 목요일").

    Dates of one month are told apart by their day ("10일 목요일", "11일 금요일"); of two months with the month too;
    a date alone with its year ("2027년 1월 4일 월요일"), as it may be one the caller meant in another year.
    """
    dates = [date.fromisoformat(d) for d in days if _is_date(d)]
    one_month = len(dates) > 1 and len({(on.year, on.month) for on in dates}) == 1
    said = []
    for day in days:
        if not _is_date(day):
            said.append(WEEKDAY_NAMES.get(day, day))
            continue
        on = date.fromisoformat(day)
        weekday = WEEKDAY_NAMES[weekday_of(on)]
        if one_month:
            said.append(f"{on.day}일 {weekday}")
        else:
            said.append((f"{spoken_year(on.year)} " if len(days) == 1 else "") + spoken_day(weekday_of(on), day))
    return said


def _is_date(day: str) -> bool:
    return len(day) == 10 and day[4] == "-"


def spoken_year(year: int) -> str:
    """A year as said: 2019 -> "2019년" (a Korean voice reads the number whole)."""
    return f"{year}년"


def ordinal(number: int) -> str:
    """1 -> "1번째", 10 -> "10번째"."""
    return f"{number}번째"


KEY_WORDS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
"""Keypad keys as said with 번 ("1번을 누르세요"): a Korean voice reads "1번" as "일 번"."""


def spoken_booking_number(booking_id: str | None) -> str:
    """A booking number read well: letters one by one, digits in groups ("bk_0001" -> "B K, 0 0 0 1"); "" if none."""
    letters = " ".join(c.upper() for c in str(booking_id or "") if c.isalpha())
    digits = [c for c in str(booking_id or "") if c.isdigit()]
    size = 3 if len(digits) % 3 == 0 else 4 if len(digits) % 4 == 0 else 3
    groups = [" ".join(digits[i:i + size]) for i in range(0, len(digits), size)]
    return ", ".join(part for part in (letters, *groups) if part)


def booking_number_said(booking_id: str | None) -> str:
    """The sentence with the booking number: "예약 번호는 B K, 0 0 0 1이에요." (or that it comes by text)."""
    said = spoken_booking_number(booking_id)
    return f"예약 번호는 {josa(said, '이에요', '예요')}." if said else "예약 번호는 문자로 보내 드릴게요."


def one_of(items: Sequence[str]) -> str:
    """Alternatives listed: "a", "a 또는 b", "a, b 또는 c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " 또는 " + items[-1]


def between(items: Sequence[str]) -> str:
    """Two (or more) alternatives to choose from: "10일 목요일과 11일 금요일 중"."""
    if len(items) == 1:
        return items[0]
    return ", ".join([*items[:-2], josa(items[-2], "과", "와") + " " + items[-1]]) + " 중"


def listed(items: Sequence[str]) -> str:
    """Items said together: "a", "a와 b", "a, b, c"."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return f"{josa(items[0], '과', '와')} {items[1]}"
    return ", ".join(items)


def day_and_time(day: str | None, time: str | None) -> str:
    """Whichever of day and time the caller gave: "금요일 오전 9시", "금요일" or "오전 9시"."""
    return " ".join(p for p in (spoken_day(day) if day else "", spoken_time(time) if time else "") if p)


def spoken_phone(phone: str) -> str:
    """A phone number digit by digit in its groups: "010-1234-5678" -> "공일공, 일이삼사, 오육칠팔".

    An E.164 number is said in its region's groups ("+821012345678" -> 010-1234-5678); digits given without
    groups are grouped as Korean numbers are (the last four, four before them, the rest first).
    """
    groups = [g for g in ("".join(c for c in group if c.isdigit())
                          for group in re.split(r"[\s.\-/()]+", grouped(phone))) if g]
    if len(groups) == 1:
        groups = _phone_groups(groups[0])
    return ", ".join("".join(DIGIT_WORDS[int(d)] for d in g) for g in groups) or phone


def spoken_phone_and_extension(phone: str, extension: str | None) -> str:
    """A phone number digit by digit, and its extension if the caller gave one: "..., 내선 사오"."""
    return spoken_phone(phone) + (f", 내선 {''.join(DIGIT_WORDS[int(d)] for d in extension)}" if extension else "")


def _phone_groups(digits: str) -> list[str]:
    """A run of digits split as a Korean number is: "01012345678" -> 010, 1234, 5678; "0212345678" -> 02, ..."""
    if len(digits) <= 4:
        return [digits]
    if len(digits) <= 8:
        return [digits[:-4], digits[-4:]]
    if digits.startswith("02"):
        return ["02", digits[2:-4], digits[-4:]]
    return [digits[:3], digits[3:-4], digits[-4:]]
