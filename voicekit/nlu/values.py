"""The values in a turn: the days, the times and the choice among offered times a caller names.

Each found in the words and then kept or dropped by what is around it: "not Tuesday", "I have something at 2",
"at 5 Bon Air Rd", "the 2:30 one", "Tuesday or Wednesday".
"""

from __future__ import annotations

import voicekit.nlu.lexicon as lexicon
from voicekit.nlu.framing import not_the_request
from voicekit.nlu.spoken_time import NUMBER_WORDS, TIME_CUES, FoundTime, find_times
from voicekit.weekdays import WEEKDAYS

RELATIVE_DAYS = ("today", "tomorrow")


def negated(lower: list[str], at: int) -> bool:
    """A value the caller rules out: "not Tuesday", "can't do Friday", "anything but Monday", "not at 10"."""
    if lower[max(0, at - 2):at] == ["if", "not"]:
        return False  # "9:30, if not 10 am": a fallback, not a time ruled out
    if at >= 2 and lower[at - 1] in ("or", "nor") and _is_value(lower[at - 2]) and negated(lower, at - 2):
        return True  # "I can't do Monday or Tuesday", "I can't do Thursday. Or Friday.": both ruled out
    looked = 0
    for k in range(at - 1, max(0, at - 4) - 1, -1):
        word = lower[k]
        if word in ("at", "on", "do", "make", "it", "a", "the"):
            continue
        if word in lexicon.NEGATORS - {"no"} or word.endswith("n't"):  # "no, make it Wednesday" is a correction
            # "so not then, Friday is better": the negation is of "then", not of what follows it
            return not (k + 1 < at and lower[k + 1] in lexicon.PRO_FORMS)
        looked += 1
        if looked == 2 or word in lexicon.DAY_FORMS or word in RELATIVE_DAYS or word[:1].isdigit():
            break  # "not Tuesday, Wednesday": the negation ends at the value it negates
    return at >= 2 and lower[at - 1] == "but" and lower[at - 2] in ("anything", "any", "anyday")


def _is_value(word: str) -> bool:
    return word.removesuffix("'s") in lexicon.DAY_FORMS or word in RELATIVE_DAYS or word[:1].isdigit()


def preferred_day(lower: list[str], asked: bool) -> str | None:
    """Of alternatives, the day the caller settles on ("Monday. Or Tuesday. Actually Monday's better.").

    A day said with "actually", "rather" or "prefer" before it, or "better" or "best" after it; not in a
    question ("is Monday or Tuesday better?" asks the line to choose).
    """
    if asked:
        return None
    chosen = None
    for i, word in enumerate(lower):
        day = word.removesuffix("'s")
        if day not in lexicon.DAY_FORMS:
            continue
        before, after = set(lower[max(0, i - 2):i]), set(lower[i + 1:i + 3])
        if before & lexicon.PREFERENCE_BEFORE or after & lexicon.PREFERENCE_AFTER:
            chosen = lexicon.DAY_FORMS[day]
    return chosen


def choice(lower: list[str]) -> int | None:
    """Which offered time is meant by "the first one", "first available", "the earliest", "option 3"."""
    for i, tok in enumerate(lower):
        following = lower[i + 1].removesuffix("'s") if i + 1 < len(lower) else None  # "first one's fine"
        if tok in lexicon.ORDINALS and (following in lexicon.CHOSEN or (following is None and _points_at(lower, i))):
            return lexicon.ORDINALS[tok]
        if tok in ("option", "number", "choice") and following is not None:
            number = int(following) if following.isdigit() else NUMBER_WORDS.get(following)
            if number is not None and 1 <= number <= 9:
                return number
    return None


def _points_at(lower: list[str], at: int) -> bool:
    """An ordinal ending the turn picks an offer ("the first", "I'll take the last") unless it is an adverb.

    "I need to check my diary first", "let me ask my wife first": said after what the caller will do first.
    """
    return at == 0 or lower[at - 1] in lexicon.PICK_LEADS


def pick(values: list[str], lower: list[str]) -> tuple[str | None, bool]:
    """The value meant, and whether the caller offered alternatives ("Tuesday or Wednesday")."""
    distinct = list(dict.fromkeys(values))
    if len(distinct) <= 1:
        return (distinct[0] if distinct else None), False
    if {"or", "either"} & set(lower):
        return None, True
    return distinct[-1], False  # "not Tuesday, Wednesday": the last value is the correction


def days(lower: list[str], today: str | None,
         clause_starts: frozenset[int] = frozenset()) -> tuple[list[str], str | None]:
    """The weekdays named (not ruled out), and "today"/"tomorrow" when said (a weekday too once today is known).

    "Tonight" is today ("this evening" is heard as ``later_today``). A day ruled out ("not Tuesday"), said only
    to frame the turn ("since it's Monday today") or as an obstacle ("I work on Friday") is not taken.
    """
    days, relative = [], None
    for i, tok in enumerate(lower):
        tok = tok.removesuffix("'s")  # "Tuesday's appointment", "tomorrow's"
        tok = "today" if _tonight(lower, i) else tok
        if (tok in lexicon.DAY_FORMS or tok in RELATIVE_DAYS) and ruled_out(lower, i, clause_starts):
            continue  # "not Tuesday", "not today, thank you", "I'm not free tomorrow", "I work on Friday"
        if tok in lexicon.DAY_FORMS:
            days.append(lexicon.DAY_FORMS[tok])
        elif tok in RELATIVE_DAYS:
            relative = tok
            if today in WEEKDAYS:
                offset = 0 if tok == "today" else 1
                if i >= 2 and lower[i - 2 : i] == ["day", "after"]:  # "(the) day after tomorrow"
                    offset = 2
                days.append(WEEKDAYS[(WEEKDAYS.index(today) + offset) % 7])
    return days, relative


def _tonight(lower: list[str], at: int) -> bool:
    """'Tonight': today, in the evening."""
    return lower[at] == "tonight"


def later_today(lower: list[str]) -> bool:
    """'This evening', 'this afternoon', 'this morning': later today, for the agent to take when no day is named.

    Not a weekday of the parser's own: SGD's annotators give "this afternoon" no date, and a caller may say it of
    a day already named ("Tuesday, this afternoon if you can").
    """
    return any(word in lexicon.PARTS_OF_DAY and at > 0 and lower[at - 1] == "this" for at, word in enumerate(lower))


def ruled_out(lower: list[str], at: int, clause_starts: frozenset[int] = frozenset()) -> bool:
    """A day at ``at`` that is not the request: negated, said to frame the turn, or one the caller cannot come.

    A tag question ends its clause, and its negation with it: "It's lovely, isn't it? Wednesday at 11".
    """
    return negated_here(lower, at, clause_starts) or not_the_request(lower, at, clause_starts)


def negated_here(lower: list[str], at: int, clause_starts: frozenset[int] = frozenset()) -> bool:
    """``negated``, except across a tag question that ends a clause ("It's lovely, isn't it? 10 am please")."""
    tagged = next((s for s in sorted(clause_starts, reverse=True) if at - 4 < s <= at and s >= 2
                   and lower[s - 2].endswith("n't") and lower[s - 1] in _TAGGED), None)
    return negated(lower[tagged:], at - tagged) if tagged is not None else negated(lower, at)


_TAGGED = {"it", "you", "they", "we", "he", "she", "i", "there", "that"}


def times(lower: list[str], content_words: int, date_words: set[int],
          clause_starts: frozenset[int] = frozenset()) -> list[str]:
    """The times named: a bare number only when cued ("at 3") or nearly alone, never a count, a date or a house."""
    times = []
    every = find_times(lower)
    for n, found in enumerate(every):
        if found.start in date_words:  # "March 3", "on the 14th": a day of the month, not a time
            continue
        cued = found.start > 0 and lower[found.start - 1] in TIME_CUES
        # "is 9 or 10 better?": two hours offered as alternatives are times, cued or not
        cued = cued or any(abs(other.start - found.end) == 1 and lower[found.end:found.end + 1] == ["or"]
                           or abs(found.start - other.end) == 1 and lower[found.start - 1:found.start] == ["or"]
                           for other in every[max(0, n - 1):n + 2] if other is not found)
        counted = (found.end < len(lower) and lower[found.end] in lexicon.COUNTED) or (
            found.start > 0 and lower[found.start - 1] in lexicon.POINTING and not found.explicit)
        cued = cued or _bound_or_works(lower, found)
        if negated_here(lower, found.start, clause_starts) or _not_a_time(lower, found) or _pronoun_one(lower, found) \
                or _the_clock(lower, found):
            continue
        if found.explicit or (not counted and (cued or content_words <= 3)):
            times.append(found.hhmm)
    return times


def _pronoun_one(lower: list[str], found: FoundTime) -> bool:
    """A pointing "one" ("the 2:30 one", "the morning one", "book one", "some one else"): it is not 1 o'clock."""
    if lower[found.end - 1] != "one" or found.start == 0:
        return False
    before = lower[found.start - 1]
    if lower[found.start] == "one" and before in lexicon.ONE_AS_A_THING:
        return True
    if found.end - found.start == 1:
        return not found.explicit and (before[:1].isdigit() or before in ("am", "pm", "o'clock", *lexicon.PARTS_OF_DAY))
    return before in ("the", "that") and lower[found.start] in lexicon.PARTS_OF_DAY


def _not_a_time(lower: list[str], found: FoundTime) -> bool:
    """A house number ("at 5 Bon Air Rd") or a time the caller is busy at ("I have something at 2").

    A time said with minutes or am/pm ("1:30 pm with Dr. Wong", "half past 10 ... that way") is no house number.
    """
    start, end = found.start, found.end
    if not found.explicit and lexicon.STREET & set(lower[end:end + 3]):
        return True
    if start == 0 or lower[start - 1] not in ("at", "until"):
        return False
    before = lower[max(0, start - 3):start]
    had = lexicon.HAD & set(before) and lexicon.HAVE & set(lower[max(0, start - 5):start])
    return bool(lexicon.BUSY & set(before) or had)


def _the_clock(lower: list[str], found: FoundTime) -> bool:
    """The time it is now ("it's 10 am now", "it is already 2 pm"): what the caller sees, not what they ask for."""
    before = lower[max(0, found.start - 4):found.start]
    adverbs = 0
    while before and before[-1] in lexicon.CLOCK_ADVERBS:
        before, adverbs = before[:-1], adverbs + 1
    says_it_is = before[-1:] in (["it's"], ["its"]) or before[-2:] == ["it", "is"]
    return says_it_is and (adverbs > 0 or lower[found.end:found.end + 1] == ["now"])


def _bound_or_works(lower: list[str], found: FoundTime) -> bool:
    """A bare hour cued by what is around it: "later than 2", "earlier than 11", "so 12 will work"."""
    if lower[max(0, found.start - 2):found.start] in (["later", "than"], ["earlier", "than"]):
        return True
    if lower[found.start] == "one":  # "yes, one would be great": an appointment, not 1 o'clock
        return False
    return any(tuple(lower[found.end:found.end + len(words)]) == words for words in lexicon.WORKS_AFTER)
