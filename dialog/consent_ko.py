"""The consent gate in Korean (SPEC 5.1, 7.5): does this turn, as a whole, authorise the step read back?

The same contract as English's (``dialog.consent``), with its own allow-list, never a translation of it: the
turn opens the gate only if all of it splits into whole yeses ("네", "예", "네 맞아요", "맞습니다", "좋아요",
"그렇게 해 주세요") and politeness or filler ("음", "감사합니다", "부탁드려요"), with at least one yes; or if it is
nothing but the keypad key 1 (pressed). Anything else keeps it shut: "네?" asks (a question mark), "네, 근데..."
and "네, 잠깐만요" have second thoughts (a word the gate does not know, or a last word that says more is coming),
"아마도요" and "글쎄요" hedge, "아니요", "아니에요", "아뇨" refuse, "잠깐" holds, and so do a date, a time, a name,
a digit or a Latin word. "괜찮아요" and "됐어요" are no yes: both turn an offer down as often as they accept it.
"알겠어요" ("I see") is politeness, never a yes on its own.

A yes that names the action agrees to that action only: "예약해 주세요" to a booking, never to a cancellation,
as English's "book it". Korean is written with or without spaces ("네 맞아요", "네맞아요"): the turn is read
without them, split end to end into known phrases. No parser and no LLM takes part.
"""

from __future__ import annotations

import re
import unicodedata

_AFFIRMATIONS = """
네 | 예 | 응 | 넵 | 네네 | 예예 | 맞아요 | 맞습니다 | 맞아 | 맞네요 | 네맞아요 | 예맞아요 | 네맞습니다 | 예맞습니다 |
네에 | 예에 | 다맞아요 | 다맞습니다 | 정확해요 | 정확합니다 | 좋아요 | 좋습니다 | 좋네요 |
그래요 | 그럼요 | 물론이죠 | 물론이에요 |
그렇게해주세요 | 그렇게해주시면돼요 | 그렇게해요 | 그렇게할게요 | 그걸로해주세요 | 그걸로할게요 | 그렇습니다 |
그래주세요 | 해주세요 | 진행해주세요 | 진행해주시면돼요 | 진행할게요 |
그렇게해주십시오 | 그렇게해줘 | 그래해줘 | 그걸로요 | 그걸로
"""
_POLITENESS_AND_FILLER = """
음 | 어 | 아 | 에 | 저 | 그 | 감사합니다 | 감사해요 | 고맙습니다 | 고마워요 | 부탁드려요 | 부탁드립니다 | 부탁해요 |
부탁합니다 | 알겠어요 | 알겠습니다 | 오케이
"""
# Yeses that name the action: "예약해 주세요" agrees to a booking, never to a cancellation or a move.
_NAMING_THE_WRITE = {
    "book": "예약해주세요 | 예약할게요 | 예약부탁드려요 | 예약부탁드립니다 | 예약해주시면돼요 | 그걸로예약해주세요 | "
            "예약하겠습니다 | 예약해요",
    "cancel": "취소해주세요 | 취소할게요 | 취소부탁드려요 | 취소부탁드립니다 | 취소해주시면돼요 | 취소하겠습니다",
    "request_callback": "남겨주세요 | 요청남겨주세요 | 남겨주시면돼요 | 요청해주세요 | 전화해주세요",
    "move": "옮겨주세요 | 변경해주세요 | 바꿔주세요 | 옮길게요 | 변경할게요 | 바꿀게요 | 변경부탁드려요",
}


def _phrases(table: str) -> frozenset[str]:
    return frozenset(p.strip().replace(" ", "") for p in table.replace("\n", " ").split("|") if p.strip())


AFFIRMATIONS = _phrases(_AFFIRMATIONS)
AFFIRMATIONS_OF = {write: AFFIRMATIONS | _phrases(table) for write, table in _NAMING_THE_WRITE.items()}
POLITENESS_AND_FILLER = _phrases(_POLITENESS_AND_FILLER)
_LONGEST = max(len(p) for p in frozenset().union(*AFFIRMATIONS_OF.values()) | POLITENESS_AND_FILLER)

# Only the ASCII key 1, alone, as the phone line writes a key press (English's gate reads the same markup).
_KEYPAD_ONE = re.compile(r"\s*(?:\[dtmf\]\s*1|<entered_dtmf_digits>\s*1\s*</entered_dtmf_digits>)\s*",
                         re.IGNORECASE | re.ASCII)
# A key said alone right after the read-back's "맞으면 1번, 아니면 2번": "1번", "일 번", "2번".
# Never "이번" (this time).
_KEY_SAID = re.compile(r"\s*(1|2|일)\s*(번)?\s*(?:이요|요|이에요|입니다)?\s*[.!]?\s*")
_KEYS = {"1": "1", "2": "2", "일": "1"}
# A last word that means the sentence goes on (the line's pause cut the caller off): no whole yes. A hesitation
# last ("네 음", "네음"): the caller is still speaking, so no split may end on one.
_GOES_ON = ("근데", "그런데", "그리고", "그러면", "그럼", "근까", "그니까")
_HESITATIONS = frozenset({"음", "어", "아", "에", "저", "그"})
# A bare yes said over and over is what Whisper made of "아니에요" on the phone line (docs/phone.md, Korean): more
# than three in a turn is asked again (a miss costs a question; callers' own "네 네 네" still books).
_BARE_YES = frozenset({"네", "예"})
_BEYOND_WORDS = re.compile(r"[^가-힣\s.,!~]")  # "?", digits, Latin letters, jamo, brackets: more than a yes


def is_consent(text: object, write: str = "book") -> bool:
    """True only when the whole turn is an explicit Korean yes to ``write``, or only the pressed keypad key 1."""
    if not isinstance(text, str) or write not in AFFIRMATIONS_OF:
        return False
    if _KEYPAD_ONE.fullmatch(text):
        return True
    normal = unicodedata.normalize("NFKC", text).strip()
    if _BEYOND_WORDS.search(normal) or normal.endswith(("..", "~")):
        return False
    words = re.findall(r"[가-힣]+", normal)
    if not words or words[-1] in _GOES_ON:
        return False
    if sum(len(word) for word in words if set(word) <= _BARE_YES) > 3:
        return False  # "네, 네, 네, 네.": the recogniser's echo of a no ("아니에요") as often as a caller's yes
    said = "".join(words)
    affirmations = AFFIRMATIONS_OF[write]
    # Can the syllables be split, end to end, into known phrases with at least one yes among them?
    reached: dict[int, bool] = {0: False}
    for at in range(len(said)):
        if at not in reached:
            continue
        for size in range(1, min(_LONGEST, len(said) - at) + 1):
            chunk = said[at:at + size]
            if at + size == len(said) and chunk in _HESITATIONS:
                continue
            if chunk in affirmations or chunk in POLITENESS_AND_FILLER:
                reached[at + size] = reached.get(at + size, False) or reached[at] or chunk in affirmations
    return reached.get(len(said), False)


def key_said(text: object) -> str | None:
    """The keypad key a turn says and nothing else ("1번", "2번", "일 번"): "1" or "2"; None for anything more."""
    if not isinstance(text, str):
        return None
    said = _KEY_SAID.fullmatch(unicodedata.normalize("NFKC", text))
    if said is None or (said.group(1) == "일" and not said.group(2)):  # "일" alone is a day ("1일") or work
        return None
    return _KEYS[said.group(1)]
