"""Times as callers say them: "ten a m", "two thirty", "half past eleven", "2:30 pm", "noon".

Works on the lower-case word tokens that ``voicekit.nlu.analyse`` splits an utterance into and
returns every time it finds with the token span it used, so the parser can tell "ten or eleven"
(two times: ambiguous) from "ten thirty" (one time) and can leave the rest for names and days.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}
MINUTE_WORDS = {
    "oh five": 5, "o five": 5, "five": 5, "ten": 10, "fifteen": 15, "twenty": 20, "twenty five": 25,
    "thirty": 30, "forty": 40, "forty five": 45, "fifty": 50, "fifty five": 55,
}
MORNING = ("am", "a m", "a.m.", "a.m", "in the morning", "morning", "this morning", "tomorrow morning")
AFTERNOON = ("pm", "p m", "p.m.", "p.m", "in the afternoon", "afternoon", "in the evening", "evening", "at night",
             "tonight", "in the night", "this afternoon", "this evening", "tomorrow afternoon", "tomorrow evening")
# A part of the day said before the hour: "evening 7:30", "night 8", "the morning 11".
PERIOD_FIRST = {"morning": "am", "afternoon": "pm", "evening": "pm", "night": "pm", "tonight": "pm"}
# "ten to two", "twenty five to four": minutes before the hour.
MINUTES_BEFORE = {"five": 5, "ten": 10, "twenty": 20, "twenty five": 25}
# Words right before a bare hour that make it a time ("at ten", "make it two").
TIME_CUES = {"at", "around", "about", "by", "it", "say", "maybe", "how", "before", "after", "till", "until"}

_DIGITS_RE = re.compile(r"^(\d{1,2})(?::(\d{2}))?$")
_FOUR_DIGITS_RE = re.compile(r"^([01]\d|2[0-3])([0-5]\d)$")  # "1430": 24-hour time without a colon


@dataclass(frozen=True)
class FoundTime:
    """One time heard in the utterance."""

    hhmm: str
    """The time as 24-hour "HH:MM"."""
    start: int
    """Index of the first token of the expression."""
    end: int
    """Index one past the last token of the expression."""
    explicit: bool
    """True when minutes, a.m./p.m., o'clock or a digit form made it unmistakably a time."""
    settled: bool = False
    """True when the words settle a.m. or p.m. ("7 pm", "in the evening", "noon", "19:00"); "7:00" leaves it open."""


def _hour(token: str) -> int | None:
    if token in NUMBER_WORDS:
        return NUMBER_WORDS[token]
    match = _DIGITS_RE.match(token)
    if match and not match.group(2) and 0 <= int(match.group(1)) <= 23:
        return int(match.group(1))
    return None


def _match_phrase(tokens: list[str], i: int, phrases) -> int:
    """Length in tokens of the longest phrase of ``phrases`` starting at ``tokens[i]`` (0 if none)."""
    best = 0
    for phrase in phrases:
        words = phrase.split()
        if tokens[i : i + len(words)] == words:
            best = max(best, len(words))
    return best


def _to_24h(hour: int, minute: int, meridiem: str | None) -> str | None:
    if not (0 <= minute <= 59):
        return None
    if meridiem == "am":
        hour = 0 if hour == 12 else hour
    elif meridiem == "pm":
        hour = hour if hour == 12 else hour + 12
    elif meridiem is None and 1 <= hour <= 6:
        hour += 12  # a bare 1-6 means afternoon in a clinic ("two thirty" -> 14:30)
    if not (0 <= hour <= 23):
        return None
    return f"{hour:02d}:{minute:02d}"


def _meridiem(tokens: list[str], i: int) -> tuple[str | None, int]:
    """The a.m./p.m. marker at ``tokens[i]`` and how many tokens it takes."""
    if i >= len(tokens):
        return None, 0
    n = _match_phrase(tokens, i, MORNING)
    if n:
        return "am", n
    n = _match_phrase(tokens, i, AFTERNOON)
    return ("pm", n) if n else (None, 0)


def find_times(tokens: list[str]) -> list[FoundTime]:
    """Every time expression in ``tokens``, left to right, without overlaps."""
    found: list[FoundTime] = []
    i = 0
    while i < len(tokens):
        hit = _time_at(tokens, i)
        if hit is None:
            i += 1
            continue
        found.append(hit)
        i = hit.end
    return found


def _time_at(tokens: list[str], i: int) -> FoundTime | None:
    tok = tokens[i]
    if tok in ("noon", "midday"):
        return FoundTime("12:00", i, i + 1, True, True)
    if tok in PERIOD_FIRST:
        return _period_first(tokens, i)
    before = _match_phrase(tokens, i, MINUTES_BEFORE)
    if before and i + before + 1 < len(tokens) and tokens[i + before] in ("to", "till", "til", "before") \
            and (i == 0 or tokens[i - 1] not in ("from", "between")):
        found = _relative(tokens, i + before - 1, 3, -MINUTES_BEFORE[" ".join(tokens[i:i + before])])
        return FoundTime(found.hhmm, i, found.end, True, found.settled) if found else None
    four = _FOUR_DIGITS_RE.match(tok)
    if four and 5 <= int(four.group(1)) <= 22:
        return FoundTime(f"{four.group(1)}:{four.group(2)}", i, i + 1, False, True)
    if tok == "half" and i + 2 < len(tokens) and tokens[i + 1] == "past":
        return _relative(tokens, i, 3, 30)
    if tok == "half" and i + 1 < len(tokens) and tokens[i + 1] in NUMBER_WORDS and (i == 0 or tokens[i - 1] != "a"):
        return _relative(tokens, i, 2, 30)  # "half six": half past six, as in Britain
    if tok == "quarter" and i + 2 < len(tokens) and tokens[i + 1] in ("past", "after", "to"):
        return _relative(tokens, i, 3, 15 if tokens[i + 1] != "to" else -15)
    match = _DIGITS_RE.match(tok)
    if match and match.group(2):  # "14:30", "2:30"
        hour, minute = int(match.group(1)), int(match.group(2))
        meridiem, n = _meridiem(tokens, i + 1)
        if hour > 12 or (match.group(1).startswith("0") and meridiem is None):  # "01:30" is 24-hour, not 1:30 pm
            hhmm = _to_24h(hour, minute, "24h") if meridiem is None else None
            settled = True
        else:
            hhmm, settled = _to_24h(hour, minute, meridiem), meridiem is not None or hour in (0, 12)
        return FoundTime(hhmm, i, i + 1 + n, True, settled) if hhmm else None
    spoken_hour = _hour(tok)
    if spoken_hour is None:
        return None
    hour = spoken_hour
    j = i + 1
    minute, explicit = 0, False
    n = _match_phrase(tokens, j, MINUTE_WORDS) if tok in NUMBER_WORDS or hour <= 12 else 0
    if n:
        minute = MINUTE_WORDS[" ".join(tokens[j : j + n])]
        j, explicit = j + n, True
    elif j < len(tokens) and re.fullmatch(r"\d{2}", tokens[j]) and hour <= 12:
        minute, j, explicit = int(tokens[j]), j + 1, True  # "ten 30"
    if j < len(tokens) and tokens[j] in ("o'clock", "oclock"):
        j, explicit = j + 1, True
    meridiem, n = _meridiem(tokens, j)
    if meridiem:
        j, explicit = j + n, True
    settled = meridiem is not None or hour == 12
    if hour > 12:
        if meridiem is not None or not re.fullmatch(r"\d{1,2}", tok):
            return None
        meridiem, settled = "24h", True
    hhmm = _to_24h(hour, minute, meridiem)
    return FoundTime(hhmm, i, j, explicit, settled) if hhmm else None


def _period_first(tokens: list[str], i: int) -> FoundTime | None:
    """The hour after a part of the day takes its a.m./p.m.: "evening 7:30", "night 8", "afternoon at 3"."""
    j = i + 1 + (i + 1 < len(tokens) and tokens[i + 1] in ("at", "around", "about"))
    if j >= len(tokens):
        return None
    match = _DIGITS_RE.match(tokens[j])
    hour = int(match.group(1)) if match else NUMBER_WORDS.get(tokens[j])
    if hour is None or hour > 12:
        return None
    minute, end = (int(match.group(2)), j + 1) if match and match.group(2) else (0, j + 1)
    if not (match and match.group(2)):
        n = _match_phrase(tokens, end, MINUTE_WORDS) if tokens[j] in NUMBER_WORDS else 0
        if n:
            minute, end = MINUTE_WORDS[" ".join(tokens[end:end + n])], end + n
    hhmm = _to_24h(hour, minute, PERIOD_FIRST[tokens[i]])
    return FoundTime(hhmm, i, end, True, True) if hhmm else None


def _relative(tokens: list[str], i: int, width: int, offset: int) -> FoundTime | None:
    hour = _hour(tokens[i + width - 1])
    if hour is None or hour > 12:
        return None
    meridiem, n = _meridiem(tokens, i + width)
    if offset < 0:
        hour, minute = (hour - 1 or 12), 60 + offset
    else:
        minute = offset
    hhmm = _to_24h(hour, minute, meridiem)
    return FoundTime(hhmm, i, i + width + n, True, meridiem is not None) if hhmm else None
