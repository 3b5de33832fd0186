"""A rule parser for what callers say to a clinic line.

``parse(text)`` is the contract of SPEC 2.2: always the four keys ``intent, day, time, name``.
``analyse(text, today=...)`` gives the agent more: every day and time heard (to spot
"Tuesday or Wednesday"), keypad presses, stop / repeat / emergency / medical / address acts,
and the utterance with card and ID numbers masked. Neither ever raises.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date

import voicekit.nlu.lexicon as lexicon
from voicekit.nlu.act_rules import ACT_RULES
from voicekit.nlu.dates import dates_and_weekdays, find_dates, month_alone, numeric_dates_as_words
from voicekit.nlu.extensions import find_extension
from voicekit.nlu.intent_rules import INTENT_RULES
from voicekit.nlu.judgements import is_stop
from voicekit.nlu.moves import moving
from voicekit.nlu.names import bare_name, find_name, find_provider
from voicekit.nlu.phrases import CRISIS_RE, EMERGENCY_RE, has_phrase, said
from voicekit.nlu.reasons import visit_reason
from voicekit.nlu.rules import Turn, decide
from voicekit.nlu.spoken_time import MINUTE_WORDS, NUMBER_WORDS, find_times
from voicekit.nlu.time_wishes import fallback_of, time_wish
from voicekit.nlu.types import Understanding
from voicekit.nlu.values import choice, days, later_today, pick, preferred_day, ruled_out, times
from voicekit.nlu.wrong_values import wrong_values
from voicekit.privacy import MASK, mask_sensitive
from voicekit.weekdays import WEEKDAYS

# Keypad presses: "[DTMF] 1" alone, or "<entered_dtmf_digits>1</entered_dtmf_digits>" anywhere (its keys are the tags'
# contents, stripped). No two runs of spaces meet: "\s*([^<]*?)\s*" was cubic in the spaces after an opening tag,
# "\s*([0-9*#]*)\s*" quadratic in those after "[DTMF]"; the contents are stripped by ``str.strip`` instead.
_DTMF_RE = re.compile(r"^\s*\[dtmf\]\s*+([0-9*#]*+)\s*$|<entered_dtmf_digits>([^<]*+)</entered_dtmf_digits>",
                      re.IGNORECASE)
# Keypad markup around anything but ASCII keys ("[DTMF] １"): a key press that means nothing here.
_DTMF_MARKUP_RE = re.compile(r"\[dtmf\]|</?entered_dtmf_digits>", re.IGNORECASE)
_TOKEN_RE = re.compile(r"\d{1,2}:\d{2}|[^\W_]+(?:['\-][^\W_]+)*", re.UNICODE)
_NUMBERISH = set(NUMBER_WORDS) | {w for phrase in MINUTE_WORDS for w in phrase.split()} | {"o", "oh"}


# o"clock, o clock. The spaces after the quote belong to the quote: with it optional, "\s*[...]?\s*" tried every
# split of a run of spaces between its two halves, quadratic in a long run after an "o".
_O_CLOCK = re.compile(r"\bo\s*(?:[\"`´]\s*)?clock\b", re.IGNORECASE)
_DOTTED_AM_PM = re.compile(r"\b([ap])\.\s?m\b\.?", re.IGNORECASE)
_GLUED_AM_PM = re.compile(r"\b(\d{1,2})\s?([ap]m)\b", re.IGNORECASE)
_DOTTED_TIME = re.compile(r"\b(\d{1,2})\.(\d{2})\b")
_AMOUNT = re.compile(r"(?<![\w:])[-+]\d+(?:\.\d+)?\b|\b\d+\.\d\b")  # "-1", "1.0": amounts, not times
_HYPHENATED = re.compile(r"\b(\w+)-(?=(\w+))")
# "the twenty first", "twenty-second": one ordinal, as the date finder reads it ("21st").
_COMPOUND_ORDINAL = re.compile(r"\b(twenty|thirty)[\s-]+(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)\b",
                               re.IGNORECASE)
_ORDINAL_UNITS = {"first": (1, "st"), "second": (2, "nd"), "third": (3, "rd"), "fourth": (4, "th"), "fifth": (5, "th"),
                  "sixth": (6, "th"), "seventh": (7, "th"), "eighth": (8, "th"), "ninth": (9, "th")}


def _compound_ordinal(found: re.Match[str]) -> str:
    unit, suffix = _ORDINAL_UNITS[found.group(2).lower()]
    return f"{(20 if found.group(1).lower() == 'twenty' else 30) + unit}{suffix}"


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("\u2019", "'").replace("\u2018", "'")
    text = _O_CLOCK.sub("o'clock", text)
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else " " for ch in text)
    text = _DOTTED_AM_PM.sub(r"\1m", text)
    text = _GLUED_AM_PM.sub(r"\1 \2", text)
    text = _DOTTED_TIME.sub(r"\1:\2", numeric_dates_as_words(_COMPOUND_ORDINAL.sub(_compound_ordinal, text)))
    text = _AMOUNT.sub(" ", text)
    # Hyphens join names ("Anne-Marie") but not numbers: "two-thirty" and "10-30" are two words.
    if "-" not in text:
        return text
    return _HYPHENATED.sub(lambda m: m.group(1) + (" " if _numberish(m.group(1), m.group(2)) else "-"), text)


def _numberish(*words: str) -> bool:
    return any(w.isdigit() or w.lower() in _NUMBERISH for w in words)


def _clause_starts(cleaned: str) -> frozenset[int]:
    """The tokens that follow punctuation (",", ".", "!"...): where a new clause, and an introduction, may begin."""
    starts, end = set(), None
    for n, token in enumerate(_TOKEN_RE.finditer(cleaned)):
        if end is not None and any(ch in ".,;:!?" for ch in cleaned[end:token.start()]):
            starts.add(n)
        end = token.end()
    return frozenset(starts)


def _said_with_a_date(lower: list[str], named: list[tuple[date | None, set[int]]]) -> list[str]:
    """The weekdays said right before or after a date ("Tuesday the 9th", "the 9th, Tuesday")."""
    near = []
    for _, at in named:
        for k in (min(at) - 1, min(at) - 2, max(at) + 1):
            word = lower[k].removesuffix("'s") if 0 <= k < len(lower) else ""
            if word in lexicon.DAY_FORMS:
                near.append(lexicon.DAY_FORMS[word])
    return near


def bare_name_of(text: str) -> str | None:
    """The whole utterance as a name when it is nothing but one ("Sam Smith", "J A M I E", "Monday Smith")."""
    original = _TOKEN_RE.findall(_clean(mask_sensitive(str(text))).replace(MASK, " "))
    return bare_name([t.lower() for t in original], original, lexicon.NOT_NAMES, set(lexicon.DAY_FORMS))


_NO_CLOCK = date(2000, 1, 3)  # a reference to find date words by, when today's date is not known


def analyse(text: object, today: date | str | None = None) -> Understanding:
    """Understand one caller utterance; ``today`` (a date, or just its weekday) resolves "tomorrow" and dates."""
    if text is None:
        text = ""
    if not isinstance(text, str):
        text = str(text)
    text = text[:2000]  # a transcript longer than this is noise; keep the parser linear and fast
    masked = mask_sensitive(text)
    # A key press decides before any rule is read: its rule is the keypad's.
    heard = Understanding(masked_text=masked, sensitive=MASK in masked, intent_rule="keypad", act_rule="keypad")
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
    clause_starts = _clause_starts(cleaned)
    joined = " ".join(lower)
    content = [t for t in lower if t not in lexicon.FILLERS and t not in lexicon.YES_WORDS and t not in lexicon.NO_WORDS
               and t not in {"make", "it", "please", "how", "about", "at", "then", "instead", "maybe", "or", "and"}]

    weekday_today = WEEKDAYS[today.weekday()] if isinstance(today, date) else today
    heard.days, heard.relative_day = days(lower, weekday_today, clause_starts)
    heard.later_today = later_today(lower)
    named = find_dates(lower, today if isinstance(today, date) else _NO_CLOCK,
                       ruled_out=lambda at: ruled_out(lower, at, clause_starts))
    date_words = {at for _, said_at in named for at in said_at}
    if isinstance(today, date):
        heard.month = month_alone(lower, original, today, date_words)
    heard.extension, extension_words = find_extension(lower)
    date_words |= extension_words  # "extension 12" is no time
    offered_too = False
    if isinstance(today, date) and any(on is not None for on, _ in named):
        # A weekday besides the dates is asked about when it is offered with them ("Thursday or the 11th") or
        # put to one ("Tuesday the 9th"); else it is only talk ("I start on Monday, so tomorrow?")
        offered = heard.days if {"or", "either"} & set(lower) else _said_with_a_date(lower, named)
        heard.dates, offered_too = dates_and_weekdays([on for on, _ in named if on is not None], offered, today)
        heard.days = [WEEKDAYS[date.fromisoformat(on).weekday()] for on in heard.dates]  # the dates win over weekdays
        heard.date = heard.dates[0] if len(heard.dates) == 1 else None
    if "today" in lower and has_phrase(joined, lexicon.DONE_FOR_TODAY) and not lexicon.DAY_FORMS.keys() & lower:
        heard.days, heard.relative_day, heard.date = [], None, None  # "that's all for today" asks for no day
    heard.times = times(lower, len(content), date_words, clause_starts)
    heard.day, day_choice = pick(heard.days, lower)
    settled = preferred_day(lower, "?" in cleaned) if day_choice else None
    if settled is not None:  # "Monday. Or Tuesday. Actually Monday's better."
        heard.day, day_choice = settled, False
    if len(heard.dates) > 1:  # "the 10th or the 11th" asks the caller to choose; "the 10th, no, the 11th" corrects
        day_choice = offered_too or bool({"or", "either"} & set(lower))
        heard.date = None if day_choice else heard.dates[-1]
        heard.day = None if day_choice else heard.days[-1]
    heard.time, time_choice = pick(heard.times, lower)
    fallback = fallback_of(heard.times, joined)  # "10 am, if not 11 am": the first is asked for, the second kept
    if fallback is not None:
        (heard.time, heard.fallback_time), time_choice = fallback, False
    heard.wish = time_wish(lower, heard.times)
    heard.am_pm_said = heard.time is not None and any(f.settled and f.hhmm == heard.time for f in find_times(lower))
    heard.ambiguous = "day" if day_choice else ("time" if time_choice else None)
    heard.name = find_name(lower, original, lexicon.NOT_NAMES, clause_starts)
    heard.provider = find_provider(lower, original, lexicon.NOT_NAMES)
    words = set(lower)
    heard.booking_words, heard.booking_verb = bool(lexicon.BOOK_WORDS & words), bool(lexicon.BOOK_VERBS & words)
    moves_one = lexicon.MOVE_VERBS & words and lexicon.APPOINTMENT_NOUNS & words  # "move my Friday appointment"
    heard.reschedule = bool(lexicon.RESCHEDULE_WORDS & words or moves_one)
    if heard.reschedule:  # "move my Friday appointment to Tuesday": the old one described, and the new values
        moving(heard, lower, today if isinstance(today, date) else None)
    heard.pick = choice(lower)
    heard.callback = has_phrase(joined, lexicon.CALLBACK_PHRASES)
    heard.reason = visit_reason(masked)
    heard.wrong = wrong_values(joined)
    emergency, stop = said(joined, EMERGENCY_RE), is_stop(lower, joined, heard)  # each scanned once a turn
    heard.crisis = emergency and said(joined, CRISIS_RE)  # crisis phrases are emergency phrases too
    turn = Turn(lower, original, heard, emergency, stop, asked="?" in cleaned)
    heard.intent, heard.intent_rule = decide(INTENT_RULES, turn)
    heard.act, heard.act_rule = decide(ACT_RULES, turn)
    if heard.act == "small_talk":
        heard.provider = None  # "Dr. Lee is wonderful": praise asks for no one (at the read-back it was a change)
    return heard


def parse(text: object) -> dict:
    """SPEC 2.2: ``{"intent", "day", "time", "name"}`` for one utterance; never raises."""
    try:
        return analyse(text).as_parse()
    except Exception:  # the contract is "never raises": a parser bug must not drop the call
        return {"intent": "unknown", "day": None, "time": None, "name": None}
