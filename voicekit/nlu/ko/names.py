"""Korean names as callers give them: "이하늘이에요", "이하늘입니다", "제 이름은 김민지예요", "민지요".

A Korean name is the surname first (one syllable, or two: "남궁", "황보"), then a given name of one or two
syllables. Said with a lead ("제 이름은", "성함은") a name of two to four syllables is taken; said without one
("이하늘이에요"), only the full name of three syllables whose given name sounds like one, since "예약이에요",
"감기예요", "금요일이에요" end just like a name. No word of ``lexicon.NOT_NAMES`` is ever a name, nor a part of one.
"""

from __future__ import annotations

import re

import voicekit.nlu.ko.lexicon as lexicon
from voicekit.nlu.names import capitalise_name

# Syllables Korean given names are made of (the common ones): a name said without a lead must be made of them.
GIVEN_SYLLABLES = set(
    "가각간갑강개건걸검겸경계고곤공관광교구국군권규균근금기길나난남내노누늘다단달담당대덕도동두득라란람랑래량려련렬령"
    "로록론뢰루류률륜름리린림립마만매명모목무문미민바반배백범벽별병보복봄봉부빈빛사산상새샘서석선설섬성세소솔송수숙순"
    "술숭슬승시식신실심아악안애야양어언엄업여연열염엽영예오옥온완왕요용우욱운웅원월위유육윤율은을음의이익인일임자작잔장"
    "재정제조종주준중지직진찬창채천철청초총추춘충치친탁탄태택하학한해향허헌혁현형혜호홍화환황회효후훈휘휴흠흥희힘")
# Endings after a name: the copula and the quoting forms, longest first. Those starting with "이" follow a
# syllable with a final consonant ("이하늘이에요"); after a vowel the name says them without it ("김민지예요").
_ENDINGS = ("이라고요", "이라고", "이에요", "이예요", "이고요", "이구요", "인데요", "입니다", "이요", "라고요",
            "라고", "예요", "에요", "고요", "구요", "인데", "이고", "이야", "님", "씨", "요", "야")
# The endings a name said without a lead must have: a copula or a quote ("이하늘이에요", "김민지라고 합니다").
_COPULAS = ("이라고요", "이라고", "이에요", "이예요", "예요", "에요", "입니다", "이요", "라고요", "라고", "인데요",
            "이고요", "이고", "인데", "고요")
# "제 이름은 김민지예요" (a strong lead: the given name alone is taken too), "저는 박서준입니다" (a weak one, a word
# apart: "전화" is no "전"), then the name, its surname perhaps said apart ("이름은 이 하늘이에요").
_LEAD = re.compile(r"(?:(?:제\s?이름은|이름은|제\s?이름이|이름이|성함은|성함이"
                   r"|예약자\s?(?:이름\s?)?은|환자\s?(?:이름\s?)?은)(?:요|요,)?\s*|(?<![가-힣])(저는|전|나는|난|나|본인은|제가)\s+)"
                   r"([가-힣]{1,2}\s[가-힣]{1,6}(?![가-힣])|[가-힣]{1,8}|[A-Za-z'\-]{2,20})")
_WORD = re.compile(r"[가-힣]+")
_HANGUL = re.compile(r"[가-힣]+")
# Syllables of verb endings, in no given name: "틀렸어", "했어", "됐습": a sentence, not a name.
_VERB_SYLLABLES = set("렸았었겠했됐습갔왔봤줬셨싶")
_FINAL_B = 17  # the index of ㅂ among the final consonants (for "김민집니다": 김민지 + ㅂ니다)
# How words end that names do not: a department ("소아과"), a weekday, a title, a verb ("이상해", "그렇죠").
_NOT_A_NAMES_END = ("과", "요일", "님", "씨", "이다", "해", "네", "데", "죠", "까", "니다")


def _has_final(syllable: str) -> bool:
    return "가" <= syllable <= "힣" and (ord(syllable) - 0xAC00) % 28 != 0


def stem_of(word: str, contracted: bool = False) -> str:
    """``word`` without the ending that follows a name; ``contracted``: "김민집니다" is 김민지 too."""
    contracts = word.endswith("니다") and not word.endswith("입니다") and len(word) >= 3
    if contracted and contracts and (ord(word[-3]) - 0xAC00) % 28 == _FINAL_B:
        return word[:-3] + chr(ord(word[-3]) - _FINAL_B)
    for ending in _ENDINGS:
        stem = word.removesuffix(ending)
        if stem == word or not stem:
            continue
        if ending.startswith("이") and ending != "입니다" and not _has_final(stem[-1]):
            return stem + "이" if ending[1:] in _ENDINGS else stem  # "김민이요": 김민 + 이요; "하이요": 하이 + 요
        return stem
    return word


def _is_a_word(stem: str) -> bool:
    """A word of the negatives list, or made of one ("진료예약", "점심때"), or a verb's ending ("이상해")."""
    if stem in lexicon.NOT_NAMES or any(ch in _VERB_SYLLABLES for ch in stem) or stem.endswith(_NOT_A_NAMES_END):
        return True
    if len(stem) == 3:  # "나중에", "점심때": two syllables of a word; "이상민" keeps its name ("이상" is no negative)
        return stem[:2] in lexicon.NOT_NAMES or stem[1:] in lexicon.NOT_NAMES
    return any(len(w) >= 2 and w in stem for w in lexicon.NOT_NAMES)


def _surname_first(stem: str) -> bool:
    return (stem[:2] in lexicon.SURNAMES_TWO and len(stem) >= 3) or stem[0] in lexicon.SURNAMES


def name_shaped(stem: str, led: bool, strong_lead: bool = False) -> bool:
    """Whether ``stem`` may be a name: said after a lead (``led``; "제 이름은" is ``strong_lead``) or alone."""
    if not stem or not _HANGUL.fullmatch(stem) or not 2 <= len(stem) <= 4 or _is_a_word(stem):
        return False
    given = stem[2:] if stem[:2] in lexicon.SURNAMES_TWO else stem[1:]
    if strong_lead:
        return True  # "제 이름은 민지예요": the given name alone, as the caller chose to say it
    sounds_like_one = _surname_first(stem) and all(ch in GIVEN_SYLLABLES for ch in given)
    if led:
        return sounds_like_one or all(ch in GIVEN_SYLLABLES for ch in stem)
    return sounds_like_one and len(given) == 2


def _joined(text: str) -> str:
    """A surname said apart from the given name joined to it: "이 하늘이에요" -> "이하늘이에요"."""
    return _SPACED_SURNAME.sub(r"\1\2", text)


_SPACED_SURNAME = re.compile(r"(?<![가-힣])([" + "".join(sorted(lexicon.SURNAMES)) + r"])\s"
                             r"([가-힣]{2}(?:이에요|예요|에요|입니다|이요|이라고|라고|요)(?![가-힣]))")


_SURNAME_THEN_NAME = re.compile(r"성은\s?(남궁|황보|제갈|선우|독고|사공|서문|[가-힣])"
                                r"(?:이고|고|이구|구|이에요|예요)?,?\s?"
                                r"(?:이름은|이름이)\s?([가-힣]{1,2})"
                                r"(?:이에요|예요|에요|이요|요|입니다|이고|고)?(?![가-힣])")


def _someone_else(text: str, before: int) -> bool:
    """A relative or another patient named before the name ("저희 어머니 성함은", "아이 이름은"): not the caller's."""
    said = text[:before].replace(" ", "")
    return any(word in said for word in lexicon.RELATIONS)


def find_name(text: str) -> str | None:
    """The caller's name said in ``text`` (its numbers already digits), or None.

    A relative's or another patient's name ("아이 이름은 김도현이에요") is not the caller's (LABELLING.md), unless
    the caller introduces themselves ("저는 이수진이고 엄마 예약이에요").
    """
    parts = _SURNAME_THEN_NAME.search(text)  # "성은 황이고 이름은 보라예요": 황보라
    if parts is not None and not _someone_else(text, parts.start()):
        return parts.group(1) + parts.group(2)
    foreign = _FOREIGN_NAME.search(text)  # "제임스 브라운이에요": a foreign name keeps its space
    if foreign is not None and not _someone_else(text, foreign.start()):
        first, last = foreign.group(1), stem_of(foreign.group(2))
        if _sounds_foreign(first + last) and not any(_is_a_word(w) for w in (first, last)):
            return f"{first} {last}"
    lead = _LEAD.search(text)
    if lead is not None and lead.group(1) is None and _someone_else(text, lead.start()):
        return None
    if lead is not None:
        said = lead.group(2)
        if said.isascii():
            return capitalise_name(said)
        strong = lead.group(1) is None
        stem = stem_of(said.replace(" ", ""), contracted=True)
        if name_shaped(stem, led=True, strong_lead=strong):
            return stem
    joined = _joined(text)
    for found in _WORD.finditer(joined):
        word = found.group()
        if not word.endswith(_COPULAS):  # "주실래요", "여나요": a verb's 요, not a name's
            continue
        stem = stem_of(word)
        if stem != word and name_shaped(stem, led=False) and not _someone_else(joined, found.start()):
            return stem
    return None


# Two words, the last with a copula: a foreign name in Hangul ("제임스 브라운이에요", "마이클 잭슨입니다").
_FOREIGN_NAME = re.compile(r"(?<![가-힣])([가-힣]{2,4})\s"
                           r"([가-힣]{2,5}(?:이에요|예요|에요|입니다|이요|이라고|라고))(?![가-힣])")
# Syllables of names written from other languages (a vowel "으" added to a consonant): 스, 즈, 크, 트, 브...
_TRANSLITERATED = set("스즈크트드프브르흐츠쯔믹릭닉잭슨턴")


def _sounds_foreign(name: str) -> bool:
    return sum(ch in _TRANSLITERATED for ch in name) >= 2


_BEFORE_A_NAME = ("음", "어", "아", "저", "그", "저기", "네", "예", "나")
_ALONE_ENDINGS = ("이에요", "예요", "에요", "입니다", "이요", "요", "이라고요", "라고요")


def bare_name(text: str) -> str | None:
    """The whole turn as a name when it is nothing but one ("민지요", "이하늘", "정 하 윤 이요"), else None.

    A given name alone is taken, its hypocoristic "이" dropped ("하늘이요", "지훈이에요": 하늘, 지훈).
    """
    words = [w for w in re.findall(r"[^\s.,!?~…]+", text) if w not in _BEFORE_A_NAME]
    if not words or len(words) > 5 or not all(_HANGUL.fullmatch(w) for w in words):
        return None
    ending = words[-1] if len(words) > 1 and words[-1] in _ALONE_ENDINGS else ""
    syllables = words[:-1] if ending else words
    if len(syllables) > 1 and not (syllables[0] in lexicon.SURNAMES or syllables[0] in lexicon.SURNAMES_TWO
                                   or all(len(w) == 1 for w in syllables)):
        return None  # "내일 오전이요": words, not a name said apart
    stem = stem_of("".join(syllables) + ending, contracted=True)
    if not name_shaped(stem, led=True):
        return None
    given_alone = not _surname_first(stem) or len(stem) == 2
    if given_alone and len(stem) == 3 and stem.endswith("이") and _has_final(stem[-2]):
        return stem[:-1]  # "하늘이요": 하늘
    return stem
