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

    def __init__(self, words: list[str], text: str, heard: Understanding, emergency: bool, stop: bool,
                 value_ends: tuple[int, ...] = ()) -> None:
        super().__init__(words, words, heard, emergency, stop, asked=asks(text))
        self.text = text
        self.compact = re.sub(r"[\s.,!?~…·\"'()\[\]-]+", "", text).lower()
        self.lead = next((w for w in words if w not in FILLERS), "")
        self.value_ends = value_ends
        """Where each day and time said ends in ``text`` (a "아니" right after one corrects it)."""

    @property
    def said_values(self) -> bool:
        """The turn names a day, a date, a time or a name."""
        heard = self.heard
        return bool(heard.days or heard.times or heard.dates or heard.name or heard.relative_day)


_QUESTION_ENDINGS = ("나요", "까요", "니까", "는지", "가요", "죠", "하세요", "쉬세요", "되죠", "맞죠", "있어요?",
                     "되나", "있나", "하나", "될까", "되냐", "돼?")
# Endings that look like a question's and are none: a request, a verb whose stem ends in 나 ("끝나요", "만나요").
_NOT_ASKING = ("주세요", "끝나요", "만나요", "나와요")
_QUESTION_WORDS = re.compile(r"(?<![가-힣])(?:몇|언제|어디|무슨|어떻게|어느|왜|뭐예요|뭔가요)")


def asks(text: str) -> bool:
    """A question: a question mark, a question's ending ("토요일에도 진료하나요") or word ("오늘 몇 시에 문 닫아요")."""
    bare = text.strip(" .~…!")
    return "?" in text or (bare.endswith(_QUESTION_ENDINGS) and not bare.endswith(_NOT_ASKING)) \
        or _QUESTION_WORDS.search(text) is not None \
        or any(found.group() not in _NOT_ASKING for found in _ASKING_WORD.finditer(text))


# A word that asks, wherever it stands ("사람이 많나요 그 시간에").
_ASKING_WORD = re.compile(r"[가-힣]+(?:나요|까요|습니까)(?![가-힣])")


def has(compact: str, phrases: tuple[str, ...] | set[str]) -> bool:
    """One of ``phrases`` is said (the turn and the phrases both without spaces)."""
    return any(phrase in compact for phrase in phrases)


def first_at(compact: str, phrases: tuple[str, ...] | set[str]) -> int | None:
    """Where the first of ``phrases`` said starts in ``compact``, or None."""
    return min((at for at in (compact.find(p) for p in phrases) if at >= 0), default=None)


def is_yes_word(word: str) -> bool:
    """A word that is a yes by itself ("네", "넵", "네네네", "맞아요")."""
    return word in lexicon.YES_WORDS or _REPEATED_YES.fullmatch(word) is not None


def yes_at(turn: KoTurn) -> int | None:
    """Where the turn agrees in ``compact``: 0 for a leading yes word ("네, 맞아요"), else its first yes phrase.

    "괜찮아요" alone is none (fine, or no thanks); a request is a yes only as the whole turn ("예약해 주세요");
    "어" alone is a yes.
    """
    if turn.compact in lexicon.NOT_A_YES_ALONE:
        return None
    if turn.compact in ("어", "어어") and not has(turn.text, ("...", "…")):
        return 0  # "어" alone is the casual yes (LABELLING.md); "어..." only hesitates
    if is_yes_word(turn.lead) or is_yes_word(turn.lead.removesuffix("요")):
        return 0
    rest = turn.compact
    for word in FILLERS:
        rest = rest.removeprefix(word)
    if rest in lexicon.WHOLE_YES_REQUESTS:
        return 0
    return first_at(turn.compact, lexicon.YES_PHRASES)


def a_yes_lead(turn: KoTurn) -> bool:
    """The turn starts with a yes word (after its fillers)."""
    return is_yes_word(turn.lead) or is_yes_word(turn.lead.removesuffix("요"))


def no_word_said(turn: KoTurn) -> bool:
    """A no word ("아니요", "아니"), not a value corrected in passing ("목요일 아니 수요일이요")."""
    return any(not _corrects_a_value(turn, found.start()) for found in _NO_WORD.finditer(turn.text))


def says_no(turn: KoTurn) -> bool:
    """A no word ("아니요", "아뇨, 괜찮아요") or phrase ("틀렸어요", "그게 아니라").

    Not a value corrected in passing ("목요일 아니 수요일이요": a self-repair, the last value meant), nor the
    "안 돼요" of a value ruled out ("화요일은 안 돼요").
    """
    if no_word_said(turn):
        return True
    compact = turn.compact
    for phrase in lexicon.NO_PHRASES:
        at = compact.find(phrase)
        if at >= 0 and not (phrase.startswith(("안돼", "안되", "아니")) and turn.value_ends):
            return True
    return False


_NO_WORDS_RE = "|".join(sorted(lexicon.NO_WORDS, key=len, reverse=True))
_NO_WORD = re.compile(rf"(?<![가-힣a-z])(?:{_NO_WORDS_RE})(?:요)?(?![가-힣a-z])",
                      re.IGNORECASE)


def _corrects_a_value(turn: KoTurn, at: int) -> bool:
    return at > 0 and any(0 <= at - end <= 3 for end in turn.value_ends)


def pardon(text: str) -> bool:
    """"네?", "예?", "뭐요?": the caller did not hear, and asks again; no yes."""
    return _PARDON.match(text) is not None


def emergency(compact: str, text: str) -> bool:
    """An emergency said, and not said to be none ("가슴 통증은 아니고 검진이요", "119 말고")."""
    for found in _119.finditer(text):
        if not has(text[found.end():found.end() + 6].replace(" ", ""), lexicon.NOT_AN_EMERGENCY):
            return True
    for phrase in (*lexicon.EMERGENCY_PHRASES, *lexicon.CRISIS_PHRASES):
        at = compact.find(phrase)
        if at >= 0 and not has(compact[at + len(phrase):at + len(phrase) + 6], lexicon.NOT_AN_EMERGENCY):
            return True
    return False


_YES_FIRST = re.compile(r"^(?:음|어|아)?(?:네|예|넵|응)+")


def is_stop(compact: str, asked: bool, heard: Understanding) -> bool:
    """The caller ends the call ("그만할게요", "됐어요", "끊을게요"), unless a request or a value goes with it.

    "네 됐어요" answers the question (SPEC 5.4: a yes before a soft stop is no ending).
    """
    compact = compact.replace("잘못됐", "").replace("안됐", "")  # "요일이 잘못됐어요": wrong, not done
    if not has(compact, lexicon.STOP_PHRASES) or asked:
        return False
    if _YES_FIRST.match(compact) and not has(compact.replace("됐", ""), lexicon.STOP_PHRASES):
        return False
    return not (heard.booking_words or heard.days or heard.times or heard.dates or heard.name)


def holds(compact: str) -> bool:
    """A pause asked for: "잠깐", "잠시만요", "확인해 볼게요"."""
    return has(compact, lexicon.HOLD_PHRASES)


def asks_for_a_person(compact: str) -> bool:
    """A member of staff asked for: "상담원 연결해 주세요", "사람 바꿔 주세요"."""
    return has(compact, lexicon.HUMAN_PHRASES) and not has(compact, ("사람이에요", "사람이세요", "사람맞"))


def about_the_line(compact: str) -> str | None:
    """"automated" for "로봇이에요?", "clinic_name" for "거기 어디예요?", else None."""
    if has(compact, lexicon.AUTOMATED_PHRASES):
        return "automated"
    return "clinic_name" if has(compact, lexicon.CLINIC_NAME_PHRASES) else None


def cancels(compact: str) -> bool:
    """A cancellation asked for: "취소해 주세요", "예약 못 갈 것 같아요"; not "취소하지 마세요"."""
    return has(compact, lexicon.CANCEL_WORDS) and not has(compact, lexicon.NOT_A_CANCEL)


def reschedules(compact: str) -> bool:
    """Moving an appointment: "변경", a moving word with an appointment word ("진료 날짜를 옮기고 싶어요").

    Or a cancellation that books again ("취소하고 다시 잡을게요").
    """
    if has(compact, ("사람바꿔", "사람좀바꿔", "바꿔드릴", "직원바꿔", "전화바꿔")):
        return False
    moves = has(compact, lexicon.MOVE_WORDS) and (has(compact, lexicon.APPOINTMENT_WORDS) or "변경" in compact)
    moves = moves or has(compact, lexicon.MOVING_ALONE)
    return moves or (has(compact, lexicon.CANCEL_WORDS) and has(compact, lexicon.REBOOKING))


def asks_the_hours(compact: str) -> bool:
    """A question about when the clinic is open: "몇 시까지 해요?", "토요일에도 하나요"."""
    return has(compact, lexicon.HOURS_PHRASES)


def asks_where(compact: str) -> bool:
    """A question about where the clinic is or how to reach it: "주소", "주차", "몇 층"."""
    return has(compact, lexicon.ADDRESS_PHRASES) and not has(compact, ("제주소", "우리집주소", "주소는"))


def asks_medical(turn: KoTurn) -> bool:
    """A medical question the line does not answer ("이 약 먹어도 돼요?", "열이 나는데 괜찮을까요?").

    Some phrases are one with a booking too ("...항생제 계속 먹어도 돼요?"); others only alone ("3시 괜찮을까요").
    """
    heard = turn.heard
    if has(turn.compact, lexicon.MEDICAL_ALWAYS):
        return True
    return has(turn.compact, lexicon.MEDICAL_PHRASES) and not (heard.booking_words or heard.times or heard.days)


def thanks_alone(compact: str) -> bool:
    """Only thanks (and a goodbye): "감사합니다", "네 고맙습니다"."""
    rest = compact
    for word in (*lexicon.THANKS, *lexicon.STOP_PHRASES, "네", "예", "정말", "너무", "대단히", "많이", "아", "오"):
        rest = rest.replace(word, "")
    return has(compact, lexicon.THANKS) and not rest


# -- the values a "no" names as wrong: "이름이 틀렸어요", "시간이 잘못됐어요" (issue 35 item 2) ----------
_VALUE_WORDS = {"name": ("이름", "성함", "철자", "스펠링", "성"), "day": ("날짜", "요일", "일자"),
                "time": ("시간", "시각"),
                "number": ("번호", "연락처")}
_WRONG_AFTER = re.compile(r"(?:이|가|은|는|도|을|를)?"
                          r"(?:(?:이랑|랑|하고|과|와)?(?:이름|성함|날짜|요일|시간)(?:이|가|은|는|도)?)?"
                          r"(?:좀|다|완전|전혀|둘다)?(?:틀렸|틀려|틀린|잘못|아니|아닌|다르|다른|달라|안맞|이상)")


def wrong_values(compact: str) -> list[str]:
    """The values ("name", "day", "time", "number") said to be wrong, in that order; [] when none."""
    found = set()
    for value, words in _VALUE_WORDS.items():
        for word in words:
            at = compact.find(word)
            while at >= 0 and value not in found:
                weekday = word == "요일" and at > 0 and compact[at - 1] in lexicon.WEEKDAY_SYLLABLES  # "목요일 아니"
                if not weekday and _WRONG_AFTER.match(compact, at + len(word)):
                    found.add(value)
                at = compact.find(word, at + 1)
    return [value for value in _VALUE_WORDS if value in found]
