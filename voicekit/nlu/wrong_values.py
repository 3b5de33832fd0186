"""The values a caller says are wrong ("that's not my name", "wrong day", "the time is wrong"): issue 35 item 2.

At the read-back such a "no" goes back to that value, not to the time. Read on the turn's lower-case word tokens
joined by spaces (``voicekit.nlu.analysis``); the examples are data in ``voicekit/nlu/examples/wrong.toml``.
"""

from __future__ import annotations

import re

# The words for each value, as a regular expression alternative (longest first).
_VALUES = {
    "name": r"(?:last |first |sur|family )?name|spelling",
    "day": r"day|date",
    "time": r"time|hour",
    "number": r"(?:phone |contact |telephone )?number",
}
_SLOT = "|".join(f"(?P<{value}>{words})" for value, words in _VALUES.items())
_WRONG = r"(?:wrong|incorrect|not right|not correct|isn't right|is not right|off|mistaken|misspelled|misspelt)"
_THAT_IS = r"(?:that's|that is|thats|it's|it is|its|this is|that was|that isn't|it isn't)"
_OWNER = r"(?:my|the|your|our)"
_PATTERNS = [re.compile(p) for p in (
    rf"\b{_THAT_IS} not {_OWNER}(?: right| correct)? (?:{_SLOT})\b",  # "that's not my name", "not the right day"
    rf"\b(?:wrong|incorrect) (?:{_SLOT})\b",  # "wrong day", "the wrong time"
    rf"\b{_OWNER} (?:{_SLOT})(?: is| was| are|'s) (?:all )?{_WRONG}\b",  # "the time is wrong", "my name's wrong"
    rf"\b(?:{_SLOT})'s {_WRONG}\b",  # "name's wrong"
    rf"\byou(?:'ve| have)?(?: got| have| spelled| spelt| heard| written| put)? {_OWNER} (?:{_SLOT}) wrong\b",
    rf"\byou(?:'ve| have)? (?:misspelled|misspelt|misheard|misspelt) {_OWNER} (?:{_SLOT})\b",
    rf"\b(?:no|nope)(?: that's| it's)? not {_OWNER}(?: right| correct)? (?:{_SLOT})\b",  # "no, not my name"
    rf"\bmy (?:{_SLOT}) (?:isn't|is not|'s not|is n't)\b",  # "my name isn't Jamie Pracer"
)]
# Two values at once: "the day and the time are wrong".
_BOTH = re.compile(rf"\b{_OWNER} ((?:\w+ )?\w+) and (?:{_OWNER} )?((?:\w+ )?\w+) (?:are|were) (?:both )?{_WRONG}\b")
_VALUE_OF = {value: re.compile(rf"(?:{words})$") for value, words in _VALUES.items()}
# Said of the name without naming it: "that's not how you spell it", "it's spelled differently".
_SPELLED_WRONG = re.compile(r"\b(?:not how (?:you|it's|it is) spel(?:l|led|t)|spel(?:led|t) (?:it )?(?:differently|"
                            r"wrong|incorrectly))\b")


def wrong_values(joined: str) -> list[str]:
    """The values ("name", "day", "time", "number") the turn says are wrong, in that order; [] when none."""
    found = {value for pattern in _PATTERNS for match in pattern.finditer(joined)
             for value, words in match.groupdict().items() if words}
    for match in _BOTH.finditer(joined):
        found.update(value for said in match.groups() for value, words in _VALUE_OF.items() if words.fullmatch(said))
    if _SPELLED_WRONG.search(joined):
        found.add("name")
    return [value for value in _VALUES if value in found]
