"""The extension a caller gives with a phone number: "extension 45", "ext. 12", "x7", "extension four five".

The number itself is taken out of the words before the parser hears them (``voicekit.privacy.take_phone_number``);
what follows it is kept here, and its tokens are no time ("extension 12" is not noon, "four five" not 4:05).
"""

from __future__ import annotations

_LEADS = {"extension", "ext", "extn", "x"}
_DIGIT_WORDS = {"zero": "0", "oh": "0", "o": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
                "six": "6", "seven": "7", "eight": "8", "nine": "9"}
LONGEST = 6
"""Digits an extension may have: more is some other number."""


def find_extension(lower: list[str]) -> tuple[str | None, set[int]]:
    """The extension's digits and the tokens that said it, or (None, set())."""
    for i, word in enumerate(lower):
        glued = word[1:] if word.startswith("x") and word[1:].isdigit() else None  # "x7"
        if glued is not None and len(glued) <= LONGEST:
            return glued, {i}
        if word not in _LEADS or (word == "x" and i == 0):
            continue
        digits, end = _digits_from(lower, i + 1)
        if digits and len(digits) <= LONGEST:
            return digits, set(range(i, end))
    return None, set()


def _digits_from(lower: list[str], start: int) -> tuple[str, int]:
    digits, end = "", start
    while end < len(lower):
        word = lower[end]
        if word.isdigit():
            digits += word
        elif word in _DIGIT_WORDS:
            digits += _DIGIT_WORDS[word]
        else:
            break
        end += 1
    return digits, end
