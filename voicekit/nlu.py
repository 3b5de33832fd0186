"""A rule parser for what callers say to a clinic line.

``parse(text)`` is the contract of SPEC 2.2: always the four keys ``intent, day, time, name``.
``analyse(text, today=...)`` gives the agent more: every day and time heard (to spot
"Tuesday or Wednesday"), keypad presses, stop / repeat / emergency / medical / address acts,
and the utterance with card and ID numbers masked. Neither ever raises.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date
from typing import Literal, get_args

from voicekit import lexicon
from voicekit.acts import CRISIS_RE, EMERGENCY_RE, act_of, has_phrase, intent_of, is_stop, said
from voicekit.clinic import WEEKDAYS
from voicekit.dates import find_date, numeric_dates_as_words
from voicekit.names import bare_name, find_name
from voicekit.privacy import MASK, mask_sensitive
from voicekit.spoken_time import MINUTE_WORDS, NUMBER_WORDS, TIME_CUES, FoundTime, find_times

Intent = Literal["book", "cancel", "yes", "no", "human", "hours", "inform", "unknown"]
INTENTS: tuple[Intent, ...] = get_args(Intent)
# A conversational act beside the intent. The parser sets all but the last two; the agent's keypad step
# turns "dtmf" into "repeat", "restart" or "bad_key" once it knows what the current prompt offered.
Act = Literal["stop", "repeat", "hold", "dtmf", "emergency", "medical", "address", "hours", "services", "thanks",
              "restart", "bad_key"]
# Keypad presses: "[DTMF] 1" alone, or "<entered_dtmf_digits>1</entered_dtmf_digits>" anywhere (its keys are the tags'
# contents, stripped). No two runs of spaces meet: "\s*([^<]*?)\s*" was cubic in the spaces after an opening tag,
# "\s*([0-9*#]*)\s*" quadratic in those after "[DTMF]"; the contents are stripped by ``str.strip`` instead.
_DTMF_RE = re.compile(r"^\s*\[dtmf\]\s*+([0-9*#]*+)\s*$|<entered_dtmf_digits>([^<]*+)</entered_dtmf_digits>",
                      re.IGNORECASE)
# Keypad markup around anything but ASCII keys ("[DTMF] １"): a key press that means nothing here.
_DTMF_MARKUP_RE = re.compile(r"\[dtmf\]|</?entered_dtmf_digits>", re.IGNORECASE)
_TOKEN_RE = re.compile(r"\d{1,2}:\d{2}|[^\W_]+(?:['\-][^\W_]+)*", re.UNICODE)
_RELATIVE_DAYS = ("today", "tomorrow")
_NUMBERISH = set(NUMBER_WORDS) | {w for phrase in MINUTE_WORDS for w in phrase.split()} | {"o", "oh"}


@dataclass
class Understanding:
    """Everything the rules heard in one utterance."""

    intent: Intent = "unknown"
    """One of INTENTS."""
    day: str | None = None
    """The weekday asked for, lower case; None when absent or ambiguous."""
    time: str | None = None
    """The time asked for, "HH:MM"; None when absent or ambiguous."""
    name: str | None = None
    """The caller's name as spoken, capitalised."""
    days: list[str] = field(default_factory=list)
    """Every distinct weekday heard, in order (two with "or" means the caller must choose)."""
    times: list[str] = field(default_factory=list)
    """Every distinct time heard, in order."""
    ambiguous: str | None = None
    """"day" or "time" when the caller offered two alternatives ("ten or eleven")."""
    act: Act | None = None
    """A conversational act beside the intent (see ``Act``), or None."""
    dtmf: str | None = None
    """Keys pressed on the keypad, e.g. "1" or "*"."""
    pick: int | None = None
    """A choice among the times offered: 1 for "the first one", 3 for "option 3", -1 for "the last one"."""
    crisis: bool = False
    """The caller spoke of suicide: the crisis line is given with the emergency number."""
    date: str | None = None
    """The calendar date asked for ("YYYY-MM-DD") when the caller named one and today's date is known."""
    relative_day: str | None = None
    """"today"/"tomorrow" when the caller said it (resolved into ``day`` only if today is known)."""
    sensitive: bool = False
    """True when a card, ID or other long number was spoken (it was masked)."""
    masked_text: str = ""
    """The utterance with long digit strings replaced by [redacted]: safe to store and log."""
    booking_words: bool = False
    """The caller used a booking word ("book", "appointment"), whatever the leading intent."""
    booking_verb: bool = False
    """The caller asked for a booking with a verb ("book", "schedule", "make"), not just named one."""
    reschedule: bool = False
    """The caller wants to move an existing appointment ("reschedule", "move my appointment")."""
    callback: bool = False
    """The caller asks to be called back ("call me back", "take a message")."""

    def as_parse(self) -> dict:
        """The four keys of SPEC 2.2."""
        return {"intent": self.intent, "day": self.day, "time": self.time, "name": self.name}


# o"clock, o clock. The spaces after the quote belong to the quote: with it optional, "\s*[...]?\s*" tried every
# split of a run of spaces between its two halves, quadratic in a long run after an "o".
_O_CLOCK = re.compile(r"\bo\s*(?:[\"`´]\s*)?clock\b", re.IGNORECASE)
_DOTTED_AM_PM = re.compile(r"\b([ap])\.\s?m\b\.?", re.IGNORECASE)
_GLUED_AM_PM = re.compile(r"\b(\d{1,2})\s?([ap]m)\b", re.IGNORECASE)
_DOTTED_TIME = re.compile(r"\b(\d{1,2})\.(\d{2})\b")
_AMOUNT = re.compile(r"(?<![\w:])[-+]\d+(?:\.\d+)?\b|\b\d+\.\d\b")  # "-1", "1.0": amounts, not times
_HYPHENATED = re.compile(r"\b(\w+)-(?=(\w+))")


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("\u2019", "'").replace("\u2018", "'")
    text = _O_CLOCK.sub("o'clock", text)
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else " " for ch in text)
    text = _DOTTED_AM_PM.sub(r"\1m", text)
    text = _GLUED_AM_PM.sub(r"\1 \2", text)
    text = _DOTTED_TIME.sub(r"\1:\2", numeric_dates_as_words(text))
    text = _AMOUNT.sub(" ", text)
    # Hyphens join names ("Anne-Marie") but not numbers: "two-thirty" and "10-30" are two words.
    if "-" not in text:
        return text
    return _HYPHENATED.sub(lambda m: m.group(1) + (" " if _numberish(m.group(1), m.group(2)) else "-"), text)


def _numberish(*words: str) -> bool:
    return any(w.isdigit() or w.lower() in _NUMBERISH for w in words)


def _negated(lower: list[str], at: int) -> bool:
    """A value the caller rules out: "not Tuesday", "can't do Friday", "anything but Monday", "not at 10"."""
    looked = 0
    for word in reversed(lower[max(0, at - 4):at]):
        if word in ("at", "on", "do", "make", "it", "a", "the"):
            continue
        if word in lexicon.NEGATORS - {"no"} or word.endswith("n't"):  # "no, make it Wednesday" is a correction
            return True
        looked += 1
        if looked == 2 or word in lexicon.DAY_FORMS or word in _RELATIVE_DAYS or word[:1].isdigit():
            break  # "not Tuesday, Wednesday": the negation ends at the value it negates
    return at >= 2 and lower[at - 1] == "but" and lower[at - 2] in ("anything", "any", "anyday")


def _choice(lower: list[str]) -> int | None:
    """Which offered time is meant by "the first one", "first available", "the earliest", "option 3"."""
    for i, tok in enumerate(lower):
        following = lower[i + 1] if i + 1 < len(lower) else None
        if tok in lexicon.ORDINALS and (following is None or following in lexicon.CHOSEN):
            return lexicon.ORDINALS[tok]
        if tok in ("option", "number", "choice") and following is not None:
            number = int(following) if following.isdigit() else NUMBER_WORDS.get(following)
            if number is not None and 1 <= number <= 9:
                return number
    return None


def bare_name_of(text: str) -> str | None:
    """The whole utterance as a name when it is nothing but one ("Sam Smith", "J A M I E", "Monday Smith")."""
    original = _TOKEN_RE.findall(_clean(mask_sensitive(str(text))).replace(MASK, " "))
    return bare_name([t.lower() for t in original], original, lexicon.NOT_NAMES, set(lexicon.DAY_FORMS))


def _pick(values: list[str], lower: list[str]) -> tuple[str | None, bool]:
    """The value meant, and whether the caller offered alternatives ("Tuesday or Wednesday")."""
    distinct = list(dict.fromkeys(values))
    if len(distinct) <= 1:
        return (distinct[0] if distinct else None), False
    if {"or", "either"} & set(lower):
        return None, True
    return distinct[-1], False  # "not Tuesday, Wednesday": the last value is the correction


def _days(lower: list[str], today: str | None) -> tuple[list[str], str | None]:
    days, relative = [], None
    for i, tok in enumerate(lower):
        tok = tok.removesuffix("'s")  # "Tuesday's appointment", "tomorrow's"
        if (tok in lexicon.DAY_FORMS or tok in _RELATIVE_DAYS) and _negated(lower, i):
            continue  # "not Tuesday", "not today, thank you", "I'm not free tomorrow"
        if tok in lexicon.DAY_FORMS:
            days.append(lexicon.DAY_FORMS[tok])
        elif tok in _RELATIVE_DAYS:
            relative = tok
            if today in WEEKDAYS:
                offset = 0 if tok == "today" else 1
                if i >= 2 and lower[i - 2 : i] == ["day", "after"]:  # "(the) day after tomorrow"
                    offset = 2
                days.append(WEEKDAYS[(WEEKDAYS.index(today) + offset) % 7])
    return days, relative



def _times(lower: list[str], content_words: int, date_words: set[int]) -> list[str]:
    times = []
    for found in find_times(lower):
        if found.start in date_words:  # "March 3", "on the 14th": a day of the month, not a time
            continue
        cued = found.start > 0 and lower[found.start - 1] in TIME_CUES
        counted = (found.end < len(lower) and lower[found.end] in lexicon.COUNTED) or (
            found.start > 0 and lower[found.start - 1] in lexicon.POINTING and not found.explicit)
        if _negated(lower, found.start) or _not_a_time(lower, found) or _pronoun_one(lower, found):
            continue
        if found.explicit or (not counted and (cued or content_words <= 3)):
            times.append(found.hhmm)
    return times


def _pronoun_one(lower: list[str], found: FoundTime) -> bool:
    """A pointing "one" ("the 2:30 one", "the morning one", "book one", "some one else"): it is not 1 o'clock."""
    if lower[found.end - 1] != "one" or found.start == 0:
        return False
    before = lower[found.start - 1]
    if lower[found.start] == "one" and before in lexicon.ONE_AS_A_THING:
        return True
    if found.end - found.start == 1:
        return not found.explicit and (before[:1].isdigit() or before in ("am", "pm", "o'clock", *lexicon.PARTS_OF_DAY))
    return before in ("the", "that") and lower[found.start] in lexicon.PARTS_OF_DAY


def _not_a_time(lower: list[str], found: FoundTime) -> bool:
    """A house number ("at 5 Bon Air Rd") or a time the caller is busy at ("I have something at 2").

    A time said with minutes or am/pm ("1:30 pm with Dr. Wong", "half past 10 ... that way") is no house number.
    """
    start, end = found.start, found.end
    if not found.explicit and lexicon.STREET & set(lower[end:end + 3]):
        return True
    if start == 0 or lower[start - 1] not in ("at", "until"):
        return False
    before = lower[max(0, start - 3):start]
    had = lexicon.HAD & set(before) and lexicon.HAVE & set(lower[max(0, start - 5):start])
    return bool(lexicon.BUSY & set(before) or had)


_NO_CLOCK = date(2000, 1, 3)  # a reference to find date words by, when today's date is not known


def analyse(text: object, today: date | str | None = None) -> Understanding:
    """Understand one caller utterance; ``today`` (a date, or just its weekday) resolves "tomorrow" and dates."""
    if text is None:
        text = ""
    if not isinstance(text, str):
        text = str(text)
    text = text[:2000]  # a transcript longer than this is noise; keep the parser linear and fast
    masked = mask_sensitive(text)
    heard = Understanding(masked_text=masked, sensitive=MASK in masked)
    dtmf = _DTMF_RE.search(masked)
    if dtmf:
        heard.act, heard.dtmf = "dtmf", dtmf.group(1) if dtmf.group(1) is not None else dtmf.group(2).strip()
        if not re.fullmatch(r"[0-9*#]*", heard.dtmf, re.ASCII):
            heard.dtmf = "?"  # full-width or other non-ASCII digits are not keys
        return heard
    if _DTMF_MARKUP_RE.search(masked):
        heard.act, heard.dtmf = "dtmf", "?"
        return heard
    cleaned = _clean(masked.replace(MASK, " "))
    original = _TOKEN_RE.findall(cleaned)
    lower = [t.lower() for t in original]
    joined = " ".join(lower)
    content = [t for t in lower if t not in lexicon.FILLERS and t not in lexicon.YES_WORDS and t not in lexicon.NO_WORDS
               and t not in {"make", "it", "please", "how", "about", "at", "then", "instead", "maybe", "or", "and"}]

    weekday_today = WEEKDAYS[today.weekday()] if isinstance(today, date) else today
    heard.days, heard.relative_day = _days(lower, weekday_today)
    named, date_words = find_date(lower, today if isinstance(today, date) else _NO_CLOCK,
                                  ruled_out=lambda at: _negated(lower, at))
    if named is not None and isinstance(today, date):
        heard.date, heard.days = named.isoformat(), [WEEKDAYS[named.weekday()]]  # the date wins over a weekday
    if "today" in lower and has_phrase(joined, lexicon.DONE_FOR_TODAY) and not lexicon.DAY_FORMS.keys() & lower:
        heard.days, heard.relative_day, heard.date = [], None, None  # "that's all for today" asks for no day
    heard.times = _times(lower, len(content), date_words)
    heard.day, day_choice = _pick(heard.days, lower)
    heard.time, time_choice = _pick(heard.times, lower)
    heard.ambiguous = "day" if day_choice else ("time" if time_choice else None)
    heard.name = find_name(lower, original, lexicon.NOT_NAMES)
    words = set(lower)
    heard.booking_words, heard.booking_verb = bool(lexicon.BOOK_WORDS & words), bool(lexicon.BOOK_VERBS & words)
    moves_one = lexicon.MOVE_VERBS & words and lexicon.APPOINTMENT_NOUNS & words  # "move my Friday appointment"
    heard.reschedule = bool(lexicon.RESCHEDULE_WORDS & words or moves_one)
    heard.pick = _choice(lower)
    heard.callback = has_phrase(joined, lexicon.CALLBACK_PHRASES)
    emergency, stop = said(joined, EMERGENCY_RE), is_stop(lower, joined, heard)  # each scanned once a turn
    heard.crisis = emergency and said(joined, CRISIS_RE)  # crisis phrases are emergency phrases too
    heard.intent = intent_of(lower, joined, heard, emergency, stop)
    heard.act = act_of(lower, original, heard, emergency, stop, asked="?" in cleaned)
    return heard


def parse(text: object) -> dict:
    """SPEC 2.2: ``{"intent", "day", "time", "name"}`` for one utterance; never raises."""
    try:
        return analyse(text).as_parse()
    except Exception:  # the contract is "never raises": a parser bug must not drop the call
        return {"intent": "unknown", "day": None, "time": None, "name": None}
