"""Finding a table's phrases in a turn: as whole words, each table one precompiled pattern, one scan.

``said`` also tells a phrase said from one negated ("no chest pain, just a check-up").
"""

from __future__ import annotations

import functools
import re
from collections import deque
from collections.abc import Iterable

import voicekit.nlu.lexicon as lexicon


def has_phrase(joined: str, phrases: Iterable[str]) -> bool:
    """One of ``phrases`` is said as whole words (one precompiled pattern per phrase list, one scan)."""
    return phrases_pattern(tuple(phrases)).search(joined) is not None


def first_phrase_at(joined: str, phrases: Iterable[str]) -> int | None:
    """Where the first of ``phrases`` said (as whole words) ends, or None."""
    found = phrases_pattern(tuple(phrases)).search(joined)
    return None if found is None else found.end()


@functools.cache
def phrases_pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """The one pattern that finds any of ``phrases`` as whole words (the longest first where two start together)."""
    return phrase_re(phrases)


def phrase_re(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """A new pattern for ``phrases`` as whole words (``phrases_pattern`` keeps one per table)."""
    alternatives = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?<![\w'])(?:{alternatives})(?![\w'])")


EMERGENCY_RE = phrase_re(lexicon.EMERGENCY_PHRASES)
CRISIS_RE = phrase_re(lexicon.CRISIS_PHRASES)

_WORD_RUN = re.compile(r"\S+")  # the words of ``str.split()``: \s is the same whitespace as str.isspace
_LONGEST_NEGATOR = max(map(len, lexicon.NEGATORS))


def said(joined: str, phrases: re.Pattern[str]) -> bool:
    """One of the phrases was said and not negated ("no chest pain, just a check-up" is not an emergency).

    Negated when one of the two words before it (as ``joined[:start].split()[-2:]`` gives them, the last one
    cut where the phrase starts) is a negator or ends in "n't". They are found in one sweep of ``joined``:
    splitting all that comes before each phrase again was quadratic in a turn that repeats a negated phrase.
    """
    words = _WORD_RUN.finditer(joined)
    upcoming = next(words, None)
    before: deque[tuple[int, int]] = deque(maxlen=2)  # where the last two words that start before the phrase are
    for match in phrases.finditer(joined):
        start = match.start()
        while upcoming is not None and upcoming.start() < start:
            before.append(upcoming.span())
            upcoming = next(words, None)
        if not any(_negates(joined, begin, min(end, start)) for begin, end in before):
            return True
    return False


def _negates(text: str, begin: int, end: int) -> bool:
    """``text[begin:end]`` is a negator or ends in "n't", read without copying a long word."""
    return text.endswith("n't", begin, end) or (end - begin <= _LONGEST_NEGATOR and text[begin:end] in lexicon.NEGATORS)
