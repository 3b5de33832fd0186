"""What a turn says, beyond its words: an acceptance, a stop, a question about the hours or the place, a search.

The judgements the intent and act rules (``voicekit.nlu.intent_rules``, ``act_rules``) are made of, each
given the words ``voicekit.nlu.analysis`` found and, where it needs them, the values already heard.
"""

from __future__ import annotations

import re

import voicekit.nlu.lexicon as lexicon
from voicekit.nlu.phrases import first_phrase_at, has_phrase, phrases_pattern
from voicekit.nlu.types import Understanding

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
    rf"|{_SUBJECT} (?:works|suits)|thats\s+{_GOOD_ONE})(?![\w'])"
    r"(?!\s+(?:of you|if|for you to|to|it|out|outside)\b)"  # not a wish, nor "it's lovely out today" (a remark)
    r"|(?<![\w'])that(?:'s| is) it(?![\w'])(?!\s+(?:for|thank|thanks)\b)"
    r"|(?<![\w'])(?<!i'm )(?<!i am )all good(?![\w'])")  # "all good", not "I'm all good" (done with the call)
# A word that gives a day or time: said before a yes, the turn proposes the value ("March 10th sounds right").
_VALUE_WORDS = (*lexicon.DAY_FORMS, *lexicon.MONTH_WORDS, *lexicon.PARTS_OF_DAY, *lexicon.NUMBER_NAMES, "today",
                "tomorrow", "tonight", "noon", "midday", "am", "pm", "half", "quarter")
VALUE_WORD = re.compile(r"\d|(?<![\w'])(?:" + "|".join(_VALUE_WORDS) + r")(?![\w'])")
_CALLERS_OWN = re.compile(r"(?<![\w'])(?:(?:my|our)\s+(?:\w+\s+){0,2}?(?:number|address|details|info)"
                          r"|(?:the|this) number (?:i'm|i am|i'm calling|i am calling)\b[\w ]*)(?![\w'])")
_ANYTHING_ELSE = re.compile(r"(?<![\w'])anything else(?! (?:you|i|from|to|we)\b)")
# The caller asks where the provider is or how to reach them: "what is his address?", "her number?", "what street
# are they on?", "where is she?".
_ASKS_WHERE = re.compile(
    r"(?<![\w'])(?:(?:his|her|their|there|its|the|your|that|this|office's|therapist's|doctor's|dentist's)\s+"
    r"(?:\w+\s+)?(?:address|number(?!\s+(?:\d|one|two|three|four|five|six|seven|eight|nine)\b)|phone|telephone"
    r"|location|street|contacts?)|what street|which street"
    r"|where (?:is|are|'s) (?:she|he|they|it|that|the \w+)|where's (?:she|he|it|that|the \w+)"
    r"|(?<!my )(?:address|location)|(?:where|which|what) (?:\w+ ){0,4}located)(?![\w'])")


def asks_where(joined: str) -> bool:
    """A question about where the provider (or the clinic) is or how to reach them.

    The caller's own ("my phone number is ...", "my address") is an answer, not a question.
    """
    joined = _CALLERS_OWN.sub(" ", joined)
    return has_phrase(joined, lexicon.ADDRESS_PHRASES) or _ASKS_WHERE.search(joined) is not None


_IS_THIS = re.compile(r"^(?:hi|hello|hey|yes|um|uh|oh|sorry|so)?[ ,]*(?:is this|is that|am i through to|have i "
                      r"reached|have i got|is it) ([a-z'&.\- ]+?)\??$")


def asks_about_the_line(joined: str, original: list[str]) -> str | None:
    """A question about the line itself, "clinic_name" or "automated", or None.

    "What's the name of the clinic?", "is this Riverside Family Medicine?": the clinic's name. "Are you a
    robot?", "is this a recording?", "who am I speaking with?": whether a person answers (it is an automated line).
    """
    if has_phrase(joined, lexicon.AUTOMATED_PHRASES):
        return "automated"
    if has_phrase(joined, lexicon.CLINIC_NAME_PHRASES):
        return "clinic_name"
    named = _IS_THIS.match(joined)
    if named is None:
        return None
    words = named.group(1).split()
    # "Is this Riverside Family Medicine?": a name said with capitals, or a clinic word; not "is this open?",
    # "is it Thursday?" nor "is that Dr. Lee?"
    if lexicon.PLACE_WORDS & set(words):
        return "clinic_name"
    if not words or words[0] in lexicon.NOT_A_CLINIC or VALUE_WORD.match(words[0]):
        return None
    capitalised = [w for w in original if w.lower() == words[0]]
    return "clinic_name" if any(w[:1].isupper() for w in capitalised) else None


def yes_said_at(lower: list[str], joined: str) -> int | None:
    """Where in ``joined`` the turn first agrees: a leading yes word, a yes phrase or an acceptance; else None.

    "Good morning" greets: its "good" is no yes.
    """
    leading = _leading(lower)
    greets = leading == "good" and lower[lower.index("good") + 1:lower.index("good") + 2] in (
        ["morning"], ["afternoon"], ["evening"], ["day"], ["night"])
    return 0 if leading in lexicon.YES_WORDS and not greets else _agreed_at(joined)


def _agreed_at(joined: str) -> int | None:
    """Where a yes phrase or an acceptance ("that should work") first starts in ``joined``, or None."""
    found = [m.start() for m in (phrases_pattern(lexicon.YES_PHRASES).search(joined), _ACCEPTANCE.search(joined))
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
    hard = phrases_pattern(lexicon.STOP_PHRASES).findall(joined)
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
                    and not VALUE_WORD.match(ahead[0]) and set(lower) & lexicon.ASKING_FOR_ONE:
                return True
    # "Do you have anything else?", "anything else around?"; not "is there anything else you need from me?".
    return _ANYTHING_ELSE.search(joined) is not None and not has_phrase(joined, ("need anything else",
                                                                                 "want anything else"))


def names_a_place(original: list[str], words: set[str], heard: Understanding) -> bool:
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
