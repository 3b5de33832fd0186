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
from typing import Literal, get_args

from voicekit.clinic import WEEKDAYS
from voicekit.spoken_time import NUMBER_WORDS, TIME_CUES, find_times

Intent = Literal["book", "cancel", "yes", "no", "human", "hours", "inform", "unknown"]
INTENTS: tuple[Intent, ...] = get_args(Intent)
# A conversational act beside the intent. The parser sets the first seven; the agent's keypad step
# turns "dtmf" into "repeat", "restart" or "bad_key" once it knows what the current prompt offered.
Act = Literal["stop", "repeat", "hold", "dtmf", "emergency", "medical", "address", "restart", "bad_key"]
_DAY_FORMS = {d: d for d in WEEKDAYS} | {d + "s": d for d in WEEKDAYS} | {
    "tues": "tuesday", "weds": "wednesday", "thurs": "thursday",
}
FILLERS = {"uh", "um", "er", "erm", "oh", "well", "hmm", "so", "actually", "ah", "okay so", "like"}
YES_WORDS = {"yes", "yeah", "yep", "yup", "yea", "ya", "sure", "correct", "right", "ok", "okay", "absolutely",
             "definitely", "perfect", "great", "confirm", "confirmed", "exactly", "affirmative", "fine", "good",
             "certainly", "alright"}
YES_PHRASES = ("that works", "sounds good", "go ahead", "please do", "do it", "book it", "that's it", "that is it",
               "that's right", "that is right", "that's correct", "all good", "works for me", "of course")
NO_WORDS = {"no", "nope", "nah", "incorrect", "wrong", "negative"}
NO_PHRASES = ("not right", "not correct", "isn't right", "not what i", "doesn't work", "does not work",
              "don't want", "can't make", "cannot make", "not that", "that's not", "that is not",
              # a yes word negated is a no: "absolutely not", "of course not", "don't book it"
              "absolutely not", "definitely not", "of course not", "certainly not", "not at all", "don't book",
              "do not book", "please don't", "i don't think so")
STOP_PHRASES = ("never mind", "nevermind", "forget it", "forget about it", "stop", "bye", "goodbye", "good bye",
                "hang up", "changed my mind", "don't bother", "cancel that", "not anymore")
# These end the call only on their own: inside a yes or a request ("yes, that's all", "book Tuesday at 10,
# that's all", "no thanks, anything at twelve?") the caller is still talking about the booking.
SOFT_STOP_PHRASES = ("that's all", "that is all", "no thanks", "no thank you")
REQUEST_WORDS = {"anything", "available", "availability", "opening", "openings", "free", "earliest"}
HUMAN_WORDS = {"person", "human", "operator", "receptionist", "representative", "someone", "somebody",
               "agent", "staff"}
HUMAN_VERBS = {"talk", "speak", "connect", "transfer", "put", "get", "want", "need", "real", "actual", "live"}
BOOK_WORDS = {"book", "booking", "appointment", "appt", "schedule", "reserve", "reservation", "slot"}
CANCEL_WORDS = {"cancel", "cancellation", "unbook"}
HOURS_WORDS = {"hours", "closing", "opening"}
OPEN_CLOSE = {"open", "close", "closed", "closes", "opens"}
ADDRESS_PHRASES = ("where are you", "your address", "the address", "located", "directions", "how do i get",
                   "where is the clinic", "where's the clinic", "find you")
REPEAT_PHRASES = ("say that again", "say again", "repeat", "come again", "didn't catch", "didn't hear",
                  "did not catch", "did not hear", "one more time", "pardon")
HOLD_PHRASES = ("hold on", "wait", "one moment", "one second", "just a sec", "just a second", "give me a second",
                "let me check", "hang on")
REPEAT_ALONE = {"what", "sorry", "huh", "pardon", "eh"}
EMERGENCY_PHRASES = ("chest pain", "can't breathe", "cannot breathe", "can not breathe", "cant breathe",
                     "emergency", "heart attack", "stroke", "unconscious", "bleeding heavily", "overdose",
                     "kill myself", "suicide", "not breathing")
MEDICAL_WORDS = {"medicine", "medication", "dose", "dosage", "prescription", "symptom", "symptoms", "pill",
                 "pills", "antibiotic", "antibiotics", "ibuprofen", "paracetamol", "aspirin", "tylenol",
                 "diagnosis", "treat", "treatment", "contagious", "side effects"}
NOT_NAMES = (set(NUMBER_WORDS) | set(_DAY_FORMS) | YES_WORDS | NO_WORDS | FILLERS | REPEAT_ALONE | {
    "not", "a", "an", "the", "calling", "looking", "here", "just", "trying", "wondering", "hoping", "going",
    "available", "free", "booked", "interested", "afraid", "me", "i", "you", "it", "that", "this", "in", "on",
    "at", "for", "to", "with", "and", "or", "but", "please", "thanks", "thank", "hello", "hi", "hey", "ready",
    "done", "busy", "late", "early", "back", "about", "again", "noon", "midday", "today", "tomorrow", "next",
    "blah", "nothing", "nobody", "someone", "my", "your", "is", "was", "be", "am", "pm", "sick", "ill",
    "unknown", "none", "null", "maybe", "perhaps", "dtmf", "mister", "mr", "mrs", "ms", "dr", "doctor",
})
NAME_LEADS = (("my", "name", "is"), ("my", "name's"), ("name", "is"), ("name's",), ("this", "is"),
              ("it's",), ("it", "is"), ("i'm",), ("i", "am"), ("call", "me"), ("under",), ("names",),
              ("it's", "for"), ("it", "is", "for"), ("booking", "is", "for"), ("appointment", "is", "for"))
_DTMF_RE = re.compile(r"^\s*\[dtmf\]\s*([0-9*#]*)\s*$|<entered_dtmf_digits>\s*([^<]*?)\s*</entered_dtmf_digits>",
                      re.IGNORECASE)
_SENSITIVE_RE = re.compile(r"(?<![\d:])\d(?:[ \-.]?\d){5,}(?![\d:])")
_DIGIT_WORDS = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
_SPOKEN_DIGITS_RE = re.compile(rf"\b{_DIGIT_WORDS}(?:[\s,\-]+{_DIGIT_WORDS}){{5,}}\b", re.IGNORECASE)
_TOKEN_RE = re.compile(r"\d{1,2}:\d{2}|[^\W_]+(?:'[^\W_]+)?", re.UNICODE)
MASK = "[redacted]"


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
    relative_day: str | None = None
    """"today"/"tomorrow" when the caller said it (resolved into ``day`` only if today is known)."""
    sensitive: bool = False
    """True when a card, ID or other long number was spoken (it was masked)."""
    masked_text: str = ""
    """The utterance with long digit strings replaced by [redacted]: safe to store and log."""
    booking_words: bool = False
    """The caller used a booking word ("book", "appointment"), whatever the leading intent."""

    def as_parse(self) -> dict:
        """The four keys of SPEC 2.2."""
        return {"intent": self.intent, "day": self.day, "time": self.time, "name": self.name}


def mask_sensitive(text: str) -> str:
    """Replace card numbers, national ID numbers and other 6+ digit strings (digits or words) with [redacted]."""
    if not isinstance(text, str):
        return text
    return _SPOKEN_DIGITS_RE.sub(MASK, _SENSITIVE_RE.sub(MASK, text))


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("\u2019", "'").replace("\u2018", "'")
    text = "".join(ch if ch.isprintable() else " " for ch in text)
    text = re.sub(r"\b([ap])\.\s?m\b\.?", r"\1m", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(\d{1,2})\s?([ap]m)\b", r"\1 \2", text, flags=re.IGNORECASE)
    text = re.sub(r"\b(\d{1,2})\.(\d{2})\b", r"\1:\2", text)
    return text


def _has_phrase(joined: str, phrases) -> bool:
    return any(re.search(rf"(?<![\w']){re.escape(p)}(?![\w'])", joined) for p in phrases)


def capitalise_name(word: str) -> str:
    """A name as written: capitalised when the transcript was all upper or all lower case."""
    if word.isupper() or word.islower():
        return re.sub(r"(^|['\-])(\w)", lambda m: m.group(1) + m.group(2).upper(), word.lower())
    return word  # mixed case is how the transcript spelled it: keep it


def _is_word(token: str) -> bool:
    return token[:1].isalpha() and token.replace("'", "").replace("-", "").isalpha()


def _find_name(lower: list[str], original: list[str]) -> str | None:
    for i in range(len(lower)):
        for lead in NAME_LEADS:
            j = i + len(lead)
            if tuple(lower[i:j]) != lead or j >= len(lower):
                continue
            word = lower[j]
            if word in NOT_NAMES or not _is_word(word) or (lead == ("under",) and i == 0):
                continue
            name = capitalise_name(original[j])
            mixed_case = not all(w.isupper() for w in original if w.isalpha())
            if mixed_case and j + 1 < len(original) and original[j + 1][:1].isupper() \
                    and lower[j + 1] not in NOT_NAMES and _is_word(lower[j + 1]):
                name += " " + capitalise_name(original[j + 1])
            return name
    return None


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
        if tok in _DAY_FORMS:
            days.append(_DAY_FORMS[tok])
        elif tok in ("today", "tomorrow"):
            relative = tok
            if today in WEEKDAYS:
                offset = 0 if tok == "today" else 1
                if i >= 2 and lower[i - 2 : i] == ["after", "the"]:  # "the day after tomorrow"
                    offset = 2
                days.append(WEEKDAYS[(WEEKDAYS.index(today) + offset) % 7])
    return days, relative


# "one moment", "two people", "one more time": a bare number before these is not a time.
COUNTED = {"moment", "moments", "second", "seconds", "sec", "minute", "minutes", "more", "of", "person", "people",
           "thing", "things", "day", "days", "week", "weeks", "time", "times", "kids", "children"}


# "the Friday one", "that one", "the first one": a bare number after these points at a thing, not a time.
POINTING = set(_DAY_FORMS) | {"the", "that", "this", "which", "first", "last", "other", "earlier", "later"}


def _times(lower: list[str], content_words: int) -> list[str]:
    times = []
    for found in find_times(lower):
        cued = found.start > 0 and lower[found.start - 1] in TIME_CUES
        counted = (found.end < len(lower) and lower[found.end] in COUNTED) or (
            found.start > 0 and lower[found.start - 1] in POINTING and not found.explicit)
        if found.explicit or (not counted and (cued or content_words <= 3)):
            times.append(found.hhmm)
    return times


def analyse(text: object, today: str | None = None) -> Understanding:
    """Understand one caller utterance. ``today`` (a weekday) resolves "today"/"tomorrow"."""
    if text is None:
        text = ""
    if not isinstance(text, str):
        text = str(text)
    text = text[:2000]  # a transcript longer than this is noise; keep the parser linear and fast
    masked = mask_sensitive(text)
    heard = Understanding(masked_text=masked, sensitive=MASK in masked)
    dtmf = _DTMF_RE.search(masked)
    if dtmf:
        heard.act, heard.dtmf = "dtmf", (dtmf.group(1) if dtmf.group(1) is not None else dtmf.group(2)) or ""
        return heard
    cleaned = _clean(masked.replace(MASK, " "))
    original = _TOKEN_RE.findall(cleaned)
    lower = [t.lower() for t in original]
    joined = " ".join(lower)
    content = [t for t in lower if t not in FILLERS and t not in YES_WORDS and t not in NO_WORDS
               and t not in {"make", "it", "please", "how", "about", "at", "then", "instead", "maybe", "or", "and"}]

    heard.days, heard.relative_day = _days(lower, today)
    heard.times = _times(lower, len(content))
    heard.day, day_choice = _pick(heard.days, lower)
    heard.time, time_choice = _pick(heard.times, lower)
    heard.ambiguous = "day" if day_choice else ("time" if time_choice else None)
    heard.name = _find_name(lower, original)
    heard.booking_words = bool(BOOK_WORDS & set(lower))
    heard.intent = _intent(lower, joined, heard)
    heard.act = _act(lower, joined, heard)
    return heard


def _leading(lower: list[str]) -> str | None:
    """The first word that is not a filler: an explicit yes starts with it ("uh, yes", not "intent yes")."""
    return next((t for t in lower if t not in FILLERS), None)


def _is_stop(lower: list[str], joined: str, heard: Understanding) -> bool:
    """The caller wants to end the call: a stop phrase, unless a soft one sits inside a yes or a request."""
    if _has_phrase(joined, STOP_PHRASES):
        return True
    if not _has_phrase(joined, SOFT_STOP_PHRASES):
        return False
    still_talking = (_leading(lower) in YES_WORDS or heard.booking_words or heard.days or heard.times
                     or bool(REQUEST_WORDS & set(lower)))
    return not still_talking


def _intent(lower: list[str], joined: str, heard: Understanding) -> Intent:
    words = set(lower)
    if not lower:
        return "unknown"
    if _has_phrase(joined, EMERGENCY_PHRASES):
        return "human"
    if words & HUMAN_WORDS and (words & HUMAN_VERBS or len(lower) <= 3):
        return "human"
    if words & CANCEL_WORDS and not _has_phrase(joined, ("cancel that",)):
        return "cancel"
    if _is_stop(lower, joined, heard):
        return "no"
    if words & NO_WORDS or _has_phrase(joined, NO_PHRASES):
        return "no"
    if (_leading(lower) in YES_WORDS or _has_phrase(joined, YES_PHRASES)) and not _has_phrase(joined, ("not sure",)):
        return "yes"
    if heard.booking_words or _has_phrase(joined, ("come in", "see the doctor", "see a doctor", "fit me in")):
        return "book"
    if words & HOURS_WORDS or ("you" in words and words & OPEN_CLOSE) or _has_phrase(joined, ADDRESS_PHRASES):
        return "hours"
    if heard.day or heard.time or heard.name or heard.days or heard.times or heard.relative_day:
        return "inform"
    return "unknown"


def _act(lower: list[str], joined: str, heard: Understanding) -> Act | None:
    if not lower:
        return None
    if _has_phrase(joined, EMERGENCY_PHRASES):
        return "emergency"
    if heard.intent == "no" and _is_stop(lower, joined, heard):
        return "stop"
    if _has_phrase(joined, REPEAT_PHRASES) or (len(lower) <= 2 and set(lower) <= REPEAT_ALONE | {"i", "said"}):
        return "repeat"
    if _has_phrase(joined, HOLD_PHRASES) and heard.intent == "unknown":
        return "hold"
    if set(lower) & MEDICAL_WORDS or _has_phrase(joined, ("should i take", "is it safe", "side effects")):
        return "medical"
    if _has_phrase(joined, ADDRESS_PHRASES):
        return "address"
    return None


def parse(text: object) -> dict:
    """SPEC 2.2: ``{"intent", "day", "time", "name"}`` for one utterance; never raises."""
    try:
        return analyse(text).as_parse()
    except Exception:  # the contract is "never raises": a parser bug must not drop the call
        return {"intent": "unknown", "day": None, "time": None, "name": None}
