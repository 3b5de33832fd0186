"""What a turn does beside its intent (``Understanding.act``): named rules, the first that holds decides.

An emergency before anything; the end of the call before a request to repeat; a question the line
answers (where, the hours, what it offers) after the acts that change the call's course.
"""

from __future__ import annotations

import voicekit.nlu.lexicon as lexicon
from voicekit.nlu.intent_rules import about_the_line
from voicekit.nlu.judgements import asks_the_hours, asks_where, names_a_place
from voicekit.nlu.phrases import has_phrase
from voicekit.nlu.rules import Rule, Turn
from voicekit.nlu.types import Act


def _asks_to_hear_it_again(turn: Turn) -> bool:
    lower, words = turn.lower, turn.words
    return (has_phrase(turn.joined, lexicon.REPEAT_PHRASES) or lower == ["repeat"]
            or (len(lower) <= 2 and words <= lexicon.REPEAT_ALONE | {"i", "said"}))


def _makes_small_talk(turn: Turn) -> bool:
    heard = turn.heard
    if heard.intent != "unknown" or heard.name or heard.days or heard.times or heard.relative_day or heard.callback:
        return False
    if turn.words & lexicon.ASKING_WORDS or has_phrase(turn.joined, lexicon.ASKING_PHRASES):
        return False
    if has_phrase(turn.joined, lexicon.REMARK_PHRASES):  # "how are you?" asks nothing of the line
        return True
    questioned = turn.asked or turn.lower[0] in lexicon.QUESTION_STARTS  # "which one is best?" wants an answer
    return not questioned and bool(turn.words & lexicon.PRAISE_WORDS)


ACT_RULES: tuple[Rule[Act | None], ...] = (
    Rule("nothing_said", lambda t: not t.lower, None),
    Rule("emergency", lambda t: t.emergency, "emergency"),
    Rule("ends_the_call", lambda t: t.stop and t.heard.intent in ("no", "unknown"), "stop"),  # unknown: thanks alone
    Rule("asks_to_hear_it_again", _asks_to_hear_it_again, "repeat"),
    # "Hello?" alone: the caller checks the line is alive.
    Rule("checks_the_line", lambda t: t.words <= lexicon.GREETING_WORDS and bool(t.words & lexicon.GREETINGS),
         "repeat"),
    Rule("asks_to_hold", lambda t: has_phrase(t.joined, lexicon.HOLD_PHRASES) and t.heard.intent == "unknown", "hold"),
    # "What's the name of the clinic?", "are you a robot?": answered at any question, then the question again;
    # before a medical question: "is this Riverside Family Medicine?" asks for no advice.
    Rule("asks_if_automated", lambda t: about_the_line(t) == "automated", "automated"),
    Rule("asks_the_clinics_name", lambda t: about_the_line(t) == "clinic_name", "clinic_name"),
    Rule("asks_a_medical_question",
         lambda t: bool(t.words & lexicon.MEDICAL_WORDS) or has_phrase(t.joined, lexicon.MEDICAL_PHRASES), "medical"),
    Rule("asks_where", lambda t: asks_where(t.joined), "address"),
    Rule("names_a_place", lambda t: names_a_place(t.original, t.words, t.heard), "address"),
    Rule("asks_the_hours_after_a_yes",  # "okay, what time do you close?"
         lambda t: t.heard.intent == "yes" and asks_the_hours(t.words, t.joined), "hours"),
    Rule("asks_about_services",
         lambda t: bool(t.words & lexicon.SERVICE_WORDS) and (t.asked or t.lower[0] in lexicon.QUESTION_STARTS),
         "services"),
    # Only thanks: nothing else in the turn was understood.
    Rule("only_thanks",
         lambda t: t.heard.intent == "unknown" and bool(t.words & lexicon.THANKS_WORDS) and not t.heard.name,
         "thanks"),
    # Praise or a remark that asks for nothing ("Dr. Lee is wonderful", "I better go get a mask!").
    Rule("makes_small_talk", _makes_small_talk, "small_talk"),
    Rule("no_act", lambda t: True, None),
)
