"""The intent of a Korean turn (SPEC 2.2): named rules in the order of what must win, as in English.

An emergency before anything; a question about the line, then a person asked for, before a cancellation; a
stop before a no; a no before a pause; a pause ("네, 잠깐만요") before a yes; a yes with second thoughts
("네, 근데...") is none; a yes before a booking request; a request before a question; a value alone last.
"""

from __future__ import annotations

from typing import cast

import voicekit.nlu.ko.lexicon as lexicon
from voicekit.nlu.ko.judgements import (
    KoTurn,
    about_the_line,
    asks_for_a_person,
    asks_the_hours,
    asks_where,
    cancels,
    has,
    has_second_thoughts,
    holds,
    pardon,
    says_no,
    thanks_alone,
    yes_at,
)
from voicekit.nlu.rules import Rule, Turn, once
from voicekit.nlu.types import Intent

_SLOT_QUESTIONS = ("있어요", "있나요", "있을까요", "있습니까", "되나요", "될까요", "돼요?", "되요?", "가능", "비어", "비었", "빈시간",
                   "남았", "남아", "괜찮나요", "어때요", "어떠세요", "어떨까요")


def _ko(turn: Turn) -> KoTurn:
    return cast(KoTurn, turn)


@once
def _agreed_at(turn: Turn) -> int | None:
    """Where the caller agrees, unless only to ask again ("네?") or with second thoughts ("네, 근데...")."""
    t = _ko(turn)
    if pardon(t.text):
        return None
    at = yes_at(t)
    return None if at is None or has_second_thoughts(t, at) else at


def _proposes_a_value(turn: Turn) -> bool:
    """A value said before the yes only proposes it: "3시 괜찮아요", "내일 좋아요"."""
    at = _agreed_at(turn)
    return at is not None and at > 0 and bool(turn.values or turn.heard.dates)


def _asks_for_a_slot(turn: Turn) -> bool:
    """A value with a question of what is open: "내일 3시 가능해요?", "화요일에 자리 있어요?"."""
    t = _ko(turn)
    return bool(t.values or t.heard.dates) and has(t.compact, _SLOT_QUESTIONS)


def _unsure(turn: Turn) -> bool:
    """"글쎄요", "아마도요", "잘 모르겠어요": neither yes nor no."""
    return has(_ko(turn).compact, lexicon.UNSURE)


def _gives_a_value(turn: Turn) -> bool:
    heard = turn.heard
    return bool(heard.day or heard.time or heard.name or heard.days or heard.times or heard.relative_day or heard.dates
                or heard.extension or heard.month or heard.wish or heard.pick)


INTENT_RULES: tuple[Rule[Intent], ...] = (
    Rule("nothing_said", lambda t: not _ko(t).compact, "unknown"),
    Rule("emergency", lambda t: t.emergency, "human"),
    # "사람이에요?" asks what answers the line (SPEC 2.2's "hours": a question about the clinic itself).
    Rule("asks_about_the_line", lambda t: about_the_line(_ko(t).compact) is not None, "hours"),
    Rule("asks_for_a_person", lambda t: asks_for_a_person(_ko(t).compact), "human"),
    Rule("cancels", lambda t: cancels(_ko(t).compact), "cancel"),
    Rule("thanks_on_the_way_out", lambda t: t.stop and thanks_alone(_ko(t).compact), "unknown"),
    Rule("ends_the_call", lambda t: t.stop, "no"),
    Rule("a_no", lambda t: says_no(_ko(t)), "no"),
    Rule("asks_for_a_change",
         lambda t: has(_ko(t).compact, lexicon.CHANGE_REQUESTS) and not t.heard.reschedule, "no"),
    Rule("asks_to_hold", lambda t: holds(_ko(t).compact) and not (t.values or t.heard.booking_words), "unknown"),
    Rule("asks_again", lambda t: pardon(_ko(t).text), "unknown"),
    Rule("is_unsure", _unsure, "unknown"),
    Rule("proposes_a_value_to_book", lambda t: _proposes_a_value(t) and t.heard.booking_verb, "book"),
    Rule("proposes_a_value", _proposes_a_value, "inform"),
    Rule("agrees", lambda t: _agreed_at(t) is not None, "yes"),
    Rule("uses_a_booking_word", lambda t: t.heard.booking_words, "book"),
    Rule("moves_an_appointment", lambda t: t.heard.reschedule, "book"),
    Rule("asks_to_be_seen", lambda t: has(_ko(t).compact, lexicon.BOOK_PHRASES), "book"),
    Rule("asks_for_a_slot", _asks_for_a_slot, "book"),
    Rule("asks_the_hours", lambda t: asks_the_hours(_ko(t).compact), "hours"),
    Rule("asks_where", lambda t: asks_where(_ko(t).compact), "hours"),
    Rule("gives_a_value", _gives_a_value, "inform"),
    Rule("not_understood", lambda t: True, "unknown"),
)
