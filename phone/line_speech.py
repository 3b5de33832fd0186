"""Which recogniser and voice the phone line uses, by the clinic's language (``clinic.language``).

The pipeline is one for every language (the VAD, the turn taking, the keypad and the agent's turns know no
language); only its speech to text and text to speech are the language's: English hears with Whisper base in
English and speaks with flite (``phone.speech``), Korean hears with the same Whisper base in Korean and speaks with
espeak-ng's Korean voice (``phone.korean_speech``). A language is one row here, beside ``dialog.language``'s.
"""

from __future__ import annotations

import importlib
from typing import Any

SPEECH: dict[str, tuple[str, str]] = {
    "en": ("phone.speech:LocalWhisperSTTService", "phone.speech:FliteTTSService"),
    "ko": ("phone.korean_speech:KoreanWhisperSTTService", "phone.korean_speech:KoreanVoiceTTSService"),
}
"""The line's (recogniser, voice) per language, as ``module:class`` (imported only when a call needs one)."""


def line_language(agent: Any) -> str:
    """The language of the call's clinic (its profile's ``language``); English for an agent without one."""
    profile = getattr(getattr(agent, "context", None), "profile", None)
    return str(getattr(profile, "language", "en") or "en")


def _made(where: str, **kwargs: Any) -> Any:
    module, name = where.split(":")
    return getattr(importlib.import_module(module), name)(**kwargs)


def _row(language: str) -> tuple[str, str]:
    if language not in SPEECH:
        raise ValueError(f"the phone line has no speech for clinic.language = {language!r}: "
                         f"set it to one of {', '.join(repr(code) for code in SPEECH)}")
    return SPEECH[language]


def recogniser_for(language: str, **kwargs: Any) -> Any:
    """The line's speech to text in ``language`` (a Pipecat STT service)."""
    return _made(_row(language)[0], **kwargs)


def voice_for(language: str, **kwargs: Any) -> Any:
    """The line's text to speech in ``language`` (a Pipecat TTS service)."""
    return _made(_row(language)[1], **kwargs)
