"""The consent gate (SPEC 5.1): does this turn, as a whole, authorise the irreversible step read back?

CONFIRM asks it for ``book`` and ``cancel`` alike. Precision first: a wrong "yes" books or cancels
something for good, a missed one costs a question. So the gate is an allow-list, not a classifier:
the turn opens it only if every word of it belongs to an affirmation ("yes", "that's right", "go
ahead", "mm-hmm"...) or to politeness and filler ("please", "thanks", "okay", "um"), with at least
one affirmation; or if it is nothing but the keypad key 1 (pressed: a spoken "one" is not the key, SPEC 5.1).
Anything else keeps it shut: a negation, a question mark, a hedge, a hold, a day, a time, a name, a digit,
another request, a keypad key mixed with speech, any word the gate does not know, or a last word that says
more is coming ("yes, and", "sure, so", "yes um": the phone line's pause cut the caller off mid-sentence).
It reads the whole turn, however long. No parser and no LLM takes part, so no model's guess can authorise a
write.
"""

from __future__ import annotations

import re
import unicodedata

from voicekit.nlu import Understanding

_AFFIRMATIONS = """
yes | yeah | yep | yup | yea | ya | yah | aye | sure | sure thing | for sure | correct | that's correct |
that is correct | thats correct | that's right | that is right | thats right | that's all correct |
that is all correct | all correct | all good | that's good | that is good | that's fine | that is fine |
that's perfect | that's great | that works | that works for me | works for me | sounds good |
sounds great | sounds perfect | sounds right | that sounds good | that sounds great | that sounds right |
i confirm | confirm | confirmed | go ahead | please go ahead | yes please | please do | do it |
absolutely | definitely | certainly | of course | exactly | precisely | perfect | great | excellent |
lovely | wonderful | fine | cool | indeed | affirmative | spot on | mm-hmm | mm hmm | mhm | mhmm | uh-huh |
uh huh | you got it | you've got it | you've got it right | you got it right | you have it right |
you've got all of that right | you got all of that right | you have all of that right | you've got that right
"""
_POLITENESS_AND_FILLER = """
please | thanks | thank you | thanks a lot | thank you very much | thank you so much | many thanks | okay | ok |
o k | alright | all right | um | umm | uh | uhh | er | erm | ah | oh | well | so | and | sir | ma'am | madam
"""


# Affirmations that name the action: "book it" agrees to a booking, never to a cancellation.
_NAMING_THE_WRITE = {
    "book": "book it | please book it | go ahead and book it | go ahead and book | book it please",
    "cancel": "cancel it | please cancel it | go ahead and cancel it | go ahead and cancel | cancel it please",
    # Not "leave it" alone: "oh, leave it" turns the request down (issue 38); "please leave it" asks for it.
    "request_callback": "please leave it | leave the request | leave that request | leave a request | "
                        "go ahead and leave it | send it | please send it",
    "move": "move it | please move it | go ahead and move it | go ahead and move | move it please",
}


def _phrases(table: str) -> frozenset[tuple[str, ...]]:
    return frozenset(tuple(p.split()) for p in table.replace("\n", " ").split("|") if p.strip())


AFFIRMATIONS = _phrases(_AFFIRMATIONS)
AFFIRMATIONS_OF = {write: AFFIRMATIONS | _phrases(table) for write, table in _NAMING_THE_WRITE.items()}
POLITENESS_AND_FILLER = _phrases(_POLITENESS_AND_FILLER)
_LONGEST = max(len(p) for p in frozenset().union(*AFFIRMATIONS_OF.values()) | POLITENESS_AND_FILLER)

# Only the ASCII key 1, alone: "[DTMF] 1" or "<entered_dtmf_digits>1</entered_dtmf_digits>".
_KEYPAD_ONE = re.compile(r"\s*(?:\[dtmf\]\s*1|<entered_dtmf_digits>\s*1\s*</entered_dtmf_digits>)\s*",
                         re.IGNORECASE | re.ASCII)
# A key said, alone ("one", "press two", "number one", "1"), right after the read-back's "press one for yes and
# two for no": the caller means the key, never 1 pm or 2 pm.
_KEY_SAID = re.compile(r"\s*(?:(?:press|pressing|number|key)\s+)?(one|two|1|2)\s*[.!]?\s*", re.IGNORECASE | re.ASCII)
_KEYS = {"one": "1", "two": "2", "1": "1", "2": "2"}
# A last word that means the sentence goes on: the line's pause cut the caller off, so this is no whole yes.
_GOES_ON = frozenset({"and", "so", "but", "or", "um", "umm", "uh", "uhh", "er", "erm", "well", "also", "plus", "then"})
_DASHES = re.compile("[\u2010-\u2015\u2212]")
# Letters, spaces and light punctuation only: "?", digits, brackets (a masked number), symbols and
# keypad markup all mean the turn is something more than a yes.
_BEYOND_WORDS = re.compile(r"[^a-z\s.,!;:'\"\-]")
_WORD = re.compile(r"[a-z]+(?:['-][a-z]+)*")


def is_consent(text: object, write: str = "book") -> bool:
    """True only when the whole turn is an explicit yes to ``write`` (a ``WriteNode``, or "move"), or only keypad 1."""
    if not isinstance(text, str) or write not in AFFIRMATIONS_OF:
        return False
    affirmations = AFFIRMATIONS_OF[write]
    if _KEYPAD_ONE.fullmatch(text):
        return True
    normal = unicodedata.normalize("NFKC", text).lower().replace("\u2019", "'").replace("\u2018", "'")
    normal = _DASHES.sub(" - ", normal)
    if _BEYOND_WORDS.search(normal):
        return False
    words = _WORD.findall(normal)
    if (words and words[-1] in _GOES_ON) or normal.rstrip().endswith(("...", "-")):
        return False
    # Can the words be split, end to end, into known phrases with at least one affirmation among them?
    # reached[i]: the first i words split so far (True once an affirmation was used), absent if they cannot be.
    reached: dict[int, bool] = {0: False}
    for at in range(len(words)):
        if at not in reached:
            continue
        for size in range(1, min(_LONGEST, len(words) - at) + 1):
            chunk = tuple(words[at:at + size])
            if chunk in affirmations or chunk in POLITENESS_AND_FILLER:
                reached[at + size] = reached.get(at + size, False) or reached[at] or chunk in affirmations
    return reached.get(len(words), False)


def key_said(text: object) -> str | None:
    """The keypad key a turn says and nothing else ("one", "press two"): "1" or "2"; None for anything more."""
    if not isinstance(text, str):
        return None
    said = _KEY_SAID.fullmatch(text)
    return _KEYS[said.group(1).lower()] if said else None


def changes_read_back(heard: Understanding, day: str | None, time: str | None, name: str | None) -> bool:
    """The turn gives a value other than the one read back (or two alternatives): it is a correction."""
    return (
        (heard.day is not None and heard.day != day)
        or (heard.time is not None and heard.time != time)
        or (heard.name is not None and heard.name != name)
        or heard.ambiguous is not None
        or len(set(heard.days)) > 1
        or len(set(heard.times)) > 1
    )
