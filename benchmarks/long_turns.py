"""How the readers of caller text scale with the length of one turn: each must stay linear, however long.

    .venv/bin/python benchmarks/long_turns.py                      # 10 KB, 100 KB, 1 MB, 2 MB (a few minutes)
    .venv/bin/python benchmarks/long_turns.py --sizes 10000,100000 --readers mask_sensitive --inputs digits

A caller (or anyone who can post a turn) decides how long a turn is, and every turn is read on the call's
turn thread, so one reader that is quadratic in the length of a turn lets a single 2 MB turn hold that thread
for minutes (issue 28: a 2 MB run of digits at the phone question took ~25 s there, 98 s on this project's
shared machine). This times every reader that sees a whole turn on adversarial turns of growing size:

* ``replace_lone_surrogates`` and ``mask_sensitive`` (``voicekit.privacy``), run on every turn at the edge;
* ``take_phone_number`` and its ``_digit_runs``, run when the agent asked for a number to call back;
* ``analyse`` (``voicekit.nlu``), which reads values from the first 2,000 characters only (its documented
  cap), and ``analyse (no cap)``: the same parser with the cap lifted (a ``str`` whose ``[:n]`` is itself),
  to show what the cap protects and that nothing behind it is super-linear either;
* ``bare_name_of`` (``voicekit.nlu``), which reads the whole utterance at the name question;
* ``is_consent`` (``dialog.consent``) and ``name_after_lead_in`` (``dialog.names_heard``): outside ``voicekit``,
  timed so that the table covers every reader of a whole turn; the consent gate judges the whole turn by
  contract (SPEC 5.1), never a prefix.

The inputs are what a hostile or broken client might send: a run of digits, digits with spaces, spoken
digits, "double five" repeated, repeated words, one huge word, many "[phone ending 0123]" tokens, nested
punctuation, keypad markup ("[DTMF] 1") repeated, "yes yes yes" lines, random printable text, and four
found by reading the patterns: "o" before a long run of spaces (the "o ' clock" spelling), a keypad tag
("<entered_dtmf_digits>") or "[DTMF]" before one, and "no chest pain" repeated (a negated emergency phrase
every few words). Each is one unit repeated up to the size.

The table gives seconds per call (the best of up to three; one when a call takes over a second) and the
time ratio of the last two sizes measured. A linear reader's ratio is about the ratio of the sizes (2 from
1 MB to 2 MB); one well above it (over the size ratio to the power 1.5: 2.83 from 1 MB to 2 MB) is flagged
SUPER-LINEAR, unless the larger call took under 20 ms (timer noise). Before a flag stands, the last two
sizes are timed again when they take under 10 s, so that one busy moment of a shared machine is no flag.
A size whose call would take longer than ``--budget`` seconds, by the growth seen so far, is skipped ("-"):
the ratio is then that of the last two sizes measured, and a quadratic reader does not take hours to show;
one whose second size is skipped already is flagged OVER BUDGET. The exit status is 1 when any is flagged.

Figures, not assertions: machines here are shared. ``tests/unit_tests/test_bounded_work.py`` holds what
must not regress (a 2 MB turn read in seconds, time that grows by less than 8 for 4 times the text, and
the same results on long turns as on short ones).
"""

from __future__ import annotations

import argparse
import math
import random
import string
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import SupportsIndex

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dialog.consent import is_consent  # noqa: E402
from dialog.names_heard import name_after_lead_in  # noqa: E402
from voicekit import nlu, privacy  # noqa: E402

SIZES = (10_000, 100_000, 1_000_000, 2_000_000)
NOISE_FLOOR = 0.02
"""Seconds below which a call's time is mostly the timer's and the machine's noise: never flagged."""
SUPER_LINEAR_EXPONENT = 1.5
"""Flag a reader whose time grows faster than size ** this between the last two sizes (linear: 1, quadratic: 2)."""
CONFIRM_UNDER = 10.0
"""Seconds under which a flagged reader's last two sizes are timed again (the best kept) before it stays flagged."""


class _Uncapped(str):
    """A turn whose prefix is the whole of it: ``analyse`` reads all of it, as if it had no 2,000-character cap."""

    def __getitem__(self, key: SupportsIndex | slice) -> str:
        if isinstance(key, slice) and key.start is None and key.step is None:
            return self
        return str.__getitem__(self, key)


def _analyse_uncapped(text: str) -> object:
    return nlu.analyse(_Uncapped(text))


READERS: dict[str, Callable[[str], object]] = {
    "replace_lone_surrogates": privacy.replace_lone_surrogates,
    "mask_sensitive": privacy.mask_sensitive,
    "take_phone_number": privacy.take_phone_number,
    "_digit_runs": privacy._digit_runs,
    "analyse": nlu.analyse,
    "analyse (no cap)": _analyse_uncapped,
    "bare_name_of": nlu.bare_name_of,
    "is_consent": is_consent,
    "name_after_lead_in": lambda text: name_after_lead_in(text, nlu.Understanding()),
}
"""Every reader of a whole caller turn, by the name the table shows."""


def _repeated(unit: str) -> Callable[[int], str]:
    return lambda size: (unit * (size // len(unit) + 1))[:size]


def _random_printable(size: int) -> str:
    chooser = random.Random(28)  # the same text on every run, so that runs compare
    return "".join(chooser.choices(string.printable, k=size))


INPUTS: dict[str, Callable[[int], str]] = {
    "digits": _repeated("5"),
    "spaced digits": _repeated("5 "),
    "spoken digits": _repeated("five "),
    "double five": _repeated("double five "),
    "repeated words": _repeated("I would like an appointment "),
    "one huge word": _repeated("abcdefghijklmnopqrstuvwxyz"),
    "phone tokens": _repeated("[phone ending 0123] "),
    "nested punctuation": _repeated("((([[[{{{<<<.,;:!?-/'\"\\>>>}}}]]])))"),
    "dtmf markup": _repeated("[DTMF] 1 "),
    "yes lines": _repeated("yes yes yes yes yes yes yes yes\n"),
    "random printable": _random_printable,
    "o then spaces": lambda size: "o" + " " * (size - 1),
    "keypad tag + spaces": lambda size: "<entered_dtmf_digits>" + " " * (size - 21),
    "[DTMF] + spaces": lambda size: "[DTMF]" + " " * (size - 7) + "x",
    "no chest pain": _repeated("no chest pain, "),
}
"""Adversarial turns, each made of one unit repeated up to the size asked for."""


def seconds(reader: Callable[[str], object], text: str) -> float:
    """The best of up to three calls of ``reader(text)``; one call once it takes over a second."""
    best = math.inf
    for _ in range(3):
        started = time.perf_counter()
        reader(text)
        best = min(best, time.perf_counter() - started)
        if best > 1.0:
            break
    return best


def predicted(sizes: list[int], times: list[float], size: int) -> float:
    """Seconds a call at ``size`` should take, growing as it did between the last two sizes (at least linearly)."""
    measured = len(times)
    exponent = 1.0
    if measured >= 2 and times[-2] > 0 and times[-1] > 0:
        exponent = max(exponent, math.log(times[-1] / times[-2]) / math.log(sizes[measured - 1] / sizes[measured - 2]))
    return times[-1] * (size / sizes[measured - 1]) ** exponent


def growth(sizes: list[int], times: list[float]) -> tuple[float | None, bool]:
    """The time ratio of the last two sizes measured, and whether it is super-linear (not noise)."""
    if len(times) < 2 or times[-2] <= 0:
        return None, False
    ratio, size_ratio = times[-1] / times[-2], sizes[len(times) - 1] / sizes[len(times) - 2]
    return ratio, times[-1] >= NOISE_FLOOR and ratio > size_ratio ** SUPER_LINEAR_EXPONENT


def _size_label(size: int) -> str:
    if size >= 1_000_000 and size % 1_000_000 == 0:
        return f"{size // 1_000_000} MB"
    return f"{size // 1000} KB" if size % 1000 == 0 else f"{size} B"


def _choose(names: str | None, known: dict[str, Callable], what: str) -> list[str]:
    if not names:
        return list(known)
    chosen = [n.strip() for n in names.split(",")]
    unknown = [n for n in chosen if n not in known]
    if unknown:
        raise SystemExit(f"unknown {what}: {', '.join(unknown)} (known: {', '.join(known)})")
    return chosen


def main() -> int:
    """Print the table; the exit status is 1 when a reader was flagged (super-linear or over budget)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="characters per turn, comma-separated")
    parser.add_argument("--readers", help="comma-separated names from the table (default: all)")
    parser.add_argument("--inputs", help="comma-separated names from the table (default: all)")
    parser.add_argument("--budget", type=float, default=150.0,
                        help="seconds a call may take, by the growth seen so far, before its size is skipped")
    args = parser.parse_args()
    sizes = sorted(int(s) for s in args.sizes.split(","))
    readers, inputs = _choose(args.readers, READERS, "readers"), _choose(args.inputs, INPUTS, "inputs")

    header = f"{'reader':<24} {'input':<19}" + "".join(f"{_size_label(s):>10}" for s in sizes) + "   last ratio"
    print(header, flush=True)
    print("-" * len(header), flush=True)
    flagged = []
    for reader_name in readers:
        for input_name in inputs:
            times: list[float] = []
            for size in sizes:
                if times and predicted(sizes, times, size) > args.budget:
                    break
                times.append(seconds(READERS[reader_name], INPUTS[input_name](size)))
            ratio, super_linear = growth(sizes, times)
            if super_linear and times[-1] < CONFIRM_UNDER:  # a busy moment on a shared machine, or the reader?
                reader, last = READERS[reader_name], len(times) - 1
                for at in (last - 1, last):
                    times[at] = min(times[at], seconds(reader, INPUTS[input_name](sizes[at])))
                ratio, super_linear = growth(sizes, times)
            cells = "".join(f"{t:10.4f}" for t in times) + "".join(f"{'-':>10}" for _ in sizes[len(times):])
            # One size only: the next would have taken longer than the budget, already too slow to tell a ratio.
            over_budget = len(times) == 1 < len(sizes)
            verdict = f"{ratio:8.1f}" if ratio is not None else ""
            verdict += "  SUPER-LINEAR" if super_linear else ("  OVER BUDGET" if over_budget else "")
            print(f"{reader_name:<24} {input_name:<19}{cells}   {verdict}", flush=True)
            if super_linear or over_budget:
                flagged.append(f"{reader_name} on {input_name}")
    print()
    print("super-linear or over budget: " + ("; ".join(flagged) if flagged else "none"))
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
