"""What a turn asks for: its intent and its conversational act, from the words ``voicekit.nlu`` found.

The rules that decide between a booking, a yes, a no, a request for a person, the end of the call, an
emergency, a question about where the clinic is... given the values (days, times, a name) already found.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from voicekit import lexicon

if TYPE_CHECKING:  # nlu imports this module; the types are only annotations here
    from voicekit.nlu import Act, Intent, Understanding


def has_phrase(joined: str, phrases: Iterable[str]) -> bool:
    """One of ``phrases`` is said as whole words (one precompiled pattern per phrase list, one scan)."""
    return _phrases_pattern(tuple(phrases)).search(joined) is not None


def first_phrase_at(joined: str, phrases: Iterable[str]) -> int | None:
    """Where the first of ``phrases`` said (as whole words) ends, or None."""
    found = _phrases_pattern(tuple(phrases)).search(joined)
    return None if found is None else found.end()


@functools.cache
def _phrases_pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    return _phrase_re(phrases)


def _phrase_re(phrases: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<![\w'])(?:{alternatives})(?![\w'])")


EMERGENCY_RE = _phrase_re(lexicon.EMERGENCY_PHRASES)
CRISIS_RE = _phrase_re(lexicon.CRISIS_PHRASES)


def said(joined: str, phrases: re.Pattern[str]) -> bool:
    """One of the phrases was said and not negated ("no chest pain, just a check-up" is not an emergency)."""
    for match in phrases.finditer(joined):
        before = joined[:match.start()].split()[-2:]
        if not any(w in lexicon.NEGATORS or w.endswith("n't") for w in before):
            return True
    return False


def _leading(lower: list[str]) -> str | None:
    """The first word that is not a filler: an explicit yes starts with it ("uh, yes", not "intent yes")."""
    return next((t for t in lower if t not in lexicon.FILLERS), None)


_ANY_STOP = (*lexicon.STOP_PHRASES, *lexicon.SOFT_STOP_PHRASES)


def is_stop(lower: list[str], joined: str, heard: Understanding) -> bool:
    """The caller wants to end the call: a stop phrase, unless inside a request or (soft or farewell) after a yes.

    "never mind, book for the 13th at 10:30" goes on with the new request; "hang up" always ends.
    """
    if has_phrase(joined, ("hang up",)):
        return True
    stop_at = first_phrase_at(joined, _ANY_STOP)
    if stop_at is None:  # most turns: no stop phrase at all
        return False
    # "anything" asks for a slot ("could you find anything else?"), but "I don't need anything" ends the call.
    needs_nothing = has_phrase(joined, ("don't need anything", "do not need anything"))
    asks = lexicon.REQUEST_WORDS & set(lower) - ({"anything"} if needs_nothing else set())
    # A question for the line after the stop phrase: the caller is still talking to us.
    asks_after = has_phrase(joined[stop_at:], lexicon.ASKS_THE_LINE)
    request = heard.booking_words or heard.days or heard.times or bool(asks) or asks_after
    # A yes before the stop phrase answers the question (SPEC 5.4): "Sounds good, that's everything for today",
    # "Yes, that works. Thanks for the help. Bye.". Only a farewell may follow it: "okay, forget it" ends the
    # call, and so does "okay, bye" (an acknowledgement on the way out is no yes).
    leading, said_yes = _leading(lower), _phrases_pattern(lexicon.YES_PHRASES).search(joined)
    yes_said_first = said_yes is not None and said_yes.end() <= stop_at
    hard = _phrases_pattern(lexicon.STOP_PHRASES).findall(joined)
    if hard:
        yes_first = leading in lexicon.YES_WORDS - lexicon.ACKNOWLEDGEMENTS or yes_said_first
        return not (request or (yes_first and set(hard) <= set(lexicon.FAREWELLS)))
    yes_first = leading in lexicon.YES_WORDS or yes_said_first
    return has_phrase(joined, lexicon.SOFT_STOP_PHRASES) and not (request or yes_first)


def asks_the_hours(words: set[str], joined: str) -> bool:
    """A question about when the clinic is open: "what are your hours?", "what time do you close?"."""
    return bool(words & lexicon.HOURS_WORDS or ("you" in words and words & lexicon.OPEN_CLOSE)
                or has_phrase(joined, lexicon.HOURS_PHRASES))


def intent_of(lower: list[str], joined: str, heard: Understanding, emergency: bool, stop: bool) -> Intent:
    """The turn's intent (SPEC 2.2), in order of what must win: an emergency, a person, a cancellation, a stop..."""
    words = set(lower)
    if not lower:
        return "unknown"
    if emergency:
        return "human"
    # "see someone about my knee" is a visit, "find someone else" another provider, "somebody in Gilroy" with
    # a gynecologist a provider too: none of them asks for a member of staff.
    if words & lexicon.HUMAN_WORDS and (words & lexicon.HUMAN_VERBS or len(lower) <= 3) \
            and not has_phrase(joined, ("see someone", "see somebody", *lexicon.ALTERNATIVE_PHRASES)) \
            and not words & lexicon.PROVIDER_WORDS:
        return "human"
    if words & lexicon.CANCEL_WORDS and not has_phrase(joined, ("cancel that",)):
        return "cancel"
    if stop:
        return "no"
    if words & lexicon.NO_WORDS or has_phrase(joined, lexicon.NO_PHRASES):
        return "no"
    values = heard.days or heard.times
    if values and has_phrase(joined, lexicon.REVISION_PHRASES):
        return "no"
    if has_phrase(joined, lexicon.CHANGE_OF_MIND) or has_phrase(joined, lexicon.OTHER_PROVIDER):
        return "no"
    says_yes = _leading(lower) in lexicon.YES_WORDS or has_phrase(joined, lexicon.YES_PHRASES) \
        or (not values and has_phrase(joined, lexicon.BOOK_IT))
    if says_yes and not has_phrase(joined, ("not sure",)):
        return "yes"
    if has_phrase(joined, lexicon.ALTERNATIVE_PHRASES) and not heard.booking_words:
        return "no"
    asks_for_a_slot = values and (words & lexicon.REQUEST_WORDS or has_phrase(joined, lexicon.SLOT_QUESTIONS))
    if heard.booking_words or heard.reschedule or has_phrase(joined, lexicon.BOOK_PHRASES) or asks_for_a_slot:
        return "book"
    seeks_a_provider = words & lexicon.PROVIDER_WORDS and words & lexicon.SEEKING_WORDS
    if seeks_a_provider and has_phrase(joined, lexicon.LOCATED_IN):
        return "book"
    if asks_the_hours(words, joined) or has_phrase(joined, lexicon.ADDRESS_PHRASES):
        return "hours"
    if seeks_a_provider or (words & lexicon.SOUGHT_ONES and words & lexicon.FINDING_WORDS):
        return "book"
    if words & lexicon.SOUGHT_ONES and words & lexicon.WANTING_WORDS and words & lexicon.PLACE_CUES:
        return "book"
    if lower[0] == "nothing" and not values:  # "Nothing.", "Nothing, I appreciate it."
        return "no"
    if heard.day or heard.time or heard.name or heard.days or heard.times or heard.relative_day:
        return "inform"
    return "unknown"


def act_of(lower: list[str], original: list[str], heard: Understanding, emergency: bool, stop: bool,
         asked: bool) -> Act | None:
    """What the turn does beside its intent (``nlu.Act``): stop, repeat, hold, an answer the line gives..."""
    if not lower:
        return None
    joined, words = " ".join(lower), set(lower)
    if emergency:
        return "emergency"
    if heard.intent == "no" and stop:
        return "stop"
    if has_phrase(joined, lexicon.REPEAT_PHRASES) or lower == ["repeat"] \
            or (len(lower) <= 2 and words <= lexicon.REPEAT_ALONE | {"i", "said"}):
        return "repeat"
    if words <= lexicon.GREETING_WORDS and words & {"hello", "hi", "hey", "there"}:
        return "repeat"
    if has_phrase(joined, lexicon.HOLD_PHRASES) and heard.intent == "unknown":
        return "hold"
    if words & lexicon.MEDICAL_WORDS or has_phrase(joined, ("should i take", "is it safe", "side effects")):
        return "medical"
    if has_phrase(joined, lexicon.ADDRESS_PHRASES) or _names_a_place(original, words, heard):
        return "address"
    if heard.intent == "yes" and asks_the_hours(words, joined):  # "okay, what time do you close?"
        return "hours"
    if words & lexicon.SERVICE_WORDS and (asked or lower[0] in lexicon.QUESTION_STARTS):
        return "services"
    if heard.intent == "unknown" and words & lexicon.THANKS_WORDS and not heard.name:
        return "thanks"  # only thanks: nothing else in the turn was understood
    return None


def _names_a_place(original: list[str], words: set[str], heard: Understanding) -> bool:
    """A place ("in Fremont", "Near Mountain View"), said with a capital, and nothing else the call can use.

    "I need a dentist in Fairfield" stays a booking request and "Sam, from Fremont" a name: only a turn
    that is just a place, or a provider said as "one" or "something" there ("Find me something in Morgan
    Hill"), is answered with where the clinic is.
    """
    # "I changed my mind. Can you look for one in San Jose?" is a "no" to what was said, but no "no" word.
    looks_elsewhere = heard.intent == "book" or (heard.intent == "no" and not words & lexicon.NO_WORDS)
    just_a_place = heard.intent == "unknown" or (looks_elsewhere and not heard.booking_words
                                                 and not lexicon.PROVIDER_WORDS & words)
    if not just_a_place or heard.name or heard.days or heard.times or heard.date or heard.relative_day:
        return False
    for before, word in zip(original, original[1:], strict=False):
        if before.lower() in lexicon.PLACE_CUES and word[:1].isupper() and word.lower() not in lexicon.NOT_PLACES:
            return True
    return False
