"""What a turn asks for: its intent and its conversational act, from the words ``voicekit.nlu`` found.

The rules that decide between a booking, a yes, a no, a request for a person, the end of the call, an
emergency, a question about where the clinic is... given the values (days, times, a name) already found.
"""

from __future__ import annotations

import functools
import re
from collections import deque
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
_PRAISE = ("(?:(?:very|really|so|just|quite|pretty|totally|absolutely|all|perfectly|also|even|definitely"
           "|certainly)\\s+)*"
           "(?:good|great|perfect|fine|nice|awesome|excellent|wonderful|lovely|ideal|cool|okay|ok|right|correct"
           "|fantastic|brilliant|terrific|amazing|super|like a plan)")
_SUBJECT = "(?:that|this|it|she|he|they|that one|this one|thats|everything|all|this place|that place)"
_MODAL = "(?:'ll|'d| will| would| should| could| can| might| may)"
# "perfect", "a good option", "like a good one" (not "like a nice lady": a judgement of a person is no acceptance).
_GOOD_ONE = (rf"(?:{_PRAISE}|better|(?:like\s+)?an?\s+{_PRAISE}\s+(?:appointment\s+)?"
             r"(?:one|option|place|choice|idea|fit|match|plan|time|day))")
# An acceptance said as a judgement of what was offered: "that should work", "this is perfect", "sounds very good",
# "it's perfect for me", "that would be awesome". Not a question ("would that work?", "is it fine?") nor a wish
# ("it would be nice of you to find me one", "it would be nice if you found someone else").
_ACCEPTANCE = re.compile(
    rf"(?<![\w'])(?:{_SUBJECT}(?:'s| is| sounds| seems| looks)\s+{_GOOD_ONE}|(?:sounds|seems|looks)\s+{_GOOD_ONE}"
    rf"|{_SUBJECT}{_MODAL} be\s+{_PRAISE}|{_SUBJECT}{_MODAL}(?: definitely| certainly| probably)? (?:work|do|suit)"
    rf"|{_SUBJECT} (?:works|suits)|thats\s+{_GOOD_ONE})(?![\w'])(?!\s+(?:of you|if|for you to|to|it)\b)"
    r"|(?<![\w'])that(?:'s| is) it(?![\w'])(?!\s+(?:for|thank|thanks)\b)"
    r"|(?<![\w'])(?<!i'm )(?<!i am )all good(?![\w'])")  # "all good", not "I'm all good" (done with the call)
# A word that gives a day or time: said before a yes, the turn proposes the value ("March 10th sounds right").
_VALUE_WORDS = (*lexicon.DAY_FORMS, *lexicon.MONTH_WORDS, *lexicon.PARTS_OF_DAY, *lexicon.NUMBER_NAMES, "today",
                "tomorrow", "tonight", "noon", "midday", "am", "pm", "half", "quarter")
_VALUE_WORD = re.compile(r"\d|(?<![\w'])(?:" + "|".join(_VALUE_WORDS) + r")(?![\w'])")
_CALLERS_OWN = re.compile(r"(?<![\w'])(?:my|our)\s+(?:\w+\s+){0,2}?(?:number|address|details|info)(?![\w'])")
_ANYTHING_ELSE = re.compile(r"(?<![\w'])anything else(?! (?:you|i|from|to|we)\b)")
# The caller asks where the provider is or how to reach them: "what is his address?", "her number?", "what street
# are they on?", "where is she?".
_ASKS_WHERE = re.compile(
    r"(?<![\w'])(?:(?:his|her|their|there|its|the|your|that|this|office's|therapist's|doctor's|dentist's)\s+"
    r"(?:\w+\s+)?(?:address|number(?!\s+(?:\d|one|two|three|four|five|six|seven|eight|nine)\b)|phone|telephone"
    r"|location|street|contacts?)|what street|which street"
    r"|where (?:is|are|'s) (?:she|he|they|it|that|the \w+)|where's (?:she|he|it|that|the \w+)"
    r"|(?<!my )(?:address|location)|(?:where|which|what) (?:\w+ ){0,4}located)(?![\w'])")
CRISIS_RE = _phrase_re(lexicon.CRISIS_PHRASES)


_WORD_RUN = re.compile(r"\S+")  # the words of ``str.split()``: \s is the same whitespace as str.isspace
_LONGEST_NEGATOR = max(map(len, lexicon.NEGATORS))


def said(joined: str, phrases: re.Pattern[str]) -> bool:
    """One of the phrases was said and not negated ("no chest pain, just a check-up" is not an emergency).

    Negated when one of the two words before it (as ``joined[:start].split()[-2:]`` gives them, the last one
    cut where the phrase starts) is a negator or ends in "n't". They are found in one sweep of ``joined``:
    splitting all that comes before each phrase again was quadratic in a turn that repeats a negated phrase.
    """
    words = _WORD_RUN.finditer(joined)
    upcoming = next(words, None)
    before: deque[tuple[int, int]] = deque(maxlen=2)  # where the last two words that start before the phrase are
    for match in phrases.finditer(joined):
        start = match.start()
        while upcoming is not None and upcoming.start() < start:
            before.append(upcoming.span())
            upcoming = next(words, None)
        if not any(_negates(joined, begin, min(end, start)) for begin, end in before):
            return True
    return False


def _negates(text: str, begin: int, end: int) -> bool:
    """``text[begin:end]`` is a negator or ends in "n't", read without copying a long word."""
    return text.endswith("n't", begin, end) or (end - begin <= _LONGEST_NEGATOR and text[begin:end] in lexicon.NEGATORS)


def asks_where(joined: str) -> bool:
    """A question about where the provider (or the clinic) is or how to reach them.

    The caller's own ("my phone number is ...", "my address") is an answer, not a question.
    """
    joined = _CALLERS_OWN.sub(" ", joined)
    return has_phrase(joined, lexicon.ADDRESS_PHRASES) or _ASKS_WHERE.search(joined) is not None


def yes_said_at(lower: list[str], joined: str) -> int | None:
    """Where in ``joined`` the turn first agrees: a leading yes word, a yes phrase or an acceptance; else None."""
    return 0 if _leading(lower) in lexicon.YES_WORDS else _agreed_at(joined)


def _agreed_at(joined: str) -> int | None:
    """Where a yes phrase or an acceptance ("that should work") first starts in ``joined``, or None."""
    found = [m.start() for m in (_phrases_pattern(lexicon.YES_PHRASES).search(joined), _ACCEPTANCE.search(joined))
             if m is not None]
    return min(found, default=None)


def _leading(lower: list[str]) -> str | None:
    """The first word that is not a filler: a yes starts with it ("uh, yes", "very good", not "intent yes")."""
    return next((t for t in lower if t not in lexicon.FILLERS and t not in ("very", "really", "most")), None)


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
    # A yes before a farewell answers the question (SPEC 5.4): "Sounds good, goodbye", "Yes, that works. Thanks for
    # the help. Bye.". Only a farewell may follow it: "okay, forget it" ends the call, and so does "okay, bye" (an
    # acknowledgement on the way out is no yes). A soft stop with a yes anywhere is no ending: "That's all
    # correct", "Thank you for your help, I will choose this dentist".
    leading, agreed = _leading(lower), _agreed_at(joined)
    agreed_first = agreed is not None and agreed < stop_at
    hard = _phrases_pattern(lexicon.STOP_PHRASES).findall(joined)
    if hard:
        yes_first = leading in lexicon.YES_WORDS - lexicon.ACKNOWLEDGEMENTS or agreed_first
        return not (request or (yes_first and set(hard) <= set(lexicon.FAREWELLS)))
    # Thanks on the way out is no ending when a yes follows ("Thank you for your help, I will choose this
    # dentist"); any other soft stop is, unless the yes came first ("That is all I needed. I will go with this one").
    thanks_first = has_phrase(joined[:stop_at], lexicon.THANKING_STOPS)
    yes_said = leading in lexicon.YES_WORDS or agreed_first or (thanks_first and agreed is not None)
    return has_phrase(joined, lexicon.SOFT_STOP_PHRASES) and not (request or yes_said)


def asks_the_hours(words: set[str], joined: str) -> bool:
    """A question about when the clinic is open: "what are your hours?", "what time do you close?"."""
    return bool(words & lexicon.HOURS_WORDS or ("you" in words and words & lexicon.OPEN_CLOSE)
                or has_phrase(joined, lexicon.HOURS_PHRASES))


def thanks_alone(lower: list[str]) -> bool:
    """Only thanks ("Thank you for your help.", "Thanks so much!"): no yes, no no, nothing asked (LABELLING.md)."""
    words = set(lower)
    return bool(words & lexicon.THANKS_WORDS) and words <= lexicon.THANKS_VOCABULARY


def asks_for_other_ones(lower: list[str], joined: str) -> bool:
    """Another one than what was offered: "another therapist", "other kinds of doctor", "any alternatives"."""
    if set(lower) & lexicon.OTHER_ALONE or has_phrase(joined, lexicon.DIFFERENT_ONE):
        return True
    for at, word in enumerate(lower):
        if word in lexicon.OTHER_WORDS:
            ahead = lower[at + 1:at + 4]  # "other kinds of therapist", "another good dentist"
            if any(w in lexicon.PROVIDER_WORDS or w in lexicon.OTHER_ONES for w in ahead):
                return True
            # "Can you give me another salon?", "is there another choice?": any thing but a booking, a time, a
            # question... asked for ("more" only as above; "do they have other services?" asks about this one).
            if word != "more" and ahead and ahead[0] not in lexicon.NOT_OTHER_ONES \
                    and not _VALUE_WORD.match(ahead[0]) and set(lower) & lexicon.ASKING_FOR_ONE:
                return True
    # "Do you have anything else?", "anything else around?"; not "is there anything else you need from me?".
    return _ANYTHING_ELSE.search(joined) is not None and not has_phrase(joined, ("need anything else",
                                                                                 "want anything else"))


def intent_of(lower: list[str], joined: str, heard: Understanding, emergency: bool, stop: bool) -> Intent:
    """The turn's intent (SPEC 2.2), in order of what must win: an emergency, a person, a cancellation, a stop..."""
    words = set(lower)
    if not lower:
        return "unknown"
    if emergency:
        return "human"
    # "see someone about my knee" is a visit, "find someone else" another provider, "somebody in Gilroy" with
    # a gynecologist a provider too, "find someone in Santa Rosa" one to be seen: none asks for a member of staff.
    if words & lexicon.HUMAN_WORDS and (words & lexicon.HUMAN_VERBS or len(lower) <= 3) \
            and not has_phrase(joined, ("see someone", "see somebody", *lexicon.ALTERNATIVE_PHRASES)) \
            and not words & (lexicon.PROVIDER_WORDS | lexicon.FINDING_WORDS) \
            and not has_phrase(joined, lexicon.SOMEONE_SOMEWHERE):
        return "human"
    if words & lexicon.CANCEL_WORDS and not has_phrase(joined, ("cancel that",)):
        return "cancel"
    if stop:
        return "unknown" if thanks_alone(lower) else "no"  # thanks on the way out: the call ends all the same
    unsaid = _phrases_pattern(lexicon.NOT_A_NO).sub(" ", joined)  # "okay, no problem" is no "no"
    if set(unsaid.split()) & lexicon.NO_WORDS or has_phrase(unsaid, lexicon.NO_PHRASES):
        return "no"
    values = heard.days or heard.times
    if values and has_phrase(joined, lexicon.REVISION_PHRASES):
        return "no"
    if has_phrase(joined, lexicon.CHANGE_OF_MIND) or has_phrase(joined, lexicon.OTHER_PROVIDER) \
            or asks_for_other_ones(lower, joined) or has_phrase(joined, lexicon.CHANGE_REQUESTS) \
            or has_phrase(joined, lexicon.BUT_AFTER_THANKS) or joined in ("i do not", "i don't", "i cannot", "i can't"):
        return "no"
    yes_at = yes_said_at(lower, joined)
    if yes_at is None and not values and has_phrase(joined, lexicon.YES_WITHOUT_VALUES):
        yes_at = 0
    before_yes = joined[:yes_at].split() if yes_at is not None else []
    # One asked about only wonders: "see if that works", "whether that is fine".
    wonders = before_yes[-1:] in (["if"], ["whether"])
    # ... and one after a thing wanted names it: "a psychologist would be fine", "anything in Napa would be fine".
    names_a_want = before_yes[:1] in (["a"], ["an"], ["anything"], ["something"], ["somewhere"], ["any"])
    if yes_at is not None and not wonders and not names_a_want and not has_phrase(joined, ("not sure",)):
        # A value said before the yes only proposes it: "March 10th sounds right", "3 pm sounds like a good time".
        if values and _VALUE_WORD.search(joined[:yes_at]):
            return "book" if heard.booking_verb else "inform"
        return "yes"
    if has_phrase(joined, lexicon.ALTERNATIVE_PHRASES) and not heard.booking_words:
        return "no"
    # "How about an appointment on Saturday?", "The appointment is for the 11th": values proposed, no request.
    if values and has_phrase(joined, lexicon.PROPOSALS) and not heard.booking_verb:
        return "inform"
    # "I'm free on the 9th" tells when the caller can come; "is the 9th free?" asks for a slot.
    callers_own = lexicon.CALLER_FREE if has_phrase(joined, lexicon.CALLER_IS) else set()
    requested = words & lexicon.REQUEST_WORDS - callers_own
    requested |= words & {"open"} - ({"open"} if "you" in words else set())  # "is 2:45 open?", not "are you open?"
    asks_for_a_slot = values and (requested or has_phrase(joined, lexicon.SLOT_QUESTIONS))
    # "I'd like to visit the salon on the 7th", "I want to come in at 4:30": when, not a request (LABELLING.md).
    if values and has_phrase(joined, lexicon.VISIT_PHRASES) and not heard.booking_words and not asks_for_a_slot \
            and not words & lexicon.PROVIDER_WORDS:  # "I'd like to visit a doctor on Sunday" asks to see one
        return "inform"
    if heard.booking_words or heard.reschedule or has_phrase(joined, lexicon.BOOK_PHRASES) or asks_for_a_slot:
        return "book"
    seeks_a_provider = words & lexicon.PROVIDER_WORDS and words & lexicon.SEEKING_WORDS
    if seeks_a_provider and has_phrase(joined, lexicon.LOCATED_IN):
        return "book"
    if asks_the_hours(words, joined) or asks_where(joined):
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
    if stop and heard.intent in ("no", "unknown"):  # "unknown": thanks alone on the way out
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
    if asks_where(joined) or _names_a_place(original, words, heard):
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
