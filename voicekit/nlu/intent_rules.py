"""The intent of a turn (SPEC 2.2): named rules in the order of what must win.

An emergency before anything; a person asked for before a cancellation; a stop before a no; a no (or a
turning down) before a yes; a yes before a booking request; a request before a question; a value alone last.
"""

from __future__ import annotations

import voicekit.nlu.lexicon as lexicon
from voicekit.nlu.judgements import (
    VALUE_WORD,
    asks_about_the_line,
    asks_for_other_ones,
    asks_the_hours,
    asks_where,
    thanks_alone,
    yes_said_at,
)
from voicekit.nlu.phrases import has_phrase, phrases_pattern
from voicekit.nlu.rules import Rule, Turn, once
from voicekit.nlu.types import Intent


@once
def about_the_line(turn: Turn) -> str | None:
    """"clinic_name" or "automated" for a question about the line itself (``judgements.asks_about_the_line``)."""
    return asks_about_the_line(turn.joined, turn.original)


def _asks_for_a_person(turn: Turn) -> bool:
    # "see someone about my knee" is a visit, "find someone else" another provider, "somebody in Gilroy" with
    # a gynecologist a provider too, "find someone in Santa Rosa" one to be seen: none asks for a member of staff.
    words, joined = turn.words, turn.joined
    return bool(words & lexicon.HUMAN_WORDS and (words & lexicon.HUMAN_VERBS or len(turn.lower) <= 3)
                and not has_phrase(joined, ("see someone", "see somebody", *lexicon.ALTERNATIVE_PHRASES))
                and not words & (lexicon.PROVIDER_WORDS | lexicon.FINDING_WORDS)
                and not has_phrase(joined, lexicon.SOMEONE_SOMEWHERE))


@once
def _unsaid(turn: Turn) -> str:
    """The turn without the "no" that is no refusal ("okay, no problem")."""
    return phrases_pattern(lexicon.NOT_A_NO).sub(" ", turn.joined)


@once
def _agreed_at(turn: Turn) -> int | None:
    """Where the caller agrees, when it is an agreement: not one only wondered about nor a thing wanted."""
    yes_at = yes_said_at(turn.lower, turn.joined)
    if yes_at is None and not turn.values and has_phrase(turn.joined, lexicon.YES_WITHOUT_VALUES):
        yes_at = 0
    if yes_at is None:
        return None
    before_yes = turn.joined[:yes_at].split()
    # One asked about only wonders: "see if that works", "whether that is fine".
    wonders = before_yes[-1:] in (["if"], ["whether"])
    # ... and one after a thing wanted names it: "a psychologist would be fine", "anything in Napa would be fine".
    names_a_want = before_yes[:1] in (["a"], ["an"], ["anything"], ["something"], ["somewhere"], ["any"])
    return None if wonders or names_a_want or has_phrase(turn.joined, ("not sure",)) else yes_at


def _leaves_it(turn: Turn) -> bool:
    """"Oh, leave it", "just leave it then": turns down what was asked; "leave it at 10" or "leave it?" do not."""
    if turn.asked or "leave" not in turn.words:
        return False
    at = next((i for i in range(len(turn.lower) - 1) if turn.lower[i:i + 2] == ["leave", "it"]), None)
    asks_for_it = at is not None and turn.lower[at - 1:at] in (["please"], ["and"])  # "please leave it" leaves it
    return at is not None and not asks_for_it and set(turn.lower[at + 2:]) <= lexicon.LEAVE_IT_ENDINGS


def _proposes_a_value(turn: Turn) -> bool:
    """A value said before the yes only proposes it: "March 10th sounds right", "3 pm sounds like a good time"."""
    yes_at = _agreed_at(turn)
    return yes_at is not None and bool(turn.values) and VALUE_WORD.search(turn.joined[:yes_at]) is not None


@once
def _asks_for_a_slot(turn: Turn) -> bool:
    """A value with a request: "is 2:45 open?", "do you have 4:45?"; "I'm free on the 9th" tells, not asks."""
    words = turn.words
    callers_own = lexicon.CALLER_FREE if has_phrase(turn.joined, lexicon.CALLER_IS) else set()
    requested = words & lexicon.REQUEST_WORDS - callers_own
    requested |= words & {"open"} - ({"open"} if "you" in words else set())  # "is 2:45 open?", not "are you open?"
    return bool(turn.values and (requested or has_phrase(turn.joined, lexicon.SLOT_QUESTIONS)))


def _says_when_they_visit(turn: Turn) -> bool:
    # "I'd like to visit the salon on the 7th", "I want to come in at 4:30": when, not a request (LABELLING.md);
    # "I'd like to visit a doctor on Sunday" asks to see one.
    return bool(turn.values and has_phrase(turn.joined, lexicon.VISIT_PHRASES) and not turn.heard.booking_words
                and not _asks_for_a_slot(turn) and not turn.words & lexicon.PROVIDER_WORDS)


@once
def _seeks_a_provider(turn: Turn) -> bool:
    return bool(turn.words & lexicon.PROVIDER_WORDS and turn.words & lexicon.SEEKING_WORDS)


def _gives_a_value(turn: Turn) -> bool:
    heard = turn.heard
    return bool(heard.day or heard.time or heard.name or heard.days or heard.times or heard.relative_day
                or heard.extension or heard.month)


INTENT_RULES: tuple[Rule[Intent], ...] = (
    Rule("nothing_said", lambda t: not t.lower, "unknown"),
    Rule("emergency", lambda t: t.emergency, "human"),
    # "Are you a real person?" asks what answers the line (SPEC 2.2's "hours": a question about the clinic itself);
    # "I want a real person" asks for one.
    Rule("asks_about_the_line", lambda t: about_the_line(t) is not None and not t.words & lexicon.ASKING_FOR_STAFF,
         "hours"),
    Rule("asks_for_a_person", _asks_for_a_person, "human"),
    Rule("cancels", lambda t: bool(t.words & lexicon.CANCEL_WORDS) and not has_phrase(t.joined, ("cancel that",)),
         "cancel"),
    # Thanks on the way out: the call ends all the same (the act is "stop").
    Rule("thanks_on_the_way_out", lambda t: t.stop and thanks_alone(t.lower), "unknown"),
    Rule("ends_the_call", lambda t: t.stop, "no"),
    Rule("a_no_word", lambda t: bool(set(_unsaid(t).split()) & lexicon.NO_WORDS), "no"),
    Rule("a_no_phrase", lambda t: has_phrase(_unsaid(t), lexicon.NO_PHRASES), "no"),
    Rule("revises_a_value", lambda t: bool(t.values) and has_phrase(t.joined, lexicon.REVISION_PHRASES), "no"),
    Rule("changes_their_mind", lambda t: has_phrase(t.joined, lexicon.CHANGE_OF_MIND), "no"),
    Rule("asks_for_another_provider", lambda t: has_phrase(t.joined, lexicon.OTHER_PROVIDER), "no"),
    Rule("asks_for_other_ones", lambda t: asks_for_other_ones(t.lower, t.joined), "no"),
    Rule("asks_for_a_change", lambda t: has_phrase(t.joined, lexicon.CHANGE_REQUESTS), "no"),
    Rule("but_after_thanks", lambda t: has_phrase(t.joined, lexicon.BUT_AFTER_THANKS), "no"),
    Rule("cannot", lambda t: t.joined in ("i do not", "i don't", "i cannot", "i can't"), "no"),
    Rule("leaves_it", _leaves_it, "no"),
    Rule("proposes_a_value_to_book", lambda t: _proposes_a_value(t) and t.heard.booking_verb, "book"),
    Rule("proposes_a_value", _proposes_a_value, "inform"),
    Rule("agrees", lambda t: _agreed_at(t) is not None, "yes"),
    Rule("asks_for_an_alternative",
         lambda t: has_phrase(t.joined, lexicon.ALTERNATIVE_PHRASES) and not t.heard.booking_words, "no"),
    # "How about an appointment on Saturday?", "The appointment is for the 11th": values proposed, no request.
    Rule("proposes_values",
         lambda t: bool(t.values) and has_phrase(t.joined, lexicon.PROPOSALS) and not t.heard.booking_verb, "inform"),
    Rule("says_when_they_visit", _says_when_they_visit, "inform"),
    Rule("uses_a_booking_word", lambda t: t.heard.booking_words, "book"),
    Rule("moves_an_appointment", lambda t: t.heard.reschedule, "book"),
    Rule("asks_to_be_seen", lambda t: has_phrase(t.joined, lexicon.BOOK_PHRASES), "book"),
    Rule("asks_for_a_slot", _asks_for_a_slot, "book"),
    Rule("seeks_a_provider_somewhere", lambda t: _seeks_a_provider(t) and has_phrase(t.joined, lexicon.LOCATED_IN),
         "book"),
    Rule("asks_the_hours", lambda t: asks_the_hours(t.words, t.joined), "hours"),
    Rule("asks_where", lambda t: asks_where(t.joined), "hours"),
    Rule("seeks_a_provider", _seeks_a_provider, "book"),
    Rule("looks_for_one", lambda t: bool(t.words & lexicon.SOUGHT_ONES and t.words & lexicon.FINDING_WORDS), "book"),
    Rule("wants_one_somewhere",
         lambda t: bool(t.words & lexicon.SOUGHT_ONES and t.words & lexicon.WANTING_WORDS
                        and t.words & lexicon.PLACE_CUES), "book"),
    Rule("nothing_more", lambda t: t.lower[0] == "nothing" and not t.values, "no"),  # "Nothing, I appreciate it."
    Rule("gives_a_value", _gives_a_value, "inform"),
    Rule("not_understood", lambda t: True, "unknown"),
)
