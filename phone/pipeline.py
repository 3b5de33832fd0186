"""The phone line as one Pipecat pipeline.

transport -> VAD -> idle prompts -> barge-in -> speech to text -> keypad -> agent -> text to speech -> transport
"""

from __future__ import annotations

from typing import Any

from pipecat.audio.vad.silero import SileroVADAnalyzer
from pipecat.pipeline.pipeline import Pipeline
from pipecat.processors.audio.vad_processor import VADProcessor

from phone.processor import AgentTurns, BargeIn, IdlePrompts, keypad
from phone.speech import FliteTTSService, LocalWhisperSTTService
from phone.turn_taking import CALLER_PAUSE, SHORT_ANSWER_PAUSE, vad_params

__all__ = ["CALLER_IDLE", "CALLER_PAUSE", "LINE_RATE", "SHORT_ANSWER_PAUSE", "listening_stages", "phone_pipeline",
           "phone_stages"]

LINE_RATE = 8000
"""The pipeline listens at the line's own rate: Silero scored Twilio's 8 kHz audio low once upsampled to 16 kHz
(short replies never started a turn), and the serializer's resampler released the audio in 95 ms bursts."""
CALLER_IDLE = 6.0
"""Seconds of the caller's silence, after the line stops speaking, before the agent gets a silent turn."""


def listening_stages(stt: Any = None) -> list[Any]:
    """The VAD and the speech to text, as the line hears a caller (at ``LINE_RATE`` or any other input rate)."""
    vad = SileroVADAnalyzer(params=vad_params())
    return [VADProcessor(vad_analyzer=vad), stt or LocalWhisperSTTService()]


def phone_stages(agent: Any, stt: Any = None, tts: Any = None) -> list[Any]:
    """The stages between a transport's input and output; speech services default to the offline ones."""
    vad, recognise = listening_stages(stt)
    return [
        vad,
        IdlePrompts(CALLER_IDLE),
        BargeIn(),
        recognise,
        keypad(),
        AgentTurns(agent, greet=True),
        tts or FliteTTSService(),
    ]


def phone_pipeline(agent: Any, transport: Any, stt: Any = None, tts: Any = None) -> Pipeline:
    """One call's pipeline around ``agent`` (a ``VoiceAgent``)."""
    return Pipeline([transport.input(), *phone_stages(agent, stt, tts), transport.output()])
