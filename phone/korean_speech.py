"""The phone line's speech in Korean: Whisper base hearing Korean, and espeak-ng's Korean voice speaking it.

* Whisper base is multilingual: the line's own model (``phone.speech``) hears Korean with ``language="ko"``, and
  no prompt: a Korean prompt (``KOREAN_PROMPT``) leaked into what it heard ("예" came back "예 예약 전화입니다",
  "아니요" as "안녕하세요"), and a prompt can never be let near the consent gate's words. Measured
  (``benchmarks/korean_speech.py``, docs/phone.md): the only other Korean recogniser whose weights come in a package
  is Vosk's small Korean model, slower and no better; Whisper small's package is cut off.
* espeak-ng (Debian's package, GPL-3.0: run as a separate program, never imported) has the only Korean voice
  that runs offline with its data in a package; no neural Korean voice has its weights in one. It reads digits in
  Sino-Korean ("10시" as "십 시"), so the line's words reach it with their numbers as Koreans say them
  (``phone.korean_numbers``: "열 시"), and it speaks slower than its default, where Whisper heard it better.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import wave
from typing import Any, ClassVar

from pipecat.transcriptions.language import Language

from phone.korean_numbers import said_in_korean
from phone.speech import FliteTTSService, LocalWhisperSTTService, transcribe

KOREAN_PROMPT = "병원 예약 전화입니다. 날짜와 시간, 이름을 말씀하세요."
"""A prompt measured for the Korean line and not used: its words came back in what Whisper heard."""
ESPEAK_VOICE = "ko"
ESPEAK_RATE = 0.8
"""The line's Korean speaking rate against espeak-ng's default 175 words a minute."""
ESPEAK_WPM = 175


def espeak_korean(text: str, voice: str = ESPEAK_VOICE, rate: float = ESPEAK_RATE) -> tuple[bytes, int]:
    """(16-bit mono PCM, sample rate) of ``text`` spoken by espeak-ng's Korean voice, its numbers said in Korean."""
    if shutil.which("espeak-ng") is None:
        raise FileNotFoundError("espeak-ng is missing: make callers installs it (the Korean line's voice)")
    done = subprocess.run(["espeak-ng", "-v", voice, "-s", str(round(ESPEAK_WPM * rate)), "--stdout",
                           said_in_korean(text)], capture_output=True, check=True, timeout=30)
    with wave.open(io.BytesIO(done.stdout)) as read:
        return read.readframes(read.getnframes()), read.getframerate()


class KoreanVoiceTTSService(FliteTTSService):
    """Pipecat text to speech in Korean with espeak-ng, run as a separate program."""

    PROGRAM = "espeak-ng"

    def __init__(self, voice: str = ESPEAK_VOICE, rate: float = ESPEAK_RATE, **kwargs: Any):
        super().__init__(voice=voice, language=Language.KO, **kwargs)
        self._rate = rate

    def speak(self, text: str) -> tuple[bytes, int]:
        """(16-bit mono PCM, sample rate) of ``text`` in espeak-ng's Korean, its numbers said in Korean."""
        return espeak_korean(text, self._voice, self._rate)


class KoreanWhisperSTTService(LocalWhisperSTTService):
    """The line's Whisper base, hearing Korean (``language="ko"``; the same model, window and limits as English).

    Only the turn's transcription is its own: English's settings by step (a spelling's letters) are English's,
    and a Korean name is said again syllable by syllable, which Whisper hears as any Korean turn.
    """

    OPTIONS: ClassVar[dict[str, Any]] = {"language": "ko"}
    LANGUAGE = Language.KO

    def transcribed(self, samples: Any) -> list[Any]:
        """Whisper's segments for one turn, told the call is Korean (no step has settings of its own here)."""
        return transcribe(self._model, samples, **self.OPTIONS)
