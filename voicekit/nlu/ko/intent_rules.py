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
    no_word_said,
    pardon,
    says_no,
    thanks_alone,
    yes_at,
)
from voicekit.nlu.rules import Rule, Turn, once
from voicekit.nlu.types import Intent

_SLOT_QUESTIONS = ("있어요", "있나요", "있을까요", "있습니까", "되나요", "될까요", "돼요", "되요", "됩니까", "가능",
                   "비어", "비었", "빈시간", "남았", "남아", "자리")
_ASKED_SLOT = ("괜찮나요", "괜찮아요", "괜찮을까요", "어때요", "어떠세요", "어떨까요", "좋아요", "되죠", "돼", "되나",
               "될까", "되냐")
_ASKED_WITH_RO = ("로부탁", "으로부탁", "로해주", "으로해주", "로할게", "으로할게", "로요", "으로요")
_CHANGED_TO = ("로요", "으로요", "로해", "으로해", "로바꿔", "으로바꿔", "로부탁", "으로부탁", "로할게", "으로할게",
               "로변경", "으로변경")


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
    return rest in lexicon.WHOLE_YES_REQUESTS or (a_yes_lead(t) and rest in lexicon.AFTER_A_YES)


def _asks_for_a_value(turn: Turn) -> bool:
    """A value asked with "로" ("다음 주 수요일로 부탁드립니다", "세 시로 해 주세요"): it informs, agrees to none."""
    t = _ko(turn)
    return t.said_values and has(t.compact, _ASKED_WITH_RO)


def _names_a_service(turn: Turn) -> bool:
    """"12월 10일 건강검진", "재진인데요 다음 주 수요일 세 시요": a visit named with its day, a booking request."""
    t = _ko(turn)
    return bool(t.values or t.heard.dates) and has(t.compact, lexicon.SERVICES_NAMED) and not t.asked


def _moves_without_a_value(turn: Turn) -> bool:
    """"예약 변경하고 싶어요", "시간만 좀 당길 수 있어요?": a move with no new value (LABELLING.md: a "no")."""
    heard = turn.heard
    return heard.reschedule and not (heard.days or heard.times or heard.dates or heard.relative_day or heard.wish) \
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


def _not_booking(turn: Turn) -> bool:
    """No booking asked for with the question ("다음 주 화요일 예약하고 싶은데 몇 시까지 하세요": a booking first)."""
    return not turn.heard.booking_verb or has(_ko(turn).compact, lexicon.NOT_A_BOOKING)


INTENT_RULES: tuple[Rule[Intent], ...] = (
    Rule("nothing_said", lambda t: not _ko(t).compact, "unknown"),
    # An emergency is its act; the turn asks nothing else of the line unless it books ("가슴이 아파서 예약하려고요").
    Rule("emergency", lambda t: t.emergency and not t.heard.booking_words and not a_yes_lead(_ko(t)), "unknown"),
    # "사람이에요?", "로봇이에요?": a question about the line (SPEC 2.2's "hours": about the clinic itself).
    Rule("asks_about_the_line", lambda t: about_the_line(_ko(t).compact) is not None and not t.heard.booking_verb,
         "hours"),
    Rule("asks_for_a_person", lambda t: asks_for_a_person(_ko(t).compact), "human"),
    Rule("thanks_on_the_way_out", lambda t: t.stop and thanks_alone(_ko(t).compact), "unknown"),
    Rule("ends_the_call_with_a_no", lambda t: t.stop and no_word_said(_ko(t)), "no"),
    Rule("ends_the_call", lambda t: t.stop, "unknown"),
    Rule("yes_to_a_request_read_back", _yes_to_a_request, "yes"),
    Rule("moves_without_a_value", _moves_without_a_value, "no"),
    Rule("cancels", lambda t: cancels(_ko(t).compact) and not t.heard.reschedule, "cancel"),
    # A question about the clinic before a yes or a no ("네 근데 거기 몇 층이에요"), not before a booking request.
    Rule("asks_the_hours_first", lambda t: _question(t) and asks_the_hours(_ko(t).compact) and _not_booking(t),
         "hours"),
    Rule("asks_where_first", lambda t: _question(t) and asks_where(_ko(t).compact), "hours"),
    Rule("asks_about_the_clinics_rules",
         lambda t: _question(t) and has(_ko(t).compact, lexicon.SERVICE_PHRASES) and _not_booking(t), "hours"),
    Rule("a_no", lambda t: says_no(_ko(t)), "no"),
    Rule("changes_a_value", _changes_a_value, "no"),
    Rule("says_a_value_is_wrong", lambda t: bool(t.heard.wrong), "no"),  # "이름이 좀 다른데요 김민서예요"
    # "다음 주 화요일 거 수요일로요": the appointment moved to the value said (LABELLING.md rule 3).
    Rule("moves_to_a_value", lambda t: t.heard.reschedule and (_ko(t).said_values or t.heard.wish is not None), "book"),
    Rule("asks_to_hold", lambda t: holds(_ko(t).compact) and not _ko(t).said_values and yes_at(_ko(t)) is None,
         "unknown"),
    Rule("asks_for_a_change",
         lambda t: has(_ko(t).compact, lexicon.CHANGE_REQUESTS) and not t.heard.reschedule and _agreed_at(t) != 0,
         "no"),
    Rule("asks_again", lambda t: pardon(_ko(t).text), "unknown"),
    Rule("is_unsure", _unsure, "unknown"),
    Rule("asks_if_a_value_is_open", lambda t: t.asked and _asks_for_a_slot(t), "book"),
    # "4시 4시 반 다 괜찮아요", "빠를수록 좋아요": any will do, which agrees to no one value.
    Rule("says_any_will_do", lambda t: has(_ko(t).compact, (*lexicon.FLEXIBLE, *lexicon.BOTH_WORK))
         and not t.heard.booking_verb and not a_yes_lead(_ko(t)), "inform"),
    Rule("asks_for_a_value", _asks_for_a_value, "inform"),
    # "세 시 이후면 좋아요", "오전에요": a wish for the time, which agrees to no one value ("오후에 돼요" asks for one).
    Rule("wishes_for_a_time",
         lambda t: t.heard.wish is not None and not t.heard.time and not _asks_for_a_slot(t)
         and not t.heard.booking_words and not has(_ko(t).compact, lexicon.BOOK_PHRASES), "inform"),
    # "네 안녕하세요 예약 좀 하려고요", "네, 내일 세 시로 예약해 주세요": a request after the yes, not consent to one.
    Rule("agrees_to_book", lambda t: _agreed_at(t) is not None and t.heard.booking_verb
         and (_ko(t).said_values or has(_ko(t).compact, lexicon.REQUEST_FORMS)), "book"),
    # "김민지입니다 잘 부탁드립니다": a name given politely, agreeing to nothing.
    Rule("gives_a_name_politely", lambda t: bool(t.heard.name) and not t.values and _agreed_at(t) not in (None, 0),
         "inform"),
    Rule("agrees", lambda t: _agreed_at(t) is not None, "yes"),
    Rule("uses_a_booking_word", lambda t: t.heard.booking_words, "book"),
    Rule("asks_to_be_seen", lambda t: has(_ko(t).compact, lexicon.BOOK_PHRASES), "book"),
    Rule("asks_for_a_slot", _asks_for_a_slot, "book"),
    Rule("names_a_service", _names_a_service, "book"),
    Rule("asks_the_hours", lambda t: asks_the_hours(_ko(t).compact) and not _ko(t).said_values, "hours"),
    Rule("asks_where", lambda t: asks_where(_ko(t).compact), "hours"),
    Rule("gives_a_value", _gives_a_value, "inform"),
    # "아이 이름은 김도현이에요": a name given, though not the caller's (it is no value of theirs: LABELLING.md).
    Rule("names_someone_else", lambda t: has(_ko(t).compact, ("이름은", "성함은", "이름으로", "이름이")), "inform"),
    Rule("not_understood", lambda t: True, "unknown"),
)
