"""Numbers in Korean text as Korean callers say them, for the line's voice and for scoring what it hears.

A voice given "오전 10시" reads the digits one way, and espeak-ng's reads them all in Sino-Korean ("오전 십 시"),
but a Korean says "오전 열 시": hours and counted things take the native numbers (한, 두, 세, 열한...), dates,
minutes and labels the Sino-Korean ones (십이월 십일, 삼십 분, 일 번), six and ten as months are 유월 and 시월, and a
phone number is read digit by digit with 0 as 공. Whisper writes the digits back ("12월 10일"); reading both the
same way lets a benchmark count characters, not spellings of one number.
"""

from __future__ import annotations

import re

SINO_DIGITS = "영일이삼사오육칠팔구"
NATIVE_ONES = ("", "한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉")
"""The native numbers before a counter ("세 시", "두 명"): the attributive forms of 하나, 둘, 셋, 넷."""
NATIVE_TENS = ("", "열", "스물", "서른", "마흔", "쉰", "예순", "일흔", "여든", "아흔")
NATIVE_COUNTERS = ("시간", "시", "명", "개", "살")
"""Counters said with the native numbers (1 to 99; 시 only for the hours of a 12-hour clock)."""
MONTHS = {6: "유월", 10: "시월"}
"""The two months not said as their digits are (육월, 십월 are never said)."""
PHONE_DIGITS = "공일이삼사오육칠팔구"

_CLOCK = re.compile(r"(\d{1,2}):(\d{2})")
_PHONE = re.compile(r"\+?\d{2,4}(?:-\d{3,4}){1,2}|\d{7,}")
_COUNTED = re.compile(r"(\d+)\s?(" + "|".join(NATIVE_COUNTERS) + ")")
_MONTH = re.compile(r"(\d+)\s?월")
_NUMBER = re.compile(r"\d+")
# Digits written one by one ("0 0 0 1", a booking number): read one by one as a code is, with 0 as 공.
_DIGIT_BY_DIGIT = re.compile(r"(?<!\d)(?<!\d )\d(?: \d)+(?!\d)")


def sino(number: int) -> str:
    """A whole number in Sino-Korean: 12 -> "십이", 2026 -> "이천이십육", 10000 -> "만", 0 -> "영"."""
    if number == 0:
        return SINO_DIGITS[0]
    if number >= 100_000_000:
        return " ".join(SINO_DIGITS[int(d)] for d in str(number))  # no caller says one; read its digits
    said = []
    high, low = divmod(number, 10_000)
    if high:
        said.append(("" if high == 1 else _below_10000(high)) + "만")
    if low:
        said.append(_below_10000(low))
    return "".join(said)


def _below_10000(number: int) -> str:
    said = ""
    for unit, name in ((1000, "천"), (100, "백"), (10, "십")):
        digit, number = divmod(number, unit)
        if digit:
            said += ("" if digit == 1 else SINO_DIGITS[digit]) + name
    return said + (SINO_DIGITS[number] if number else "")


def native(number: int) -> str:
    """A count from 1 to 99 in native Korean as it stands before a counter: 3 -> "세", 20 -> "스무", 21 -> "스물한"."""
    if not 1 <= number <= 99:
        return sino(number)
    tens, ones = divmod(number, 10)
    if ones == 0 and tens == 2:
        return "스무"
    return NATIVE_TENS[tens] + NATIVE_ONES[ones]


def _counted(match: re.Match[str]) -> str:
    number, counter = int(match.group(1)), match.group(2)
    if counter == "시" and not 1 <= number <= 12:
        return f"{sino(number)} 시"  # a 24-hour clock's 13시 is 십삼 시
    return f"{native(number)} {counter}"


def _clock(match: re.Match[str]) -> str:
    hour, minutes = int(match.group(1)), int(match.group(2))
    said = f"{native(hour) if 1 <= hour <= 12 else sino(hour)} 시"
    return said + (f" {sino(minutes)} 분" if minutes else "")


def _phone(match: re.Match[str]) -> str:
    groups = re.split(r"-", match.group(0).lstrip("+"))
    return " ".join("".join(PHONE_DIGITS[int(d)] for d in group) for group in groups)


def _month(match: re.Match[str]) -> str:
    number = int(match.group(1))
    return MONTHS.get(number, f"{sino(number)}월")


def said_in_korean(text: str) -> str:
    """``text`` with its digits in words as a Korean says them.

    "12월 10일 오전 10:30" -> "십이월 십일 오전 열 시 삼십 분"; "010-1234-5678" -> "공일공 일이삼사 오육칠팔".
    """
    text = _CLOCK.sub(_clock, text)
    text = _PHONE.sub(_phone, text)
    text = _DIGIT_BY_DIGIT.sub(lambda match: " ".join(PHONE_DIGITS[int(d)] for d in match.group(0).split()), text)
    text = _COUNTED.sub(_counted, text)
    text = _MONTH.sub(_month, text)
    return _NUMBER.sub(lambda match: sino(int(match.group(0))), text)
