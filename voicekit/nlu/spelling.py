"""A name spelled as people spell it on the phone (SPEC 7.1), read only where the line asked for a spelling.

"F R A S E R", "F-R-A-S-E-R", "eff are ay ess ee are" (letter names as a recogniser writes them), "F as in
Frank", "double S", "hyphen", "apostrophe", "capital M, small c", "Foxtrot Romeo Alpha...", and a name typed
or said whole ("Fraser", "FRASER": the recogniser ran the letters together) are all spellings; "I see", "what?",
"I don't know" and a card number are not. The whole turn must be a spelling: a lead-in ("sure, it's ..."), the
name said before its letters ("Fraser, F R A S E R") and a thank-you after them are all that may come with it.

``spelled(text)`` answers a ``Spelling`` or None. Examples and counter-examples are data in
``voicekit/nlu/examples/spelling/``, from which ``tests/unit_tests/test_spelling_examples.py`` makes one test each.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import TypeVar

from voicekit.nlu.lexicon import DAY_FORMS, NOT_NAMES
from voicekit.nlu.spelling_letters import (
    AS_IN,
    BETWEEN,
    CAPITAL,
    DOUBLE_U,
    EVERYDAY_WORDS,
    LEAD_IN,
    LETTER_NAMES,
    MARKS,
    NATO,
    REPEATS,
    TRAILING,
    WORD_LEAD_IN,
)

T = TypeVar("T")
_TOKEN = re.compile(r"[^\W\d_]+(?:['\-][^\W\d_]+)*")
_RUN_TOGETHER = re.compile(r"[^\W\d_](?:-[^\W\d_])+")  # "F-R-A-S-E-R"
_CONTRACTION = re.compile(r"(?:'d|'ll|'ve|'m|'re|'s|n't)$")  # "don't", "that's": words of a sentence, not a name
_LONGEST_TEXT = 400  # a spelling is short; anything longer is something else
# Said instead of a spelling: never a name.
_NOT_A_SPELLING = NOT_NAMES | {"sorry", "what", "pardon", "huh", "hello", "why", "spell", "spelling", "letters"}


@dataclass(frozen=True)
class Spelling:
    """A name the caller spelled (or typed, or said whole when asked to spell it)."""

    name: str
    """The name as written: "Fraser", "O'Brien", "McDonald", "Anne-Marie", "Jamie Fraser"."""
    by_letters: bool
    """True when the caller said letters; False when they said (or typed) the name as a word."""


@dataclass
class _Read:
    letters: list[tuple[str, bool | None]]  # each letter or mark, with the case the caller gave it (None: not said)
    tokens: int = 0  # letter tokens read (a "double S" is one)
    everyday: int = 0  # of them, letter names that are everyday words too ("see", "you")
    nato: int = 0  # of them, words of the NATO alphabet


def spelled(text: object) -> Spelling | None:
    """The name ``text`` spells, or None when the turn is not a spelling."""
    if not isinstance(text, str) or len(text) > _LONGEST_TEXT:
        return None
    clean = unicodedata.normalize("NFKC", text).replace("\u2019", "'").replace("\u2018", "'")
    if "?" in clean or any(ch.isdigit() for ch in clean):
        return None  # a question, or a number (a card read out is never a name)
    original = _TOKEN.findall(clean)
    lower = [t.lower() for t in original]
    found: list[Spelling] = []
    for start in range(min(4, len(lower)) + 1):  # the name said before its letters: "Fraser, F R A S E R"
        if not all(_name_word(w) for w in lower[:start]):
            break
        spelling = _spelling_from(original[start:], lower[start:], whole=not start)
        if spelling is not None and start and spelling.name.casefold() == lower[start - 1]:
            return spelling  # "Jay, J A Y": the word said, then its letters (not J + J A Y)
        if spelling is not None:
            found.append(spelling)
    return found[0] if found else None


def _spelling_from(original: list[str], lower: list[str], whole: bool) -> Spelling | None:
    """Letters after a lead-in; with ``whole``, or the name said as a word after a short one ("it's Fraser")."""
    said = 0
    while whole and said < len(lower) and lower[said] in WORD_LEAD_IN:
        said += 1
    words = _said_whole(original[said:], lower[said:]) if whole else None
    if words is not None:
        return Spelling(words, by_letters=False)
    at = 0
    while at < len(lower) and lower[at] in LEAD_IN and not _lead_in_is_a_letter(lower, at):
        at += 1
    read = _letters(lower, at)
    if read is None or not _plausible(read):
        return None
    return Spelling(_written(read.letters), by_letters=True)


def _lead_in_is_a_letter(lower: list[str], at: int) -> bool:
    """"Oh apostrophe B R I E N": an "oh" before a mark is the letter O, not a lead-in."""
    return lower[at] == "oh" and at + 1 < len(lower) and (lower[at + 1],) in MARKS


def _said_whole(original: list[str], lower: list[str]) -> str | None:
    """One to three name words and nothing else ("Fraser", "FRASER", "Jamie Fraser"): the name as written."""
    while lower and lower[-1] in TRAILING - {"you", "is", "it", "that"}:
        original, lower = original[:-1], lower[:-1]
    if not 1 <= len(lower) <= 3 or not all(_name_word(w) for w in lower):
        return None
    if any(w in LETTER_NAMES or w in NATO for w in lower) and len(lower) > 1:
        return None  # "en gee", "tango sierra": letters, read as such
    return " ".join(_capitalised(w) for w in original)


def _name_word(lower: str) -> bool:
    return len(lower) > 1 and lower not in _NOT_A_SPELLING and lower not in LEAD_IN and lower not in DAY_FORMS \
        and not _RUN_TOGETHER.fullmatch(lower) and not _CONTRACTION.search(lower)


def _capitalised(word: str) -> str:
    """As typed when its case is mixed ("McDonald"); else capitalised after each hyphen ("ANNE-MARIE": Anne-Marie)."""
    if not (word.isupper() or word.islower()):
        return word
    return re.sub(r"(^|-)(\w)", lambda m: m.group(1) + m.group(2).upper(), word.lower())


def _letters(lower: list[str], at: int) -> _Read | None:
    """Read letters, marks and case words from ``at`` to the end; None at a word that is none of them."""
    read, case = _Read(letters=[]), None
    while at < len(lower):
        word = lower[at]
        marker = _phrase_at(lower, at, CAPITAL)
        if marker is not None:
            size, case = marker
            at += size
            continue
        mark = _phrase_at(lower, at, MARKS)
        if mark is not None:
            size, sign = mark
            read.letters.append((sign, None))
            at += size
            continue
        if word in REPEATS and at + 1 < len(lower):
            if lower[at + 1] in DOUBLE_U and word == "double":  # "double u" is W
                read.letters.append(("w", case))
                read.tokens, case, at = read.tokens + 1, None, at + 2
                continue
            letter = _letter(lower[at + 1])
            if letter is not None:
                read.letters.extend([(letter, case)] * REPEATS[word])
                read.tokens, case, at = read.tokens + 1, None, at + 2
                at = _clarified(lower, at, read)
                continue
        if _RUN_TOGETHER.fullmatch(word):
            read.letters.extend((ch, case) for ch in word.split("-"))
            read.tokens, case, at = read.tokens + len(word.split("-")), None, at + 1
            continue
        letter = _letter(word)
        if letter is not None:
            read.letters.append((letter, case))
            read.tokens, case = read.tokens + 1, None
            read.everyday += word in EVERYDAY_WORDS
            read.nato += word in NATO
            at = _clarified(lower, at + 1, read)
            continue
        if word in BETWEEN and read.tokens:
            at += 1
            continue
        return read if _only_trailing(lower[at:], read) else None
    return read


def _letter(word: str) -> str | None:
    if len(word) == 1 and word.isalpha():
        return word
    return LETTER_NAMES.get(word) or NATO.get(word)


def _clarified(lower: list[str], at: int, read: _Read) -> int:
    """After a letter, "as in Frank" / "for Sam": the word's first letter is the one meant; where to read on."""
    for lead in AS_IN:
        end = at + len(lead)
        if tuple(lower[at:end]) == lead and end < len(lower) and len(lower[end]) > 1 and lower[end].isalpha():
            letter, case = read.letters[-1]
            read.letters[-1] = (lower[end][0], case)
            return end + 1
    return at


def _phrase_at(lower: list[str], at: int, table: dict[tuple[str, ...], T]) -> tuple[int, T] | None:
    for phrase, value in table.items():
        if tuple(lower[at:at + len(phrase)]) == phrase:
            return len(phrase), value
    return None


def _only_trailing(rest: list[str], read: _Read) -> bool:
    """The words after the letters are a thank-you, or the name itself again ("..., Fraser")."""
    said = "".join(ch for ch, _ in read.letters).replace(" ", "").lower()
    return all(w in TRAILING or w.replace("-", "").replace("'", "") == said.replace("-", "").replace("'", "")
               for w in rest)


def _plausible(read: _Read) -> bool:
    """At least two letters, not two everyday words ("I see"), marks only between letters, NATO only in earnest."""
    letters = [ch for ch, _ in read.letters if ch.isalpha()]
    if len(letters) < 2 or not read.letters[0][0].isalpha() or not read.letters[-1][0].isalpha():
        return False
    if read.tokens <= 2 and read.everyday:
        return False  # "I see", "are you", "oh, you": words, not letters ("L I" is Li)
    if 0 < read.nato < min(3, read.tokens):
        return False  # "Mike, M I K E": a word of the alphabet among letters is the name said first
    return all(a.isalpha() or b.isalpha() for (a, _), (b, _) in zip(read.letters, read.letters[1:], strict=False))


def _written(letters: list[tuple[str, bool | None]]) -> str:
    """The letters as a name is written: capitals where said, else at the start of each part ("O'Brien")."""
    out: list[str] = []
    for ch, case in letters:
        if not ch.isalpha():
            out.append(ch)
            continue
        before = out[-1] if out else " "
        starts_part = before in " -" or (before == "'" and len(out) == 2)  # O'Brien, D'Angelo: one letter, then '
        upper = case if case is not None else starts_part or not out
        out.append(ch.upper() if upper else ch.lower())
    return "".join(out)
