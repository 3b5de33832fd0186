"""Moving an appointment in one sentence (SPEC 7.6): which appointment, and where to.

"Move my Friday appointment to Tuesday": the old one is Friday's, the new day Tuesday. "Reschedule my 2:30 on
Friday to 4 pm on Monday", "move my appointment from Friday to Tuesday at 10", "can I move my March 4th appointment
to the 8th" say both; "move my Friday appointment" says only the old one, "move my appointment to Tuesday" only
the new. The part before "to" / "until" / "into" describes the old appointment and the part after it the new;
without such a split a day or time is the old one where it describes an appointment ("my Friday appointment",
"the appointment on Friday", "from Friday", "the 2:30 one"). Read only in a turn that asks to move one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

import voicekit.nlu.lexicon as lexicon
from voicekit.nlu.dates import MONTH_NAMES, find_date
from voicekit.nlu.spoken_time import find_times
from voicekit.nlu.types import MovedFrom, Understanding
from voicekit.nlu.values import negated
from voicekit.weekdays import WEEKDAYS

# Words after which the new appointment is described: "to Tuesday", "until next week", "into the afternoon".
_TO = {"to", "until", "till", "onto", "into"}
# What stands for the appointment around the old day or time: "my Friday appointment", "the 2:30 one".
_IT = lexicon.APPOINTMENT_NOUNS | {"one", "slot", "session", "consultation", "checkup", "check-up"}
_BEFORE_IT = {"my", "the", "this", "that", "our", "from"}
_ON = {"on", "for", "at", "from"}
_ORDINAL = re.compile(r"^\d{1,2}(?:st|nd|rd|th)$")
_LEADING = {"next", "this", "the", "a", "an", "same", "that", "following"}  # "to next Tuesday", "to the 8th"
_WHEN_WORDS = {"tomorrow", "today", "week", "month", "noon", "midday", "morning", "afternoon", "evening", "tonight"}


@dataclass(frozen=True)
class Move:
    """What one turn said about the appointment to move and the new one (None where it said nothing)."""

    old_day: str | None = None
    old_date: str | None = None
    old_time: str | None = None
    new_days: tuple[str, ...] = ()
    """The weekdays said after "to" (two with "or": the caller must choose)."""
    new_date: str | None = None
    """The date said after "to", when the turn also named the old one's date (the parser's date is the first)."""
    new_time: str | None = None
    """A bare hour said after "to" ("to 4"), which the parser alone does not take for a time."""


def moved(lower: list[str], times_heard: list[str], today: date | None) -> Move:
    """The old appointment's day, date and time as the turn describes them, and what the split says of the new."""
    days_at = [i for i, word in enumerate(lower)
               if word.removesuffix("'s") in lexicon.DAY_FORMS and not negated(lower, i)]
    times_at = [(found.start, found.hhmm) for found in find_times(lower)
                if found.hhmm in times_heard or _right_after_to(lower, found.start)]
    split = _split(lower, days_at, [at for at, _ in times_at])
    if split is not None:
        old_day = next((lexicon.DAY_FORMS[lower[i].removesuffix("'s")] for i in reversed(days_at) if i < split), None)
        old_time = next((hhmm for at, hhmm in reversed(times_at) if at < split), None)
        new_days = tuple(dict.fromkeys(lexicon.DAY_FORMS[lower[i].removesuffix("'s")] for i in days_at if i > split))
        new_time = next((hhmm for at, hhmm in times_at if at > split), None)
        old_date, new_date = _dates(lower, split, today)
        return Move(old_day, old_date, old_time, new_days, new_date, new_time)
    old_day = next((lexicon.DAY_FORMS[lower[i].removesuffix("'s")] for i in days_at if _describes_it(lower, i)), None)
    old_time = next((hhmm for at, hhmm in times_at if _describes_it(lower, at)), None)
    return Move(old_day=old_day, old_time=old_time)


def moving(heard: Understanding, lower: list[str], today: date | None) -> None:
    """Set ``heard.moving`` to the old appointment described, and ``day``, ``date``, ``time`` to the new one's."""
    move = moved(lower, heard.times, today)
    old_day = move.old_day or (weekday(move.old_date) if move.old_date else None)
    if old_day is None and move.old_time is None:
        return
    said = {"day": old_day, "date": move.old_date, "time": move.old_time}
    heard.moving = MovedFrom(**{key: value for key, value in said.items() if value})  # type: ignore[typeddict-item]
    if move.new_date is not None:
        heard.date, heard.day, heard.days = move.new_date, weekday(move.new_date), [weekday(move.new_date)]
    elif len(move.new_days) > 1 and heard.ambiguous == "day":
        heard.day, heard.days = None, list(move.new_days)  # "to Tuesday or Wednesday": which, never picked
    elif move.new_days:
        heard.day, heard.days = move.new_days[0], [move.new_days[0]]
    elif old_day is not None and heard.day == old_day:
        heard.day, heard.days, heard.date = None, [], None  # "move my Friday appointment": no new day said
    if move.new_time is not None and (heard.ambiguous != "time" or move.old_time is not None):
        heard.time, heard.times = move.new_time, [move.new_time]
    elif move.old_time is not None and heard.time == move.old_time:
        heard.time, heard.times = None, []
    if heard.ambiguous == "day" and heard.day is not None or heard.ambiguous == "time" and heard.time is not None:
        heard.ambiguous = None  # two values, one for each appointment: no choice to ask about


def _right_after_to(lower: list[str], at: int) -> bool:
    return at > 0 and lower[at - 1] in _TO


def _split(lower: list[str], days_at: list[int], times_at: list[int]) -> int | None:
    """The "to" after which the new appointment is told, or None: it follows the moving word and a value follows it."""
    moving = next((i for i, w in enumerate(lower) if w in lexicon.MOVE_VERBS or w in lexicon.RESCHEDULE_WORDS), None)
    if moving is None:
        return None
    values = set(days_at) | set(times_at)
    for i in range(moving + 1, len(lower)):
        if lower[i] not in _TO:
            continue
        j = i + 1
        while j < min(i + 3, len(lower)) and lower[j] in _LEADING:
            j += 1
        if j < len(lower) and (j in values or _ORDINAL.match(lower[j]) or lower[j] in MONTH_NAMES
                               or lower[j] in _WHEN_WORDS):
            return i
    return None


def _describes_it(lower: list[str], at: int) -> bool:
    """A day or time that names the appointment: "my Friday appointment", "appointment on Friday", "from 2:30"."""
    word = lower[at]
    before = lower[at - 1] if at > 0 else ""
    after = lower[at + 1] if at + 1 < len(lower) else ""
    if word.endswith("'s") and after in _IT:
        return True  # "Friday's appointment"
    if before in _BEFORE_IT and (after in _IT or after in lexicon.DAY_FORMS or _TIME_WORD.match(after)):
        return True  # "my Friday appointment", "the 2:30 one", "my Friday 2:30"
    if before == "from":
        return True
    return before in _ON and at >= 2 and lower[at - 2] in _IT  # "the appointment on Friday", "my booking at 2:30"


_TIME_WORD = re.compile(r"^\d{1,2}(?::\d{2})?$")


def _dates(lower: list[str], split: int, today: date | None) -> tuple[str | None, str | None]:
    """The dates named before and after the split, as ISO dates (None where none, or no clock)."""
    if today is None:
        return None, None
    before, _ = find_date(lower[:split], today)
    after, _ = find_date(lower[split + 1:], today)
    return (before.isoformat() if before else None), (after.isoformat() if after else None)


def weekday(iso: str) -> str:
    """The weekday of an ISO date, lower case."""
    return WEEKDAYS[date.fromisoformat(iso).weekday()]
