"""Days a caller names that are not the day asked for: in a framing clause, or as an obstacle.

"Since it's Monday today, let's say Wednesday": Monday and today only say what day it is. "It's lovely out
today, isn't it? Wednesday at 11": a remark about today. "Thursday's good, I work on Friday", "I'm busy
Friday", "Friday's no good": Friday is when the caller cannot come. A receptionist hears Wednesday and
Thursday; so does the parser. Works on the word tokens of ``voicekit.nlu.analyse`` and the tokens that begin
a clause there (after punctuation), each rule a function the examples in ``examples/day.toml`` name.
"""

from __future__ import annotations

import voicekit.nlu.lexicon as lexicon

_TODAY = ("today", "tonight")


def not_the_request(lower: list[str], at: int, clause_starts: frozenset[int]) -> bool:
    """The day word at ``at`` frames the turn or is an obstacle: not the day the caller asks for."""
    if at > 0 and lower[at - 1] in ("last", "past"):
        return True  # "ever since last Wednesday": a day gone by
    start, end = _clause(lower, at, clause_starts)
    clause = lower[start:end]
    return _frames(clause, at - start) or _remarks_on_today(clause, at - start) or _busy_on(lower, at, start) \
        or _not_then(lower, at)


def _clause(lower: list[str], at: int, clause_starts: frozenset[int]) -> tuple[int, int]:
    """The clause around token ``at``: from the last break before it to the next one after it.

    A clause breaks after punctuation and before the words that open a new one ("so", "but", "let's").
    """
    def breaks(i: int) -> bool:
        return i in clause_starts or lower[i] in lexicon.CLAUSE_OPENERS

    start = next((i for i in range(at, 0, -1) if breaks(i)), 0)
    end = next((i for i in range(at + 1, len(lower)) if breaks(i)), len(lower))
    return start, end


def _stated(clause: list[str]) -> int | None:
    """Where a statement of what day it is starts ("it's", "it is", "today is", "today's"), or None."""
    for i, word in enumerate(clause):
        if word in ("it's", "its", "today's") or (word in ("it", "today") and clause[i + 1:i + 2] == ["is"]):
            return i
    return None


def _frames(clause: list[str], at: int) -> bool:
    """'Since it's Monday today', 'today is Monday', 'as it's Friday': the day it is, said to frame the request."""
    stated = _stated(clause)
    if stated is None or at < stated:
        return False
    before = [w for w in clause[:stated] if w not in lexicon.FILLERS]
    framed = bool(before) and (before[-1] in lexicon.FRAMING_LEADS or before[-2:] in (["now", "that"],
                                                                                     ["seeing", "as"]))
    says_today = clause[stated].startswith("today") or any(w in _TODAY for w in clause[stated:])
    if clause[at] in _TODAY:  # "today" is the request unless the clause only says what day today is
        return framed or (says_today and any(w in lexicon.DAY_FORMS for w in clause))
    return framed or says_today


def _remarks_on_today(clause: list[str], at: int) -> bool:
    """'It's lovely out today, isn't it?', 'how are you today?': today in a remark, not a day asked for."""
    if clause[at] not in _TODAY:
        return False
    joined = " ".join(clause)
    return bool(lexicon.REMARK_WORDS & set(clause) and _stated(clause) is not None) \
        or any(phrase in joined for phrase in lexicon.REMARKS_ON_THE_DAY)


def _not_then(lower: list[str], at: int) -> bool:
    """'Thursday I have chemo, so not then': the day is turned down a few words on, before another day is said."""
    for k in range(at + 1, min(len(lower) - 1, at + 8)):
        if lower[k].removesuffix("'s") in lexicon.DAY_FORMS:
            return False
        if lower[k] == "not" and lower[k + 1] in ("then", "that"):
            return True
    return False


def _busy_on(lower: list[str], at: int, clause_start: int) -> bool:
    """'I work on Friday', 'I'm busy Friday', 'Friday's no good', 'Friday is out': when the caller cannot come."""
    before = lower[max(clause_start, at - 4):at]
    if lexicon.BUSY_ON & set(before) and lexicon.FIRST_PERSON & set(lower[max(clause_start, at - 5):at]):
        return True
    after = lower[at + 1:at + 5]
    if after[:1] == ["is"]:
        after = after[1:]
    for words in lexicon.OBSTACLE_AFTER:
        if after[:len(words)] == list(words):
            # "Friday's no good"; "Friday, I'm busy" but not "Friday, I'm busy on Thursday" (that is Thursday's)
            rest = after[len(words):len(words) + 1]
            return words[0] not in lexicon.FIRST_PERSON or not rest or rest[0] not in lexicon.OBSTACLE_OBJECTS
    return False
