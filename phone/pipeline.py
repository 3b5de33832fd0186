"""The phone line as one Pipecat pipeline.

transport -> VAD -> caller turns (barge-in, smart-turn) -> idle prompts -> speech to text -> keypad -> agent
          -> text to speech -> transport
"""

from __future__ import annotations

from typing import Any

from pipecat.audio.vad.silero import SileroVADAnalyzer
from pipecat.pipeline.pipeline import Pipeline
from pipecat.processors.audio.vad_processor import VADProcessor

from phone.line_speech import line_language, recogniser_for, voice_for
from phone.listening import CallerTurnModel, IdlePrompts, caller_turns
from phone.processor import AgentTurns, keypad
from phone.turn_taking import vad_params

__all__ = ["CALLER_IDLE", "LINE_RATE", "listening_stages", "phone_pipeline", "phone_stages"]

LINE_RATE = 8000
"""The pipeline listens at the line's own rate: Silero scored Twilio's 8 kHz audio low once upsampled to 16 kHz
(short replies never started a turn), and the serializer's resampler released the audio in 95 ms bursts."""
CALLER_IDLE = 6.0
"""Seconds of the caller's silence, after the line stops speaking, before the agent gets a silent turn."""


def listening_stages(stt: Any = None, step: str | None = None, language: str = "en") -> list[Any]:
    """The VAD and the speech to text, as the line hears a caller while the agent waits at ``step``."""
    vad = SileroVADAnalyzer(params=vad_params(step))
    return [VADProcessor(vad_analyzer=vad), stt or recogniser_for(language)]


def phone_stages(agent: Any, stt: Any = None, tts: Any = None, opening: Any = None) -> list[Any]:
    """The stages between a transport's input and output; speech services default to the offline ones.

    ``opening``: the agent's first turn when the line reconnects a call (after an unanswered transfer).
    The recogniser and the voice are the clinic's language's (``phone.line_speech``).
    """
    language = line_language(agent)
    vad, recognise = listening_stages(stt, language=language)
    keys = keypad()
    return [
        vad,
        caller_turns(CallerTurnModel()),
        IdlePrompts(CALLER_IDLE),
        recognise,
        keys,
        AgentTurns(agent, greet=True, opening=opening, keys=keys),
        tts or voice_for(language),
    ]


def phone_pipeline(agent: Any, transport: Any, stt: Any = None, tts: Any = None, opening: Any = None) -> Pipeline:
    """One call's pipeline around ``agent`` (a ``VoiceAgent``)."""
    return Pipeline([transport.input(), *phone_stages(agent, stt, tts, opening), transport.output()])
