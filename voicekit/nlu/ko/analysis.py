"""The Korean rule parser: ``analyse`` and ``parse`` with the contract of ``voicekit.nlu`` (SPEC 2.2, 7.5).

The same ``Understanding`` as the English parser, so the dialog reads one shape whatever the language: the
weekday in English lower case ("tuesday"), the date "YYYY-MM-DD", the time "HH:MM", the name as said
("이하늘"). Key presses are the English parser's own (one keypad for every language); card and ID numbers
are masked by ``voicekit.privacy``, once digit syllables said in words ("구공공일일일...") are digits too.
Neither function ever raises; a turn is read up to 2000 characters, each pattern once (linear work).
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date

import voicekit.nlu.ko.lexicon as lexicon
from voicekit.nlu.analysis import _DTMF_MARKUP_RE, _DTMF_RE
from voicekit.nlu.analysis import analyse as _analyse_keys
from voicekit.nlu.dates import dates_and_weekdays
from voicekit.nlu.ko.act_rules import ACT_RULES
from voicekit.nlu.ko.dates import DayHeard, find_days, or_between
from voicekit.nlu.ko.intent_rules import INTENT_RULES
from voicekit.nlu.ko.judgements import KoTurn, emergency, has, is_stop, reschedules, wrong_values
from voicekit.nlu.ko.names import bare_name, find_name
from voicekit.nlu.ko.numbers import numbers_as_digits, spoken_digits_as_numbers
from voicekit.nlu.ko.reasons import visit_reason
from voicekit.nlu.ko.times import TimeHeard, find_times, time_wish
from voicekit.nlu.ko.values import (
    a_birth_date,
    choice,
    extension_of,
    month_alone,
    moves_a_value,
    moving_from,
    ruled_out,
)
from voicekit.nlu.rules import decide
from voicekit.nlu.types import Understanding
from voicekit.privacy import MASK, mask_sensitive
from voicekit.weekdays import WEEKDAYS

_WORD = re.compile(r"[^\s.,!?~…·\"'()\[\]]+")
LONGEST_TURN = 2000
"""Characters of a turn that are read: a transcript longer than this is noise."""


def masked(text: str) -> str:
    """``text`` with card, ID and phone numbers masked, said in digits or in digit syllables."""
    return mask_sensitive(spoken_digits_as_numbers(text))


def normalised(text: str) -> str:
    """The turn as the finders read it: NFKC, printable, masks as spaces, numbers in words as digits."""
    text = unicodedata.normalize("NFKC", text).replace(MASK, " ")
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else " " for ch in text)
    return numbers_as_digits(text)


_OR_INSIDE = ("아니면", "또는", "혹은", "이든지", "거나")


def _choice_between(text: str, spans: list[tuple[int, int]]) -> bool:
    """Two values offered for the caller to choose ("10일이나 11일", "11일 12일", "둘 다 돼요").

    Not one value corrected ("목요일 아니 수요일이요", "15일 말고 16일") nor a fallback ("10일 안 되면 11일").
    """
    compact = text.replace(" ", "")
    if has(compact, lexicon.BOTH_WORK):
        return True
    for (_, a_end), (b_start, _) in zip(spans, spans[1:], strict=False):
        between = text[a_end:b_start].replace(" ", "")
        if or_between(between) or has(between, _OR_INSIDE):  # "10일 세 시 아니면 11일 네 시"
            return True
        if has(between, lexicon.CORRECTIONS) or has(between, lexicon.FALLBACK_CUES) or len(between.strip(",.")) > 6:
            return False
    return len(spans) > 1


def _set_days(heard: Understanding, text: str, said: list[DayHeard], today: date | None) -> None:
    relative = next((d.relative for d in said if d.relative), None)
    heard.relative_day = relative
    heard.days = [d.weekday for d in said if d.weekday]
    choice_said = _choice_between(text, [(d.start, d.end) for d in said])
    if today is not None and any(d.on is not None for d in said):
        named = [d.on for d in said if d.on is not None]
        bare = [d.weekday for d in said if d.on is None and d.weekday]
        heard.dates, offered_too = dates_and_weekdays(named, bare, today)
        heard.days = [WEEKDAYS[date.fromisoformat(on).weekday()] for on in heard.dates]
        if len(heard.dates) > 1:
            chosen = offered_too or choice_said
            fallback = has(text.replace(" ", ""), lexicon.FALLBACK_CUES)  # "10일 안 되면 11일": the 10th asked for
            heard.date = None if chosen else heard.dates[0 if fallback else -1]
            heard.day = None if chosen else heard.days[0 if fallback else -1]
            heard.ambiguous = "day" if chosen else None
            return
        heard.date = heard.dates[0] if heard.dates else None
    distinct = list(dict.fromkeys(heard.days))
    if len(distinct) > 1 and choice_said:
        heard.ambiguous = "day"
    elif distinct:
        heard.day = distinct[-1]  # "화요일, 아니 수요일": the last is the correction


def _set_times(heard: Understanding, text: str, compact: str, said: list[TimeHeard]) -> None:
    if len(said) == 2 and text[said[0].end:said[1].start].replace(" ", "") in ("에서", "부터", "~", "-", "에서부터"):
        heard.wish = {"kind": "after", "time": said[0].hhmm}  # "세 시에서 네 시 사이": from the first on
        return
    heard.times = list(dict.fromkeys(t.hhmm for t in said))
    if len(heard.times) == 2 and has(compact, lexicon.FALLBACK_CUES):  # "10시, 안 되면 11시"
        heard.time, heard.fallback_time = heard.times
    elif len(heard.times) > 1 and _choice_between(text, [(t.start, t.end) for t in said]):
        heard.ambiguous = heard.ambiguous or "time"
    elif heard.times:
        heard.time = heard.times[-1]
    heard.am_pm_said = heard.time is not None and any(t.settled and t.hhmm == heard.time for t in said)
    heard.wish = time_wish(text, compact, said)
    if heard.wish is not None and heard.wish["kind"] in ("after", "before"):
        heard.time = None  # "세 시 이후", "세 시에서 네 시 사이": a bound on the times, no time (LABELLING.md)


def _wrong_of_a_no(heard: Understanding, text: str, days: list[DayHeard], times: list[TimeHeard]) -> list[str]:
    """A no at the read-back that gives the right value ("아니, 12일이에요") says that value was wrong."""
    if heard.wrong or heard.intent != "no":
        return heard.wrong
    said = [(d.start, "day") for d in days] + [(t.start, "time") for t in times]
    if heard.wish is not None and not times:  # "아니 오전 말고 오후요": the time read back is wrong
        said.append((len(text), "time"))
    if heard.name:
        at = text.find(heard.name)
        said.append((at if at >= 0 else text.find(heard.name[:1]), "name"))  # "이 하늘이에요": said apart
    return [min(said)[1]] if said else []


def bare_name_of(text: object) -> str | None:
    """The whole turn as a name when it is nothing but one ("민지요", "이하늘이에요"), else None."""
    try:
        return bare_name(normalised(masked(str(text)[:LONGEST_TURN])).replace(MASK, " "))
    except Exception:  # a name is a candidate: none rather than a dropped call
        return None


def analyse(text: object, today: date | str | None = None) -> Understanding:
    """Understand one Korean caller turn; ``today`` (a date, or just its weekday) resolves "내일" and dates."""
    text = "" if text is None else text if isinstance(text, str) else str(text)
    text = text[:LONGEST_TURN]
    try:
        return _analyse(text, today)
    except Exception:  # a rule's bug must not drop the call: the turn is heard as nothing understood
        hidden = mask_sensitive(text)
        return Understanding(masked_text=hidden, sensitive=MASK in hidden, intent_rule="failed", act_rule="failed")


def _analyse(text: str, today: date | str | None) -> Understanding:
    if _DTMF_RE.search(text) or _DTMF_MARKUP_RE.search(text):
        return _analyse_keys(text, today)  # the keypad is no language's
    hidden = masked(text)
    heard = Understanding(masked_text=hidden, sensitive=MASK in hidden)
    words_text = normalised(hidden)
    words = _WORD.findall(words_text)
    compact = re.sub(r"[\s.,!?~…·\"'()\[\]-]+", "", words_text).lower()
    on_day = today if isinstance(today, date) else None
    weekday_today = WEEKDAYS[today.weekday()] if isinstance(today, date) else today
    days_said = [d for d in find_days(words_text, on_day, weekday_today)
                 if not ruled_out(words_text, d.end) and not a_birth_date(words_text, d.start)]
    times_said = [t for t in find_times(words_text) if not ruled_out(words_text, t.end)]
    looked_up = has(compact, lexicon.NOT_A_BOOKING)  # "예약 확인하려고요": one made, not one asked for
    heard.booking_words = has(compact, lexicon.BOOK_WORDS) and not looked_up
    heard.booking_verb = has(compact, lexicon.BOOK_VERBS) and not looked_up
    heard.reschedule = reschedules(compact) or moves_a_value(words_text)
    if heard.reschedule:  # "금요일 예약을 화요일로 옮겨 주세요": Friday's described, Tuesday the new one
        heard.moving, days_said, times_said = moving_from(words_text, days_said, times_said)
    _set_days(heard, words_text, days_said, on_day)
    _set_times(heard, words_text, compact, times_said)
    if on_day is not None:
        heard.month = month_alone(words_text, on_day, days_said)
    heard.extension = extension_of(words_text)
    heard.name = find_name(words_text)
    heard.pick = choice(words_text)
    heard.callback = has(compact, lexicon.CALLBACK_PHRASES)
    heard.wrong = wrong_values(compact)
    heard.reason = visit_reason(hidden)
    said_emergency = emergency(compact, words_text)
    heard.crisis = said_emergency and has(compact, lexicon.CRISIS_PHRASES)
    stop = is_stop(compact, "?" in words_text, heard)
    value_ends = tuple(sorted([d.end for d in days_said] + [t.end for t in times_said]))
    turn = KoTurn(words, words_text, heard, said_emergency, stop, value_ends)
    heard.intent, heard.intent_rule = decide(INTENT_RULES, turn)
    heard.act, heard.act_rule = decide(ACT_RULES, turn)
    heard.wrong = _wrong_of_a_no(heard, words_text, days_said, times_said)
    return heard


def parse(text: object) -> dict:
    """SPEC 2.2: ``{"intent", "day", "time", "name"}`` for one Korean utterance; never raises."""
    try:
        return analyse(text).as_parse()
    except Exception:  # the contract is "never raises": a parser bug must not drop the call
        return {"intent": "unknown", "day": None, "time": None, "name": None}
