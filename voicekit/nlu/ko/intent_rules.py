"""The intent of a Korean turn (SPEC 2.2): named rules in the order of what must win.

The order of the Korean labelling (``evals/korean/LABELLING.md``), close to the English one: a person asked
for, a cancellation, a move and a booking request before a question about the clinic, then a no, then a yes.
A stop, a pause, an emergency or a medical question decide the act, not the intent: alone they are "unknown"
(with a no word, "no": "아니요, 됐어요"). A yes followed by a but or a pause ("네, 근데...", "네, 잠깐만요") is still
a yes, and the consent gate (not this parser) keeps it from booking; a yes that changes a value ("네, 4시로요")
is a correction, a "no".
"""

from __future__ import annotations

from typing import cast

import voicekit.nlu.ko.lexicon as lexicon
from voicekit.nlu.ko.judgements import (
    KoTurn,
    a_yes_lead,
    about_the_line,
    asks_for_a_person,
    asks_the_hours,
    asks_where,
    cancels,
    has,
    holds,
    pardon,
    says_no,
    thanks_alone,
    yes_at,
)
from voicekit.nlu.rules import Rule, Turn, once
from voicekit.nlu.types import Intent

_SLOT_QUESTIONS = ("있어요", "있나요", "있을까요", "있습니까", "되나요", "될까요", "돼요", "되요", "됩니까", "가능", "비어", "비었",
                   "빈시간", "남았", "남아", "자리")
_ASKED_SLOT = ("괜찮나요", "괜찮아요", "괜찮을까요", "어때요", "어떠세요", "어떨까요", "좋아요", "되죠")
_CHANGED_TO = ("로요", "으로요", "로해", "으로해", "로바꿔", "으로바꿔", "로부탁", "으로부탁", "로할게", "으로할게", "로변경", "으로변경")


def _ko(turn: Turn) -> KoTurn:
    return cast(KoTurn, turn)


@once
def _agreed_at(turn: Turn) -> int | None:
    """Where the caller agrees, unless only to ask again ("네?", "맞죠?")."""
    t = _ko(turn)
    if pardon(t.text) or (t.asked and not t.said_values and len(t.words) <= 2):
        return None
    return yes_at(t)


def _asks_for_a_slot(turn: Turn) -> bool:
    """A value with a question of what is open: "내일 3시 가능해요?", "화요일 돼요?", "15일 괜찮아요?"."""
    t = _ko(turn)
    if not (t.values or t.heard.dates or t.heard.relative_day):
        return False
    return has(t.compact, _SLOT_QUESTIONS) or (t.asked and has(t.compact, _ASKED_SLOT))


def _changes_a_value(turn: Turn) -> bool:
    """A yes that changes a value ("네, 4시로요", "네 근데 이름이 박서윤이에요"): a correction."""
    t = _ko(turn)
    if _agreed_at(turn) != 0 or not t.said_values:
        return False
    return has(t.compact, _CHANGED_TO) or has(t.compact, lexicon.SECOND_THOUGHTS)


def _yes_to_a_request(turn: Turn) -> bool:
    """"네 취소해 주세요", "예약해 주세요", "네 바꿔 주세요": the whole turn is a yes to the request read back."""
    t = _ko(turn)
    if _agreed_at(turn) != 0 or t.said_values or says_no(t):
        return False
    rest = t.compact.removeprefix(t.lead.lower()) if a_yes_lead(t) else t.compact
    requests = (*lexicon.BOOK_WORDS, *lexicon.CANCEL_WORDS, *lexicon.MOVE_WORDS)
    return rest in lexicon.WHOLE_YES_REQUESTS or not has(rest, requests)


def _moves_without_a_value(turn: Turn) -> bool:
    """"예약 변경하고 싶어요", "시간만 좀 당길 수 있어요?": a move with no new value (LABELLING.md: a "no")."""
    heard = turn.heard
    return heard.reschedule and not (heard.days or heard.times or heard.dates or heard.relative_day) \
        and not a_yes_lead(_ko(turn))


def _unsure(turn: Turn) -> bool:
    """"글쎄요", "아마도요", "잘 모르겠어요", "다시 생각해 볼게요": neither yes nor no."""
    return has(_ko(turn).compact, lexicon.UNSURE) and not a_yes_lead(_ko(turn))


def _gives_a_value(turn: Turn) -> bool:
    heard = turn.heard
    return bool(heard.day or heard.time or heard.name or heard.days or heard.times or heard.relative_day or heard.dates
                or heard.extension or heard.month or heard.wish or heard.pick)


def _question(turn: Turn) -> bool:
    return turn.asked


INTENT_RULES: tuple[Rule[Intent], ...] = (
    Rule("nothing_said", lambda t: not _ko(t).compact, "unknown"),
    # An emergency is its act; the turn asks nothing else of the line unless it books ("가슴이 아파서 예약하려고요").
    Rule("emergency", lambda t: t.emergency and not t.heard.booking_words and not a_yes_lead(_ko(t)), "unknown"),
    # "사람이에요?", "로봇이에요?": a question about the line (SPEC 2.2's "hours": about the clinic itself).
    Rule("asks_about_the_line", lambda t: about_the_line(_ko(t).compact) is not None, "hours"),
    Rule("asks_for_a_person", lambda t: asks_for_a_person(_ko(t).compact), "human"),
    Rule("thanks_on_the_way_out", lambda t: t.stop and thanks_alone(_ko(t).compact), "unknown"),
    Rule("ends_the_call_with_a_no", lambda t: t.stop and says_no(_ko(t)), "no"),
    Rule("ends_the_call", lambda t: t.stop, "unknown"),
    Rule("yes_to_a_request_read_back", _yes_to_a_request, "yes"),
    Rule("moves_without_a_value", _moves_without_a_value, "no"),
    Rule("cancels", lambda t: cancels(_ko(t).compact) and not t.heard.reschedule, "cancel"),
    Rule("asks_the_hours_first", lambda t: _question(t) and asks_the_hours(_ko(t).compact), "hours"),
    Rule("asks_where_first", lambda t: _question(t) and asks_where(_ko(t).compact), "hours"),
    Rule("a_no", lambda t: says_no(_ko(t)), "no"),
    Rule("changes_a_value", _changes_a_value, "no"),
    Rule("asks_for_a_change",
         lambda t: has(_ko(t).compact, lexicon.CHANGE_REQUESTS) and not t.heard.reschedule and _agreed_at(t) != 0, "no"),
    Rule("asks_to_hold", lambda t: holds(_ko(t).compact) and not _ko(t).said_values and not a_yes_lead(_ko(t)),
         "unknown"),
    Rule("asks_again", lambda t: pardon(_ko(t).text), "unknown"),
    Rule("is_unsure", _unsure, "unknown"),
    Rule("asks_if_a_value_is_open", lambda t: t.asked and _asks_for_a_slot(t), "book"),
    Rule("agrees_to_book", lambda t: _agreed_at(t) is not None and t.heard.booking_verb and _ko(t).said_values, "book"),
    Rule("agrees", lambda t: _agreed_at(t) is not None, "yes"),
    Rule("uses_a_booking_word", lambda t: t.heard.booking_words, "book"),
    Rule("moves_an_appointment", lambda t: t.heard.reschedule, "book"),
    Rule("asks_to_be_seen", lambda t: has(_ko(t).compact, lexicon.BOOK_PHRASES), "book"),
    Rule("asks_for_a_slot", _asks_for_a_slot, "book"),
    Rule("asks_the_hours", lambda t: asks_the_hours(_ko(t).compact) and not _ko(t).said_values, "hours"),
    Rule("asks_where", lambda t: asks_where(_ko(t).compact), "hours"),
    Rule("gives_a_value", _gives_a_value, "inform"),
    Rule("says_any_will_do", lambda t: has(_ko(t).compact, lexicon.FLEXIBLE), "inform"),
    Rule("not_understood", lambda t: True, "unknown"),
)
