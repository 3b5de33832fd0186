"""Names spelled over the line: letters heard right, and names right once the line asked to spell (SPEC 7.1).

    make bench-names        # names.py, then this; or: .venv/bin/python benchmarks/spelled_names.py [--voices ...]

Each caller (``benchmarks.voices``: voices that are not the line's own kal16) says a name turn ("My name is
Jamie Fraser.") and, when asked, spells the last name letter by letter ("F, R, A., S, E, R."), on the phone band
with the line's hiss (``benchmarks.names.turn_audio``). Whisper base hears each spelling twice, the recognisers
one after the other (interleaved): as any other turn (the line before the spelling step) and as the line hears
it at the spelling step (``phone.letters``: its prompt, the segments it made up dropped). Printed:

* letters right per voice and recogniser: the turn read by ``voicekit.nlu.spelling.spelled`` is the last name;
* names right after spelling: each call played through the real dialog (``VoiceAgent``: typed turns for the
  request and the yes and no, which are not what is measured, and the recogniser's words and probabilities for
  the name and the spellings), per voice and for each word-probability threshold of the spelling flow
  (``dialog.names_spelled.UNSURE_BELOW``): the booking is under the caller's name, how many calls were asked
  to spell, and the names heard right that were asked all the same. The caller says "No, that's not my name."
  to a wrong name read back, "no" to wrong letters read back and spells again (a second take of the same
  voice, other line noise), "yes" to right ones. Figures, not assertions.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import dialog.names_spelled  # noqa: E402
from benchmarks.names import NAMES, letters, name_right, percent, squeezed, turn_audio  # noqa: E402
from benchmarks.voices import speak_all, voice_named  # noqa: E402
from graph.voice_agent import VoiceAgent  # noqa: E402
from phone.letters import decoding, kept_segments  # noqa: E402
from phone.speech import WHISPER_RATE, Heard, transcribe, whisper_model, words_heard  # noqa: E402
from phone.turn_taking import SPELLING  # noqa: E402
from voicekit.clinic import ClinicAPI  # noqa: E402
from voicekit.nlu.spelling import spelled  # noqa: E402

VOICES = ("espeak us", "espeak f3 fast", "espeak rp slow", "flite awb slow")
"""Three espeak-ng voices (formant, at three rates and two accents) and flite's awb slowed; Piper's joe too where
the ``bench`` extra is installed (``--voices "piper joe" ...``)."""
RECOGNISERS = {"as any turn": None, "the spelling step": SPELLING}
"""The step each recogniser hears a spelling at (``phone.letters.decoding``)."""
THRESHOLDS = (0.0, 0.3, 0.35, 0.4, 0.5, 0.6, 0.8, 1.01)
TAKES = 2
"""Spellings each caller has ready (a second take, other noise); a third is the first again."""
TURNS_AT_MOST = 12


@dataclass
class Call:
    """One caller: the name turn heard, and each take of the spelling heard at the spelling step."""

    voice: str
    first: str
    last: str
    name_turn: Heard
    spellings: list[Heard]


def hear(audio: Any, step: str | None) -> tuple[Heard, float]:
    """What the line's Whisper hears in one turn at ``step``, with the CPU seconds it took."""
    began = time.process_time()
    heard = words_heard(transcribe(whisper_model(), audio, **decoding(step),
                                   keep=lambda segments: kept_segments(step, segments, len(audio) / WHISPER_RATE)))
    return heard, time.process_time() - began


def spelling_of(heard: Heard, last: str) -> bool:
    """Whether the turn reads as the last name spelled."""
    spelling = spelled(heard.text)
    return spelling is not None and squeezed(spelling.name) == squeezed(last)


def play(call: Call) -> tuple[str | None, bool]:
    """The call through the dialog: (the name booked, whether it was asked to spell)."""
    api = ClinicAPI()
    agent = VoiceAgent(api, sleep=lambda s: None)
    reply = agent.handle("I'd like to book an appointment on Tuesday at 10 am")
    reply = agent.handle(call.name_turn.text, words=call.name_turn.words)
    takes, asked = 0, False
    for _ in range(TURNS_AT_MOST):
        if reply["state"] in ("DONE", "HANDOFF"):
            break
        say = reply["say"]
        if agent.node == "confirm":
            right = name_right(say, call.first, call.last)
            reply = agent.handle("yes" if right else "No, that's not my name.")
        elif agent.node == "spell_name" and re.search(r"is that right\?", say):
            letters_said = re.sub(r"[^A-Za-z]", "", say.split(":")[0])
            reply = agent.handle("yes" if squeezed(letters_said) == squeezed(call.last) else "no")
        elif agent.node == "spell_name":
            asked = True
            heard = call.spellings[takes % len(call.spellings)]
            takes += 1
            reply = agent.handle(heard.text, words=heard.words)
        elif agent.node == "ask_phone":
            reply = agent.handle("six one seven, five five five, zero one two three")
        elif agent.node == "ask_name":
            reply = agent.handle(call.name_turn.text, words=call.name_turn.words)
        else:
            reply = agent.handle("yes")
    booked = [b["name"] for b in api.bookings]
    return (booked[0] if booked else None), asked


def main(argv: list[str] | None = None) -> int:
    """Hear the turns, play the calls at each threshold, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--voices", nargs="*", default=list(VOICES))
    parser.add_argument("--names", type=int, default=len(NAMES), help="the first N names only")
    parser.add_argument("--misheard", action="store_true", help="print each spelling heard wrong")
    args = parser.parse_args(argv)
    names = NAMES[:args.names]
    for voice in args.voices:
        speak_all(voice_named(voice), [f"My name is {f} {last}." for f, last in names]
                  + [letters(last) + "." for _, last in names])
    whisper_model()
    right: dict[tuple[str, str], list[bool]] = {}
    cpu: dict[str, list[float]] = {r: [] for r in RECOGNISERS}
    calls, misheard = [], []
    for number, (voice, (first, last)) in enumerate((v, n) for v in args.voices for n in names):
        name_turn, _ = hear(turn_audio(voice, f"My name is {first} {last}.", seed=number), None)
        takes = []
        for take in range(TAKES):
            audio = turn_audio(voice, letters(last) + ".", seed=10_000 * (take + 1) + number)
            for recogniser, step in RECOGNISERS.items():
                heard, seconds = hear(audio, step)
                cpu[recogniser].append(seconds)
                if take == 0:
                    right.setdefault((voice, recogniser), []).append(spelling_of(heard, last))
                    if not spelling_of(heard, last):
                        misheard.append(f"{voice} / {recogniser}: {letters(last)!r} -> {heard.text!r}")
                if step == SPELLING:
                    takes.append(heard)
        calls.append(Call(voice, first, last, name_turn, takes))
        print(f"{number + 1} callers heard", file=sys.stderr, flush=True)
    print_letters(args.voices, right, cpu, len(names))
    print_calls(args.voices, calls)
    if args.misheard:
        print("\n".join(["", "spellings heard wrong:", *misheard]))
    return 0


def print_letters(voices: list[str], right: dict[tuple[str, str], list[bool]], cpu: dict[str, list[float]],
                  names: int) -> None:
    """Letters right per voice and recogniser, and the CPU a spelling took."""
    print(f"{names} last names spelled letter by letter by {len(voices)} voices, 8 kHz mu-law with line hiss; "
          "% of spellings read as the last name")
    print(f"{'voice':<16}" + "".join(f" {r:>18}" for r in RECOGNISERS))
    for voice in voices:
        print(f"{voice:<16}" + "".join(f" {percent(right[(voice, r)]):>18}" for r in RECOGNISERS))
    everyone = {r: [ok for v in voices for ok in right[(v, r)]] for r in RECOGNISERS}
    print(f"{'all':<16}" + "".join(f" {percent(everyone[r]):>18}" for r in RECOGNISERS))
    print(f"{'CPU ms median':<16}" + "".join(f" {sorted(cpu[r])[len(cpu[r]) // 2] * 1000:>18.0f}" for r in RECOGNISERS))


def print_calls(voices: list[str], calls: list[Call]) -> None:
    """For each threshold: names booked right, calls asked to spell, names heard right asked all the same."""
    print("\nCalls through the dialog, by the spelling flow's threshold (UNSURE_BELOW): % of calls booked under "
          "the caller's name (first and last), under their last name, asked to spell, and of the names heard right, "
          "asked all the same")
    print(f"{'threshold':>9} {'booked right':>13} {'last name':>10} {'asked':>7} {'right, asked':>13}   "
          "by voice (booked right)")
    kept = dialog.names_spelled.UNSURE_BELOW
    try:
        for threshold in THRESHOLDS:
            dialog.names_spelled.UNSURE_BELOW = threshold
            played = [(call, *play(call)) for call in calls]
            booked = [name is not None and squeezed(name) == squeezed(c.first + c.last) for c, name, _ in played]
            last = [name is not None and squeezed(name.split()[-1]) == squeezed(c.last) for c, name, _ in played]
            asked = [a for _, _, a in played]
            heard_right = [a for c, _, a in played if name_right(c.name_turn.text, c.first, c.last)]
            by_voice = {v: [b for (c, _, _), b in zip(played, booked, strict=True) if c.voice == v] for v in voices}
            voices_right = "  ".join(f"{v} {percent(results).strip()}" for v, results in by_voice.items())
            print(f"{threshold:>9.2f} {percent(booked):>12}% {percent(last):>9}% {percent(asked):>6}% "
                  f"{percent(heard_right):>12}%   "
                  f"{voices_right}")
    finally:
        dialog.names_spelled.UNSURE_BELOW = kept


if __name__ == "__main__":
    sys.exit(main())
