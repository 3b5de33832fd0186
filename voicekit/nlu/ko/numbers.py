"""Korean numbers in words, written as digits before any value is looked for: one form for the finders.

Two counting systems meet on a clinic line: native numbers for the hour ("세 시", "열한 시"), Sino-Korean ones
for the month, the day and the minutes ("십이월 십일", "삼십 분"), and digit syllables for phone and ID numbers
("공일공 일이삼사 오육칠팔"). A number word is read only before its counter: "네" alone is a yes, "네 시" four
o'clock; "이" alone is "this", "이십오 일" the 25th; "두 시간" is a length of time, not two o'clock.
Every pattern here is a bounded alternation with no nested repeat (linear in the turn).
"""

from __future__ import annotations

import re

NATIVE = {"한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9, "열": 10,
          "열한": 11, "열두": 12}
SINO_DIGITS = {"일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9}
PHONE_DIGITS = {"공": "0", "영": "0", **{word: str(n) for word, n in SINO_DIGITS.items()}}

_NOT_HANGUL_BEFORE = r"(?<![가-힣])"
# Not the hour's "시" but a word's: "두 시간" (two hours), "한시적", "시계", "네 시작"...
_NOT_O_CLOCK = r"(?![간작험청술장내력민설적기계골사선절점키])"
# An hour in native words: "세 시", "세시", "열한 시", "열 한 시".
_NATIVE_HOUR = re.compile(_NOT_HANGUL_BEFORE + r"(열\s?한|열\s?두|열|한|두|세|네|다섯|여섯|일곱|여덟|아홉)\s?시"
                          + _NOT_O_CLOCK)
# A Sino-Korean number up to 59: "십", "십이", "이십오", "삼십". "십" alone is 10.
_SINO = r"(?:[이삼사오]?십[일이삼사오육칠팔구]?|[일이삼사오육칠팔구])"
# A 24-hour hour in Sino-Korean words ("십오 시"): 10 to 23 only, since "오시면" is "if you come", not 5 o'clock.
_SINO_HOUR = re.compile(_NOT_HANGUL_BEFORE + r"(이십[일이삼]?|십[일이삼사오육칠팔구]?)\s?시" + _NOT_O_CLOCK)
# Minutes after an hour already in digits: "3시 삼십 분", "11시 십오분" (only there: "이 분" alone is "this person").
_MINUTES = re.compile(rf"(\d{{1,2}})\s?시\s?({_SINO})\s?분")
# A month glued to its counter: "십이월", "유월" (6), "시월" (10); not "월요일".
_MONTH = re.compile(_NOT_HANGUL_BEFORE + rf"({_SINO}|유|시)월(?!요일)")
# A day of the month glued to its counter: "십일", "이십오일"; not "요일", "내일" (not a number before it).
_DAY = re.compile(rf"(?:(?<![가-힣])|(?<=월))({_SINO})일(?!요일|절)")
# ... or apart from it when the number has tens: "십일 일" (the 11th), "이십이 일"; not "이 일" ("this work").
_SPACED_DAY = re.compile(r"(?:(?<![가-힣])|(?<=월))([이삼]?십[일이삼사오육칠팔구]?)\s일(?!요일|절)")
# Digit syllables, one word or several: "공일공 일이삼사 오육칠팔", "구공공일일일 다시 일이삼사오육칠" ("다시": a dash).
# A word of digit syllables ends where a particle or a pause begins ("칠팔구공이요": 7890, then "이요").
# A word "이요", "이고" said after the digits is their particle, not a 2 ("010 3333 4444 이고").
_DIGIT_WORD = (r"(?!이(?:요|고|에요|예요|라고|랑)(?![가-힣]))[공영일이삼사오육칠팔구]+?"
               r"(?=이요|이에요|이고|이랑|요|예요|에요|에\s*[공영일이삼사오육칠팔구]|로|으로|고|입니다|번|(?![가-힣]))")
# ... mixed with groups written in digits ("010 일이삼사 오육칠팔", "플러스 팔이 10 1234 5678").
_RUN_WORD = rf"(?:{_DIGIT_WORD}|\d{{1,4}}(?![\d:/.]))"
_DIGIT_RUN = re.compile(_NOT_HANGUL_BEFORE + rf"{_RUN_WORD}(?:(?:\s*-\s*|\s+다시\s+|에\s*|\s+){_RUN_WORD})*")
_PLUS = re.compile(r"플러스\s*(?=[공영일이삼사오육칠팔구\d])")
_LONGEST_DIGIT_RUN = 6  # fewer digit syllables are words ("이삼일": two or three days, "오일": oil)


def sino_value(words: str) -> int:
    """The value of a Sino-Korean number as matched by ``_SINO`` ("이십오": 25, "십": 10, "칠": 7)."""
    if "십" not in words:
        return SINO_DIGITS[words]
    tens, _, units = words.partition("십")
    return (SINO_DIGITS[tens] if tens else 1) * 10 + (SINO_DIGITS[units] if units else 0)


def _native_hour(found: re.Match[str]) -> str:
    return f"{NATIVE[found.group(1).replace(' ', '')]}시"


def _month(found: re.Match[str]) -> str:
    words = found.group(1)
    return f"{ {'유': 6, '시': 10}.get(words) or sino_value(words)}월"


def _digits(found: re.Match[str]) -> str:
    """A run of digit syllables as digits when it is long enough to be a phone or ID number, else as said."""
    if not re.search("[공영일이삼사오육칠팔구]", found.group()):
        return found.group()  # digits only: as written
    syllables = re.sub(r"[^공영일이삼사오육칠팔구\d\s-]|다시|에", " ", found.group())
    groups = ["".join(PHONE_DIGITS.get(ch, ch) for ch in group) for group in re.split(r"[\s-]+", syllables) if group]
    if sum(len(group) for group in groups) < _LONGEST_DIGIT_RUN:
        return found.group()
    return "-".join(groups)


def spoken_digits_as_numbers(text: str) -> str:
    """Runs of six or more digit syllables written as digits ("공일공 일이삼사 오육칠팔": "010-1234-5678").

    So a phone number said in words is a phone number, and an ID number in words is masked like one in digits.
    """
    if not isinstance(text, str):
        return text
    return _DIGIT_RUN.sub(_digits, _PLUS.sub("+", text))


def numbers_as_digits(text: str) -> str:
    """The hours, minutes, months and days said in words written in digits: "오후 세 시 반" -> "오후 3시 반"."""
    text = _NATIVE_HOUR.sub(_native_hour, text)
    text = _SINO_HOUR.sub(lambda m: f"{sino_value(m.group(1))}시", text)
    text = _MINUTES.sub(lambda m: f"{m.group(1)}시 {sino_value(m.group(2))}분", text)
    text = _MONTH.sub(_month, text)
    text = _SPACED_DAY.sub(lambda m: f"{sino_value(m.group(1))}일", text)
    return _DAY.sub(lambda m: f"{sino_value(m.group(1))}일", text)
