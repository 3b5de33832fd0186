"""What a caller must never have repeated or stored: card, ID and account numbers; and text JSON cannot carry.

Applied once at every edge where caller text comes in (``VoiceAgent.handle``, the HTTP service, the
graph's own state reducer), before anything is parsed, said, logged or checkpointed.
"""

from __future__ import annotations

import re

MASK = "[redacted]"
# Six or more digits, whatever separates them (spaces, tabs, line breaks, no-break spaces, commas, full
# stops, slashes, underscores, hyphens and dashes, up to three at a time): card, ID and account numbers.
_SEPARATOR = r"[\s,./_\-\u2010-\u2015]{0,3}"
_SENSITIVE_RE = re.compile(rf"(?<![\d:])\d(?:{_SEPARATOR}\d){{5,}}(?![\d:])")
_DIGIT_WORDS = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
_SPOKEN_DIGITS_RE = re.compile(rf"\b{_DIGIT_WORDS}(?:[\s,.\-]+{_DIGIT_WORDS}){{5,}}\b", re.IGNORECASE)


def replace_lone_surrogates(text: str) -> str:
    """Text with every unpaired surrogate (invalid in UTF-8; JSON can carry one) replaced by U+FFFD."""
    return re.sub("[\ud800-\udfff]", "\ufffd", text)


# A calendar date with its year ("12/3/2026", "3/3/19") has six digits or more, but is no card or ID number.
_NUMERIC_DATE_RE = re.compile(r"(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])/(?:(?:19|20)\d\d|\d\d)")


def _masked_run(found: re.Match[str]) -> str:
    return found.group() if _NUMERIC_DATE_RE.fullmatch(found.group()) else MASK


def mask_sensitive(text: str) -> str:
    """Replace card numbers, national ID numbers and other 6+ digit strings (digits or words) with [redacted]."""
    if not isinstance(text, str):
        return text
    return _SPOKEN_DIGITS_RE.sub(MASK, _SENSITIVE_RE.sub(_masked_run, text))


# -- phone numbers: kept when the agent asked for one, shown only as their last four digits -------------
_SPOKEN_DIGIT = {"zero": "0", "oh": "0", "o": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
                 "six": "6", "seven": "7", "eight": "8", "nine": "9"}
_REPEATS = {"double": 2, "triple": 3}
_PHONE_WORD = re.compile(r"\+|\d|[a-z]+", re.IGNORECASE)
_PHONE_GAP = re.compile(r"[\s,.()/\-\u2010-\u2015]*")
PHONE_DIGITS = (7, 15)
"""The shortest and longest phone number taken (a local number to E.164's maximum)."""
_PHONE_TOKEN = "[phone ending {last_four}]"
PHONE_TOKEN_RE = re.compile(r"\[phone ending \d{4}\]")
"""Where a phone number was in an utterance: what transcripts, logs and checkpoints show of it."""


def phone_ending(phone: str) -> str:
    """A phone number as logs may show it: only its last four digits ("[phone ending 0123]")."""
    return _PHONE_TOKEN.format(last_four="".join(c for c in phone if c.isdigit())[-4:])


def take_phone_number(text: str) -> tuple[str, str | None]:
    """(``text`` with its phone number replaced by ``phone_ending``, the number's digits), or (text, None).

    Used only where the agent has just asked for a number to call back: anywhere else a long digit run may be
    a card number, and ``mask_sensitive`` hides it whole. Digits may be written or spoken ("five five five,
    oh one two three", "double five"), with a leading "+" and any separators; the keypad's markup is dropped.
    Of several runs the last is the number ("617 555 01... sorry, 617 555 0124": the caller corrected it), and an
    "Oh," said before written digits is a filler ("Oh, 617 555 0123"), not a zero.
    """
    if not isinstance(text, str):
        return text, None
    plain = re.sub(r"\[dtmf\]|</?entered_dtmf_digits>|#", " ", text, flags=re.IGNORECASE)
    runs = [run for run in _digit_runs(plain) if PHONE_DIGITS[0] <= len(run[2].lstrip("+")) <= PHONE_DIGITS[1]]
    if not runs:
        return text, None
    start, end, digits = _without_a_filler_oh(plain, runs[-1])
    return " ".join((plain[:start] + phone_ending(digits) + plain[end:]).split()), digits


_FILLER_OH = re.compile(r"(?:oh|o)[,!.;:]+\s*(?=\d)", re.IGNORECASE)


def _without_a_filler_oh(text: str, run: tuple[int, int, str]) -> tuple[int, int, str]:
    """The run without an "Oh," that starts it before written digits: an exclamation, not a zero."""
    start, end, digits = run
    filler = _FILLER_OH.match(text, start)
    if filler is None or not digits.startswith("0"):
        return run
    return filler.end(), end, digits[1:]


def _digit_runs(text: str) -> list[tuple[int, int, str]]:
    """Each run of digits (written, spoken, "double"/"triple" repeated), as (start, end, digits).

    Linear in the length of ``text``: a run's digits are gathered a word at a time and joined once it ends,
    since adding each one to a ``str`` copies the run so far (a 2 MB run of digits took over a minute).
    """
    runs: list[tuple[int, int, str]] = []
    start = end = -1
    pieces: list[str] = []  # the run so far: an optional leading "+", then the digits of each word
    repeat = 1
    position = 0
    while position < len(text):
        gap = _PHONE_GAP.match(text, position)
        at = gap.end() if gap else position
        if gap and "," in gap.group() and sum(len(p) for p in pieces) >= 10:
            # "617 555 0123, 10 am please": a whole number ends at a pause; what follows is something else
            _keep_run(runs, start, end, pieces)
            start, pieces, repeat = -1, [], 1
        word = _PHONE_WORD.match(text, at)
        if word is None:
            position = at + 1
            _keep_run(runs, start, end, pieces)
            start, pieces, repeat = -1, [], 1
            continue
        token = word.group().lower()
        digit = token if token.isdigit() else _SPOKEN_DIGIT.get(token)
        if token == "+" and not pieces:
            start, pieces = at, ["+"]
        elif digit is not None:
            if start < 0:
                start = at
            pieces.append(digit * repeat)
            repeat, end = 1, word.end()
        elif token in _REPEATS:
            start, repeat = (at if start < 0 else start), _REPEATS[token]
        else:
            _keep_run(runs, start, end, pieces)
            start, pieces, repeat = -1, [], 1
        position = word.end()
    _keep_run(runs, start, end, pieces)
    return runs


def _keep_run(runs: list[tuple[int, int, str]], start: int, end: int, pieces: list[str]) -> None:
    """Add the run that just ended to ``runs`` if it has a digit (a "+" alone is none)."""
    if pieces and pieces[-1] != "+":  # only the first piece can be "+": any later one holds digits
        runs.append((start, end, "".join(pieces)))
