"""What a Korean turn says beyond its values: a yes, a no, a stop, a pause, an emergency, a wrong value...

Each reads the turn as ``voicekit.nlu.ko.analysis`` prepared it: ``KoTurn.words`` (the words without their
punctuation), ``compact`` (the turn with no spaces nor punctuation, where phrases are found) and the values.
"""

from __future__ import annotations

import re

import voicekit.nlu.ko.lexicon as lexicon
from voicekit.nlu.rules import Turn
from voicekit.nlu.types import Understanding

FILLERS = {"음", "어", "아", "저", "저기", "저기요", "그", "그게", "뭐", "에", "엄", "으음", "아아", "오"}
_REPEATED_YES = re.compile(r"(?:네|예|넵|응)+(?:요)?")
_PARDON = re.compile(r"^\s*(?:네|예|네에|예에|뭐|뭐요|네네|예\s?네)\s*\?+\s*$")
_119 = re.compile(r"(?<!\d)119(?!\d)")


class KoTurn(Turn):
    """A Korean turn as the rules read it: its words, the turn without spaces, and the values heard."""

    def __init__(self, words: list[str], text: str, heard: Understanding, emergency: bool, stop: bool) -> None:
        super().__init__(words, words, heard, emergency, stop, asked="?" in text)
        self.text = text
        self.compact = re.sub(r"[\s.,!?~…·\"'()\[\]-]+", "", text).lower()
        self.lead = next((w for w in words if w not in FILLERS), "")


def has(compact: str, phrases: tuple[str, ...] | set[str]) -> bool:
    """One of ``phrases`` is said (the turn and the phrases both without spaces)."""
    return any(phrase in compact for phrase in phrases)


def first_at(compact: str, phrases: tuple[str, ...] | set[str]) -> int | None:
    """Where the first of ``phrases`` said starts in ``compact``, or None."""
    return min((at for at in (compact.find(p) for p in phrases) if at >= 0), default=None)


def is_yes_word(word: str) -> bool:
    return word in lexicon.YES_WORDS or _REPEATED_YES.fullmatch(word) is not None


def yes_at(turn: KoTurn) -> int | None:
    """Where the turn agrees in ``compact``: 0 for a leading yes word ("네, 맞아요"), else its first yes phrase."""
    if is_yes_word(turn.lead) or is_yes_word(turn.lead.removesuffix("요")):
        return 0
    return first_at(turn.compact, lexicon.YES_PHRASES)


def has_second_thoughts(turn: KoTurn, agreed: int) -> bool:
    """A yes with a "but" or a pause after it ("네, 근데...", "네, 잠깐만요"): not the yes asked for."""
    return has(turn.compact[agreed + 1:], lexicon.SECOND_THOUGHTS)


def says_no(turn: KoTurn) -> bool:
    """A no word among the words ("아니요", "아뇨, 괜찮아요"), or a no phrase ("틀렸어요", "그게 아니라")."""
    words = {w.removesuffix("요") if w.endswith("요") and w.removesuffix("요") in lexicon.NO_WORDS else w
             for w in turn.words}
    return bool(words & lexicon.NO_WORDS) or has(turn.compact, lexicon.NO_PHRASES)


def pardon(text: str) -> bool:
    """"네?", "예?", "뭐요?": the caller did not hear, and asks again; no yes."""
    return _PARDON.match(text) is not None


def emergency(compact: str, text: str) -> bool:
    return _119.search(text) is not None or has(compact, lexicon.EMERGENCY_PHRASES) or has(compact, lexicon.CRISIS_PHRASES)


def is_stop(compact: str, asked: bool, heard: Understanding) -> bool:
    """The caller ends the call ("그만할게요", "됐어요", "끊을게요"), unless a request or a value goes with it."""
    if not has(compact, lexicon.STOP_PHRASES) or asked:
        return False
    return not (heard.booking_words or heard.days or heard.times or heard.dates or heard.relative_day)


def holds(compact: str) -> bool:
    return has(compact, lexicon.HOLD_PHRASES)


def asks_for_a_person(compact: str) -> bool:
    return has(compact, lexicon.HUMAN_PHRASES) and not has(compact, ("사람이에요", "사람이세요", "사람맞"))


def about_the_line(compact: str) -> str | None:
    """"automated" for "로봇이에요?", "clinic_name" for "거기 어디예요?", else None."""
    if has(compact, lexicon.AUTOMATED_PHRASES):
        return "automated"
    return "clinic_name" if has(compact, lexicon.CLINIC_NAME_PHRASES) else None


def cancels(compact: str) -> bool:
    return has(compact, lexicon.CANCEL_WORDS) and not has(compact, lexicon.NOT_A_CANCEL)


def reschedules(compact: str) -> bool:
    """Moving an appointment: a moving word with an appointment word ("예약 변경", "진료 날짜를 옮기고 싶어요")."""
    return has(compact, lexicon.MOVE_WORDS) and has(compact, lexicon.APPOINTMENT_WORDS) and not has(
        compact, ("사람바꿔", "사람좀바꿔", "바꿔드릴"))


def asks_the_hours(compact: str) -> bool:
    return has(compact, lexicon.HOURS_PHRASES)


def asks_where(compact: str) -> bool:
    return has(compact, lexicon.ADDRESS_PHRASES) and not has(compact, ("제주소", "우리집주소", "주소는"))


def asks_medical(turn: KoTurn) -> bool:
    """A medical question the line does not answer ("이 약 먹어도 돼요?"): asked, and no booking in it."""
    heard = turn.heard
    return has(turn.compact, lexicon.MEDICAL_PHRASES) and not (heard.booking_words or heard.times or heard.days)


def thanks_alone(compact: str) -> bool:
    rest = compact
    for word in (*lexicon.THANKS, "네", "예", "정말", "너무", "대단히", "많이", "아", "오"):
        rest = rest.replace(word, "")
    return has(compact, lexicon.THANKS) and not rest


# -- the values a "no" names as wrong: "이름이 틀렸어요", "시간이 잘못됐어요" (issue 35 item 2) -------------------------
_VALUE_WORDS = {"name": ("이름", "성함", "철자", "스펠링", "성"), "day": ("날짜", "요일", "일자", "날"), "time": ("시간", "시각"),
                "number": ("번호", "연락처")}
_WRONG_AFTER = re.compile(r"(?:이|가|은|는|도|을|를)?(?:좀|다|완전|전혀)?(?:틀렸|틀려|틀린|잘못|아니|아닌|다르|달라|안맞|이상)")


def wrong_values(compact: str) -> list[str]:
    """The values ("name", "day", "time", "number") said to be wrong, in that order; [] when none."""
    found = set()
    for value, words in _VALUE_WORDS.items():
        for word in words:
            at = compact.find(word)
            while at >= 0 and value not in found:
                if _WRONG_AFTER.match(compact, at + len(word)):
                    found.add(value)
                at = compact.find(word, at + 1)
    return [value for value in _VALUE_WORDS if value in found]
