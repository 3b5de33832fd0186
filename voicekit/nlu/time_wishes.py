"""What callers mean by "after 3" or "as soon as possible", and which of two times is only the fallback.

"After 3", "anything in the afternoon", "the earliest you have": a constraint on the times offered, not a time;
"10 am, if not 11 am": the second time is taken only if the first is not open.

A bound ("after", "before", "around") keeps its time in ``Understanding.time`` as well (SPEC 2.2's parse still
hears "after four pm" as 16:00): the agent decides from the wish whether that time itself is meant.
"""

from __future__ import annotations

import voicekit.nlu.lexicon as lexicon
from voicekit.nlu.phrases import has_phrase
from voicekit.nlu.spoken_time import find_times
from voicekit.nlu.types import TimeWish, WishKind
from voicekit.nlu.values import negated

_OTHER_SIDE: dict[WishKind, WishKind] = {"before": "after", "after": "before"}


def time_wish(lower: list[str], times: list[str]) -> TimeWish | None:
    """The constraint a turn puts on the time, from its words and the times it was heard to ask for."""
    joined = " ".join(lower)
    distinct = list(dict.fromkeys(times))
    if len(distinct) == 1:
        return _bound(lower, distinct[0])
    if distinct:
        return None  # two times said: a choice or a correction, which the times already say
    part = _part_of_day(lower)
    if part is not None:
        return {"kind": part}
    if has_phrase(joined, lexicon.SOONEST):
        return {"kind": "earliest"}
    if has_phrase(joined, lexicon.LATEST):
        return {"kind": "latest"}
    return None


def _bound(lower: list[str], time: str) -> TimeWish | None:
    for found in find_times(lower):
        if found.hhmm != time:
            continue
        start, end = found.start, found.end
        kind: WishKind | None = None
        for words, bound in lexicon.BOUND_BEFORE.items():
            if start >= len(words) and tuple(lower[start - len(words):start]) == words:
                lead = start - len(words)
                # "no earlier than 10", "not before 10": the other side of the bound ("not around 3": none)
                kind = _OTHER_SIDE.get(bound) if lead and lower[lead - 1] in ("no", "not") else bound
        if kind == "around" and start >= 2 and lower[start - 2] in lexicon.ASKS_FOR_THAT:
            kind = None  # "how about 3": that time
        for words, bound in lexicon.BOUND_AFTER.items():
            if tuple(lower[end:end + len(words)]) == words:
                kind = bound
        if kind is not None:
            return {"kind": kind, "time": time}
    return None


def _part_of_day(lower: list[str]) -> WishKind | None:
    said_in_a_time = {i for found in find_times(lower) for i in range(found.start, found.end)}
    for i, word in enumerate(lower):
        part = lexicon.PARTS_OF_DAY_WISHED.get(word)
        if part is None or i in said_in_a_time or (i > 0 and lower[i - 1] in lexicon.GREETED) or negated(lower, i) \
                or any(word in lexicon.EXCEPT for word in lower[max(0, i - 3):i]):  # "anything but the morning"
            continue
        return part
    return None


def fallback_of(times: list[str], joined: str) -> tuple[str, str] | None:
    """(the time asked for, the one to take if it is not open) for "10 am, if not 11 am", else None."""
    distinct = list(dict.fromkeys(times))
    if len(distinct) == 2 and has_phrase(joined, lexicon.FALLBACK_CUES):
        return distinct[0], distinct[1]
    return None
