"""A Korean name spelled as callers spell it (SPEC 7.1), read only where the line asked for it, syllable by syllable.

The agent asks "성함을 한 글자씩 천천히 말씀해 주시겠어요?"; the caller says the syllables apart ("이, 하, 늘",
"이 하 늘이요"), explains them ("승리할 때 승에 호수 호": 승호), or says the name whole again ("이하늘이요"). The
answer is the English ``Spelling`` (``voicekit.nlu.spelling``): the name, and whether it came syllable by syllable.
"네?", "아니요", "모르겠어요", a number: no spelling. Examples are data in ``examples/spelled.toml``.
"""

from __future__ import annotations

import re
import unicodedata

import voicekit.nlu.ko.lexicon as lexicon
from voicekit.nlu.ko.names import name_shaped, stem_of
from voicekit.nlu.spelling import Spelling

_LONGEST_TEXT = 200
_TOKEN = re.compile(r"[가-힣]+")
_LEAD_IN = ("네", "예", "음", "어", "아", "저", "제", "이름은", "성함은", "제이름은", "한", "글자씩", "그러니까",
            "그게요", "그게")
# The words of an explanation: "승리할 때 승", "호수의 호", "호수 할 때 호".
_EXPLAINING = ("할", "때", "할때", "의", "자", "글자", "하고", "그리고")
_AND = ("에", "요", "이요", "이고", "고", "랑", "하고")


def _syllable_of(token: str) -> str | None:
    """A token that says one syllable: "하", "승에" (승, and...), "늘이요" (늘, the end)."""
    if len(token) == 1:
        return token
    for ending in _AND:
        if token.endswith(ending) and len(token) - len(ending) == 1:
            return token[0]
    return None


def _by_syllables(tokens: list[str]) -> str | None:
    """The syllables said apart, words explaining them left out ("승리할 때 승에 호수 호": 승호)."""
    syllables: list[str] = []
    for at, token in enumerate(tokens):
        if token in lexicon.SURNAMES_TWO:  # "남궁 민": a surname of two syllables is said as one
            syllables.extend(token)
            continue
        syllable = _syllable_of(token)
        if syllable is not None and token not in _EXPLAINING:
            syllables.append(syllable)
            continue
        following = next((_syllable_of(t) for t in tokens[at + 1:] if t not in _EXPLAINING), None)
        explains = token in _EXPLAINING or token.endswith(("할", "의"))
        explains = explains or (following is not None and token[0] == following)  # "호수 호": 호수's 호
        if not explains:
            return None  # a word that is neither a syllable nor its explanation: not a spelling
    return "".join(syllables) if 2 <= len(syllables) <= 5 else None


def spelled(text: object) -> Spelling | None:
    """The name ``text`` spells (syllable by syllable, or said whole), or None when the turn is not a spelling."""
    if not isinstance(text, str) or len(text) > _LONGEST_TEXT:
        return None
    clean = unicodedata.normalize("NFKC", text)
    if "?" in clean or any(ch.isdigit() for ch in clean):
        return None  # a question, or a number: never a name
    tokens = _TOKEN.findall(clean)
    while tokens and tokens[0] in _LEAD_IN and len(tokens) > 1:
        tokens = tokens[1:]
    if not tokens or any(t in lexicon.NO_WORDS or (len(t) > 1 and t in lexicon.NOT_NAMES) for t in tokens):
        return None
    if len(tokens) == 1:  # the name said whole: "이하늘이요"
        stem = stem_of(tokens[0], contracted=True)
        return Spelling(stem, by_letters=False) if name_shaped(stem, led=True) else None
    name = _by_syllables(tokens)
    return Spelling(name, by_letters=True) if name is not None else None
