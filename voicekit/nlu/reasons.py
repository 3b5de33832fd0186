"""The reason for the visit in the caller's own words: the clauses of a turn that name a complaint.

"A runny nose, lack of energy, and a headache" is kept whole; inside a request only the complaint is
("I need to see someone about | my back pain"). A complaint negated ("no chest pain", "it doesn't hurt")
or an idiom ("a bit of a pain", "sick of waiting") is none, nor is a part of the body that is not the
caller's ("call me back"). The text is the masked utterance, so a number read out is never kept.
"""

from __future__ import annotations

import re
from bisect import bisect_left

import voicekit.nlu.lexicon as lexicon
from voicekit.nlu.phrases import phrase_re

_CLAUSE = re.compile(r"[^,.;:!?]+")
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")
_PHRASES = phrase_re(lexicon.REASON_PHRASES)
LONGEST_REASON = 300
"""Characters of a reason kept: enough for staff, never a whole monologue."""


def visit_reason(text: str) -> str | None:
    """The words of ``text`` (masked) that say why the caller comes, or None."""
    text = text.replace("\u2019", "'")
    lower = text.lower()
    if len(lower) != len(text):  # a letter whose lower case is longer would shift every offset
        lower = text
    spans = [span for clause in _CLAUSE.finditer(lower) if (span := _complaint_in(lower, clause.start(),
                                                                                   clause.end()))]
    if not spans:
        return None
    return text[spans[0][0]:spans[-1][1]].strip()[:LONGEST_REASON] or None


def _complaint_in(lower: str, start: int, end: int) -> tuple[int, int] | None:
    """Where the complaint of the clause ``lower[start:end]`` is said, or None when it names none."""
    words = list(_WORD.finditer(lower, start, end))
    said = [w.group() for w in words]
    hits = [at for at in range(len(said)) if _complains(said, at)]
    starts = [w.start() for w in words]
    for phrase in _PHRASES.finditer(lower, start, end):  # its first and last word count: nothing between is needed
        hits += [bisect_left(starts, phrase.start()), bisect_left(starts, phrase.end()) - 1]
    if not hits:
        return None
    first, last = min(hits), max(hits)
    begin = words[0].start()
    lead = next((at for at in range(first - 1, -1, -1) if said[at] in lexicon.REASON_LEADS), None)
    if lead is not None:
        begin = words[lead + 1].start()
    return begin, words[last].end()


def _complains(said: list[str], at: int) -> bool:
    word = said[at]
    before = said[at - 1] if at else ""
    after = said[at + 1] if at + 1 < len(said) else ""
    if word in lexicon.BODY_PARTS and (before in lexicon.OWNERS or before in lexicon.SYMPTOM_WORDS):
        return not _negated(said, at - 1)  # "my knee", "a runny nose"
    if word not in lexicon.SYMPTOM_WORDS or _negated(said, at):
        return False
    if after == "of" and word in lexicon.IDIOM_BEFORE_OF:
        return False
    return not (word in ("pain", "pains") and before == "a" and after != "in")  # "a bit of a pain"


def _negated(said: list[str], at: int) -> bool:
    return any(w in lexicon.NEGATORS or w.endswith("n't") for w in said[max(0, at - 3):at])
