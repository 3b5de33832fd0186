"""Bounded work per turn: every reader of a whole caller turn is linear in the turn's length.

A caller decides how long a turn is, and it is read on the call's turn thread. Checked by behaviour, not
by timings (machines here are shared): a hang guard (a 2 MB turn read within 20 s, cut short past it) and
a scaling check that only a super-linear reader fails (four times the text may take at most eight times as
long; a quadratic reader takes sixteen), beside the same results on long turns as on short ones and the same
results as the readers gave before they were made linear. ``benchmarks/long_turns.py`` gives the figures.
"""

from __future__ import annotations

import re
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import SupportsIndex

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dialog.consent import is_consent
from voicekit import acts, lexicon, nlu, privacy
from voicekit.nlu import analyse, bare_name_of
from voicekit.privacy import MASK, mask_sensitive, take_phone_number

HANG_GUARD = 20.0
"""Seconds any one reader may take on any one turn here: far beyond a linear reader's, and a stuck one is cut."""
GROWTH_BOUND = 8.0
"""The most a reader's time may grow for four times the text: linear gives 4, quadratic 16."""
NOISE_FLOOR = 0.05
"""Seconds under which the larger call is fast whatever its ratio: the timer's noise, not the reader's growth."""
MB = 1_000_000


class TooLong(Exception):
    """A reader ran past the hang guard."""


@contextmanager
def hang_guard(seconds: float = HANG_GUARD) -> Iterator[None]:
    """Cut the reader short (``TooLong``) past ``seconds``; the regex engine checks for signals too."""

    def cut(signum: int, frame: object) -> None:
        raise TooLong(f"over {seconds} s")

    previous = signal.signal(signal.SIGALRM, cut)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def best_seconds(reader: Callable[[str], object], text: str, tries: int = 3) -> float:
    best = float("inf")
    for _ in range(tries):
        with hang_guard():
            started = time.perf_counter()
            reader(text)
            best = min(best, time.perf_counter() - started)
    return best


def repeated(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


class Uncapped(str):
    """A turn whose prefix is the whole of it: ``analyse`` reads it all, as without its 2,000-character cap."""

    def __getitem__(self, key: SupportsIndex | slice) -> str:
        if isinstance(key, slice) and key.start is None and key.step is None:
            return self
        return str.__getitem__(self, key)


def analyse_uncapped(text: str) -> object:
    return analyse(Uncapped(text))


def consent_to_book(text: str) -> bool:
    return is_consent(text, "book")


INPUTS: dict[str, Callable[[int], str]] = {
    "digits": lambda size: "5" * size,
    "spaced digits": lambda size: repeated("5 ", size),
    "spoken digits": lambda size: repeated("five ", size),
    "double five": lambda size: repeated("double five ", size),
    "keypad markup": lambda size: repeated("[DTMF] 1 ", size),
    "o then spaces": lambda size: "o" + " " * (size - 1),
    "keypad tag then spaces": lambda size: "<entered_dtmf_digits>" + " " * (size - 21),
    "[DTMF] then spaces": lambda size: "[DTMF]" + " " * (size - 7) + "x",
    "no chest pain": lambda size: repeated("no chest pain, ", size),
    "yes lines": lambda size: repeated("yes yes yes yes yes yes yes yes\n", size),
}


# -- a 2 MB turn is read in seconds, whatever is in it ----------------------------------------------------
@pytest.mark.parametrize(("reader", "kind"), [
    (take_phone_number, "digits"), (mask_sensitive, "digits"), (analyse, "digits"), (bare_name_of, "digits"),
    (take_phone_number, "spaced digits"), (take_phone_number, "spoken digits"), (take_phone_number, "keypad markup"),
    (bare_name_of, "o then spaces"), (analyse, "keypad tag then spaces"), (consent_to_book, "yes lines"),
])
def test_a_2_mb_turn_is_read_within_the_hang_guard(reader, kind):
    text = INPUTS[kind](2 * MB)
    with hang_guard():
        reader(text)


# -- four times the text takes about four times as long, never sixteen -------------------------------------
@pytest.mark.parametrize(("reader", "kind", "small"), [
    (take_phone_number, "digits", MB // 4),
    (take_phone_number, "spaced digits", MB // 4),
    (take_phone_number, "spoken digits", MB // 4),
    (take_phone_number, "double five", MB // 4),
    (take_phone_number, "keypad markup", MB // 4),
    # From 1 MB: between 250 KB and 1 MB the regex engine's stack of places to go back to (one a digit) outgrows
    # the memory caches, a one-off step in its time of about 5, not growth.
    (mask_sensitive, "digits", MB),
    (mask_sensitive, "spoken digits", MB),
    (bare_name_of, "o then spaces", MB // 4),
    (consent_to_book, "yes lines", MB // 4),
    (analyse, "keypad tag then spaces", 500),  # inside the 2,000 characters it reads
    (analyse_uncapped, "keypad tag then spaces", 32_000),
    (analyse_uncapped, "[DTMF] then spaces", 32_000),
    (analyse_uncapped, "o then spaces", 32_000),
    (analyse_uncapped, "no chest pain", 32_000),
], ids=lambda value: getattr(value, "__name__", str(value)))
def test_four_times_the_text_takes_at_most_eight_times_as_long(reader, kind, small):
    small_seconds = best_seconds(reader, INPUTS[kind](small), tries=5)
    large_seconds = best_seconds(reader, INPUTS[kind](4 * small))
    assert large_seconds < max(GROWTH_BOUND * small_seconds, NOISE_FLOOR), (
        f"{small_seconds:.4f} s for {small} characters, {large_seconds:.4f} s for four times as many")


# -- long turns read as short ones do ----------------------------------------------------------------------
def test_a_2_mb_run_of_digits_is_masked_whole_and_is_no_phone_number():
    digits = "5" * (2 * MB)
    with hang_guard():
        assert mask_sensitive(digits) == MASK
        assert mask_sensitive(repeated("5 ", 2 * MB)) == MASK + " "
        assert take_phone_number(digits) == (digits, None)
        heard = analyse(digits)
    assert heard.sensitive and heard.masked_text == MASK  # its first 2,000 characters, as ever


def test_a_phone_number_after_1_mb_of_words_is_still_found():
    words = repeated("I would like an appointment ", MB)
    for said, number in [("617 555 0123", "6175550123"), ("(617) 555-0123", "6175550123"),
                         ("six one seven, five five five, oh one two three", "6175550123"),
                         ("six one seven double five five oh one two three", "6175550123"),
                         ("+1 617 555 0123", "+16175550123")]:
        short_kept, short_phone = take_phone_number(f"my number is {said}")
        with hang_guard():
            kept, phone = take_phone_number(f"{words} my number is {said}")
        assert phone == short_phone == number
        assert short_kept.endswith("[phone ending 0123]")
        assert kept == " ".join(words.split()) + " " + short_kept


def test_a_keypad_number_after_a_long_turn_is_still_found():
    with hang_guard():
        kept, phone = take_phone_number(repeated("[DTMF] 1 ", MB) + " um " + "[DTMF] 6175550123")
    assert phone == "6175550123" and kept.endswith("um [phone ending 0123]")


def test_a_card_number_after_1_mb_of_words_is_still_redacted():
    words = repeated("hello there ", MB)
    with hang_guard():
        written = mask_sensitive(f"{words}my card is 4111 1111 1111 1111, thanks")
        spoken = mask_sensitive(f"{words}it is four one one one one one one one")
    assert written == f"{words}my card is {MASK}, thanks"
    assert spoken == f"{words}it is {MASK}"


def test_a_long_run_of_spaces_reads_as_one_space():
    with hang_guard():
        assert bare_name_of("o" + " " * MB + "Sam") == bare_name_of("o Sam")
        assert bare_name_of("Sam" + " " * MB + "Smith") == "Sam Smith"
    assert analyse("ten o" + " " * 1500 + "clock").time == analyse("ten o clock").time == "10:00"
    assert analyse("ten o '" + " " * 1500 + "clock").time == "10:00"


def test_keypad_presses_are_read_however_much_space_is_around_them():
    with hang_guard():
        assert analyse("<entered_dtmf_digits>" + " " * 1900 + "1 " + "\t" * 40 + "</entered_dtmf_digits>").dtmf == "1"
        assert analyse("[DTMF]" + " " * 1900 + "1" + " " * 50).dtmf == "1"
        assert analyse("[DTMF]" + " " * 1900 + "x").dtmf == "?"  # markup around no key: a key that means nothing
        open_tag_only = analyse("<entered_dtmf_digits>" + " " * (2 * MB))
    assert (open_tag_only.act, open_tag_only.dtmf) == ("dtmf", "?")


def test_an_emergency_after_many_negated_ones_is_still_heard():
    negated = "no chest pain, " * 130  # 1,950 characters: all inside what analyse reads
    assert analyse(negated + "chest pain").act == "emergency"
    assert analyse(negated + "thanks").act != "emergency"
    joined = " ".join(("no chest pain " * (MB // 14)).split())
    with hang_guard():
        assert not acts.said(joined, acts.EMERGENCY_RE)
        assert acts.said(joined + " chest pain", acts.EMERGENCY_RE)


def test_the_consent_gate_still_judges_the_whole_turn():
    yeses = repeated("yes yes yes yes yes yes yes yes\n", 2 * MB)
    with hang_guard():
        assert is_consent(yeses, "book")
        assert not is_consent(yeses + " but on Tuesday", "book")
        assert not is_consent(yeses + " no", "book")


# -- the linear readers give what the quadratic readers before them gave ------------------------------------------
def _digit_runs_before(text: str) -> list[tuple[int, int, str]]:
    """``privacy._digit_runs`` as it was: a ``str`` grown a digit at a time (quadratic)."""
    runs: list[tuple[int, int, str]] = []
    start = end = -1
    digits, repeat = "", 1
    position = 0
    while position < len(text):
        gap = privacy._PHONE_GAP.match(text, position)
        at = gap.end() if gap else position
        word = privacy._PHONE_WORD.match(text, at)
        if word is None:
            position = at + 1
            if digits.strip("+"):
                runs.append((start, end, digits))
            start, digits, repeat = -1, "", 1
            continue
        token = word.group().lower()
        digit = token if token.isdigit() else privacy._SPOKEN_DIGIT.get(token)
        if token == "+" and not digits:
            start, digits = at, "+"
        elif digit is not None:
            if start < 0:
                start = at
            digits, repeat, end = digits + digit * repeat, 1, word.end()
        elif token in privacy._REPEATS:
            start, repeat = (at if start < 0 else start), privacy._REPEATS[token]
        else:
            if digits.strip("+"):
                runs.append((start, end, digits))
            start, digits, repeat = -1, "", 1
        position = word.end()
    if digits.strip("+"):
        runs.append((start, end, digits))
    return runs


_O_CLOCK_BEFORE = re.compile(r"\bo\s*[\"`´]?\s*clock\b", re.IGNORECASE)
_DTMF_BEFORE = re.compile(r"^\s*\[dtmf\]\s*([0-9*#]*)\s*$|<entered_dtmf_digits>\s*([^<]*?)\s*</entered_dtmf_digits>",
                          re.IGNORECASE)
_DTMF_MARKUP = re.compile(r"\[dtmf\]|</?entered_dtmf_digits>", re.IGNORECASE)


def _dtmf_before(text: str) -> str | None:
    """The keys ``analyse`` heard before the linear readers: its keypad pattern on the masked first 2,000 characters."""
    masked = mask_sensitive(text[:2000])
    found = _DTMF_BEFORE.search(masked)
    if found is None:
        return "?" if _DTMF_MARKUP.search(masked) else None
    keys = (found.group(1) if found.group(1) is not None else found.group(2)) or ""
    return keys if re.fullmatch(r"[0-9*#]*", keys, re.ASCII) else "?"


def _said_before(joined: str, phrases: re.Pattern[str]) -> bool:
    """``acts.said`` as it was: the text before each phrase split again (quadratic)."""
    for match in phrases.finditer(joined):
        before = joined[:match.start()].split()[-2:]
        if not any(w in lexicon.NEGATORS or w.endswith("n't") for w in before):
            return True
    return False


def _pieces(*pieces: str) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), max_size=40).map("".join)


_SPACES = (" ", "  ", "\t", "\n", "\u00a0", "\u3000", "\x1c")


@settings(max_examples=400, deadline=None)
@given(_pieces(*_SPACES, "5", "12", "0123", "+", ",", ".", "(", ")", "/", "-", "\u2013", "five", "oh", "o", "Nine",
               "double", "triple", "DOUBLE", "x", "hello", "!", "[dtmf]", "#", "é", "ten", "<", "ſ"))
def test_digit_runs_are_what_they_were(text):
    assert privacy._digit_runs(text) == _digit_runs_before(text)


@settings(max_examples=400, deadline=None)
@given(_pieces(*_SPACES, "o", "O", "'", '"', "`", "´", "clock", "CLOCK", "clocks", "x", "ten", "o'", "go", "10"))
def test_o_clock_is_found_where_it_was(text):
    assert [m.span() for m in nlu._O_CLOCK.finditer(text)] == [m.span() for m in _O_CLOCK_BEFORE.finditer(text)]


@settings(max_examples=400, deadline=None)
@given(_pieces(*_SPACES, "[dtmf]", "[DTMF]", "<entered_dtmf_digits>", "</entered_dtmf_digits>", "<", "1", "42", "*",
               "#", "\uff11", "x", "yes", "1 2 3 4 5 6"))
def test_keypad_presses_are_what_they_were(text):
    assert analyse(text).dtmf == _dtmf_before(text)


@settings(max_examples=400, deadline=None)
@given(_pieces(*_SPACES, "no", "not", "never", "don't", "n't", "cannot", "chest pain", "ambulance", "stroke", "x",
               "-", "'", "can't breathe", "nope"))
def test_negated_phrases_are_what_they_were(text):
    for phrases in (acts.EMERGENCY_RE, acts.CRISIS_RE):
        assert acts.said(text, phrases) == _said_before(text, phrases)


def test_the_whitespace_of_the_patterns_is_the_whitespace_of_str():
    # The linear readers strip and split with str methods where the patterns matched \s: the same characters.
    spaces = [chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()]
    assert spaces == [chr(c) for c in range(sys.maxunicode + 1) if re.fullmatch(r"\s", chr(c))]
    assert acts._WORD_RUN.findall("a" + "".join(spaces) + "b") == ["a", "b"]
