"""The caller's name said without a lead ("Alexis", "uh Priya"): where the agent takes one, and where not.

The parser finds names with a lead ("my name is", "this is", "I'm") in any state. A name said alone is the
turn's whole shape: one to three name-shaped words and nothing else. At the name question that is the answer
(and, as the lab says, the last word after a few words of lead-in: "it's Sam", "uh Priya"); at another
question it is a name only when the turn is nothing else (no value, no request, no act), so "Alexis" while
the day is asked is kept rather than "Sorry, I didn't catch that". A clause ("Cough and runny nose", "for two
days now") has no name in it, whatever its last word. The doctor's surname again ("Johnson" after "with
Dr. Johnson") is the doctor, not the caller.
"""

from __future__ import annotations

from dataclasses import replace

from dialog.language import hearing
from dialog.state import CallState
from voicekit.lexicon import FILLERS, NOT_NAMES, PROVIDER_WORDS, YES_WORDS
from voicekit.names import capitalise_name
from voicekit.nlu import Understanding

# The words a caller may say before their name at the name question: greetings, fillers, a yes and an introduction.
LEAD_IN = (FILLERS - {"like"}) | YES_WORDS | {
    "hi", "hello", "hey", "it's", "it", "is", "this", "i'm", "i", "am", "its", "my", "name", "name's", "names", "call",
    "me", "just", "yes", "please", "and"}
# Where a name said alone may be taken besides the name question: the opening and the day question. At the time
# question one word is a time's ("Anytime", "Later", "Mornings"); at CONFIRM a bare word is neither yes nor no
# (the gate's re-ask stays); a callback's phone question wants a number.
OPEN_QUESTIONS = ("LISTEN", "ASK_DAY")


def name_said_alone(text: str, heard: Understanding, state: CallState) -> tuple[str | None, Understanding]:
    """The name the caller said without a lead (None if none) and the turn as heard with it."""
    if heard.name is not None or state.asking == "phone" or not _may_be_a_name(text, heard):
        return None, heard
    provider = heard.provider or state.provider
    alone = hearing.bare_name_of(text)
    if state.dialog_state != "ASK_NAME" and alone is not None and provider is not None \
            and _is_the_provider(alone, provider):
        # "Johnson" after "Dr. Johnson"; asked for their own name, a caller named Lee who wants Dr. Lee is Lee.
        return None, replace(heard, provider=provider, intent="inform")
    if state.dialog_state == "ASK_NAME":
        if alone is not None:  # "Monday Smith" at the name question is a name, then no day
            return alone, replace(heard, day=None, days=[], relative_day=None, time=None, times=[], ambiguous=None,
                                  intent="inform")
        return hearing.name_after_lead_in(text, heard), heard  # the call's language's rule
    # Unasked, one word written as a name ("Alexis"): "San Jose.", "Redwood City", "Psychologist." are no caller.
    # Never over a name already given, and not where a time is asked ("Anytime", "Whenever", "Later").
    if state.dialog_state in OPEN_QUESTIONS and state.name is None and alone is not None and " " not in alone \
            and _nothing_else(heard) and _written_as_a_name(text) and alone.casefold() not in PROVIDER_WORDS:
        return alone, replace(heard, intent="inform")
    return None, heard


def name_after_lead_in(text: str, heard: Understanding) -> str | None:
    """ASK_NAME: the last word, when every word before it is lead-in ("it's Sam", "uh Priya"), not a clause."""
    if heard.day or heard.time or heard.days or heard.times or heard.intent not in ("unknown", "inform"):
        return None
    words = [w.strip(".,!?;:\"()") for w in text.split()]
    words = [w for w in words if w]
    if not words or any(w.lower() not in LEAD_IN for w in words[:-1]):
        return None
    last = words[-1]
    if last.lower() in NOT_NAMES or not last[0].isalpha() or not all(c.isalpha() or c in "'-" for c in last):
        return None
    return capitalise_name(last)


def _may_be_a_name(text: str, heard: Understanding) -> bool:
    """A question ("Is it unisex?"), a request for a person or an act ("never mind") is answered, not a name."""
    return "?" not in text and heard.act is None and heard.intent not in ("human", "hours") and not heard.callback


def _nothing_else(heard: Understanding) -> bool:
    """The turn gave nothing but words: no value, no request, no act (so a name said alone is all it is)."""
    return heard.intent == "unknown" and heard.act is None and not (
        heard.day or heard.time or heard.days or heard.times or heard.relative_day or heard.date or heard.pick
        or heard.callback or heard.sensitive or heard.wish or heard.reason)


def _written_as_a_name(text: str) -> bool:
    """Capitalised as a transcript writes a name ("Alexis", "ALEXIS", "Dana Lee"), so not "purple monkey".

    Unasked, a wrong name costs more than a re-ask: words in lower case, or several in capitals, are not taken.
    """
    words = [w for w in text.replace("-", " ").split() if w[:1].isalpha()]
    return all(w[:1].isupper() for w in words) and (len(words) == 1 or not all(w.isupper() for w in words))


def _is_the_provider(alone: str, provider: str) -> bool:
    names = provider.casefold().split()[1:]  # after the title
    return alone.casefold() in (" ".join(names), names[-1] if names else "")


def surname_added(text: str, heard: Understanding, known: str | None) -> str | None:
    """The whole name, when a bare name said after one repeats it with more ("Rob", then "Rob Robertson")."""
    said = heard.name or hearing.bare_name_of(text)
    if known and said and said.casefold().startswith(known.casefold() + " "):
        return said
    return None


def names_to_ask_about(text: str, heard: Understanding, spoken: str | None, known: str | None) -> list[str]:
    """[the name given, the new one] when the new one only lengthens or shortens it: asked about, never swapped.

    "Rob", then "Robertson" (or "Robertson", then "Rob") may be a slip or the whole name: the caller says which.
    A surname added ("Rob", then "Rob Robertson") is the whole name, taken as said; another name is a correction.
    """
    said = heard.name or spoken or hearing.bare_name_of(text)
    if not known or not said or said.casefold() == known.casefold():
        return []
    shorter, longer = sorted((known, said), key=len)
    if longer.casefold().startswith(shorter.casefold() + " ") or not longer.casefold().startswith(shorter.casefold()):
        return []
    return [known, said]
