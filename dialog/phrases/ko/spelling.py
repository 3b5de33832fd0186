"""A name the line is unsure of (SPEC 7.1), in Korean: asked again syllable by syllable, read back, or chosen.

Hangul is not spelled letter by letter on the phone: a Korean caller says the name again slowly, one syllable at a
time ("이, 하, 늘"), and the receptionist reads the syllables back ("이, 하, 늘 맞으세요?"). Of two close names
heard, which one is asked, never guessed ("민지와 민주 중 어느 이름인가요?", seed 002 chapter 9).
"""

from __future__ import annotations

from dialog.phrases.ko.values import josa

SPELL_LAST_NAME = "성함을 한 글자씩 천천히 말씀해 주시겠어요?"
SPELL_NAME = "성함을 한 글자씩 천천히 말씀해 주시겠어요?"
SPELL_AGAIN = "죄송해요. 성함을 한 글자씩 다시 한번 말씀해 주시겠어요?"
SORRY_ABOUT_THAT = "죄송해요."
# How a syllable-by-syllable read-back says what is not a syllable (a Latin name spelled on a Korean line too).
MARK_WORDS = {"-": "하이픈", "'": "아포스트로피", " ": "띄고"}


def spell_question(name: str | None) -> str:
    """Ask for the name syllable by syllable (Korean names are said whole, family name first: one question)."""
    return SPELL_LAST_NAME if name and len(name.split()) > 1 else SPELL_NAME


def spelling_read_back(spelled: str) -> str:
    """The name syllable by syllable: "이, 하, 늘 맞으세요?" (Latin letters one by one, as on an English line)."""
    said = [MARK_WORDS[ch] if ch in MARK_WORDS else ch.upper() for ch in spelled]
    return f"{', '.join(said)} 맞으세요?"


def which_name(first: str, second: str) -> str:
    """Two close names were heard: "민지와 민주 중 어느 이름인가요?" (the parts that differ, the rest the same)."""
    a, b = first.split(), second.split()
    if len(a) == len(b) > 1 and a[:-1] == b[:-1]:
        first, second = a[-1], b[-1]
    return f"{josa(first, '과', '와')} {second} 중 어느 이름인가요?"


def name_noted(name: str) -> str:
    """The caller's name said at another question: said back, so they know it was heard."""
    return f"감사합니다. 성함은 {name} 님으로 적어 둘게요."
